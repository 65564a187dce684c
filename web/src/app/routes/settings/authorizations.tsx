import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { oauthQueries } from '../../../features/oauth-apps/api/oauth-queries';
import { appOwnerQueries } from '../../../features/oauth-apps/api/app-owner-queries';
import { AuthorizationsSettings } from '../../../features/oauth-apps/components/authorizations';
import { currentUserQuery } from '../../../lib/auth';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';

export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async () => {
    if (!(await queryClient.ensureQueryData(currentUserQuery()))) return null;
    const grants = await queryClient.ensureQueryData(oauthQueries.authorizations());
    const apps = await queryClient.ensureQueryData(oauthQueries.apps(grants.map((grant) => grant.app_id)));
    await queryClient.ensureQueryData(appOwnerQueries.users([...new Set(apps.map((app) => app.created_by))]));
    return null;
  };

export function Component() {
  const t = useT();
  useHead({ title: t('account.authorizations.title'), noindex: true });
  return <AuthorizationsSettings />;
}
