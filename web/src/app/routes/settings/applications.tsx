import type { QueryClient } from '@tanstack/react-query';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { oauthQueries } from '../../../features/oauth-apps/api/oauth-queries';
import { ApplicationsSettings } from '../../../features/oauth-apps/components/applications';
import { currentUserQuery } from '../../../lib/auth';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';

export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async () => {
    const user = await queryClient.ensureQueryData(currentUserQuery());
    if (user) await queryClient.ensureQueryData(oauthQueries.userApps(user.id));
    return null;
  };

export function Component() {
  const t = useT();
  const { data: user } = useSuspenseQuery(currentUserQuery());
  useHead({ title: t('account.apps.title'), noindex: true });
  return user ? <ApplicationsSettings user={user} /> : null;
}
