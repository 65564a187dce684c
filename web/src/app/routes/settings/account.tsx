import type { QueryClient } from '@tanstack/react-query';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { authQueries } from '../../../features/account/api/auth-api';
import { AccountSecurity } from '../../../features/account/components/settings/account-security';
import { currentUserQuery } from '../../../lib/auth';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';

export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async () => {
    await Promise.all([queryClient.ensureQueryData(currentUserQuery()), queryClient.ensureQueryData(authQueries.providers())]);
    return null;
  };

export function Component() {
  const t = useT();
  const { data: user } = useSuspenseQuery(currentUserQuery());
  useHead({ title: t('account.security.title'), noindex: true });
  return user ? <AccountSecurity user={user} /> : null;
}
