import type { QueryClient } from '@tanstack/react-query';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { AccountSecurity } from '../../../features/settings/components/account-security';
import { currentUserQuery } from '../../../lib/auth';
import { authProvidersQuery } from '../../../lib/auth-providers';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';

export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async () => {
    await Promise.all([queryClient.ensureQueryData(currentUserQuery()), queryClient.ensureQueryData(authProvidersQuery())]);
    return null;
  };

export function Component() {
  const t = useT();
  const { data: user } = useSuspenseQuery(currentUserQuery());
  useHead({ title: t('account.security.title'), noindex: true });
  return user ? <AccountSecurity user={user} /> : null;
}
