import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { patQueries } from '../../../features/account/api/pat-api';
import { PatsSettings } from '../../../features/account/components/settings/pats';
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
