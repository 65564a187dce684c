import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { moderationQueries } from '../../../features/moderation/api/moderation-queries';
import { ModerationHome } from '../../../features/moderation/components/moderation-home';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';
import { staffMayLoad } from '../../../lib/staff-guard';

export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async () => {
    if (await staffMayLoad(queryClient)) await queryClient.ensureQueryData(moderationQueries.queueSummary());
    return null;
  };

export function Component() {
  const t = useT();
  useHead({ title: t('moderation.home.title'), noindex: true });
  return <ModerationHome />;
}
