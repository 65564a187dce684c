import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { sessionQueries } from '../../../features/sessions/api/sessions-queries';
import { SessionsSettings } from '../../../features/sessions/components/sessions';
import { currentUserQuery } from '../../../lib/auth';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';

export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async () => {
    if (!(await queryClient.ensureQueryData(currentUserQuery()))) return null;
    await queryClient.ensureQueryData(sessionQueries.list());
    return null;
  };

export function Component() {
  const t = useT();
  useHead({ title: t('account.sessions.title'), noindex: true });
  return <SessionsSettings />;
}
