import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { patQueries } from '../../../features/tokens/api/tokens-queries';
import { PatsSettings } from '../../../features/tokens/components/personal-access-tokens';
import { currentUserQuery } from '../../../lib/auth';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';

export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async () => {
    if (!(await queryClient.ensureQueryData(currentUserQuery()))) return null;
    await queryClient.ensureQueryData(patQueries.list());
    return null;
  };

export function Component() {
  const t = useT();
  useHead({ title: t('account.pats.title'), noindex: true });
  return <PatsSettings />;
}
