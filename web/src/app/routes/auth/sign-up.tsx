import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunction } from 'react-router';
import { authQueries } from '../../../features/auth/api/auth-queries';
import { authProvidersQuery } from '../../../lib/auth-providers';
import { SignUpPage } from '../../../features/auth/components/sign-up';
import { AFTER_SIGN_IN_PATH, currentUserQuery, safeRedirectPath } from '../../../lib/auth';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';

export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async ({ request }) => {
    const [user] = await Promise.all([
      queryClient.ensureQueryData(currentUserQuery()),
      queryClient.ensureQueryData(authProvidersQuery()),
      queryClient.prefetchQuery(authQueries.captcha()),
    ]);
    if (user) throw redirect(safeRedirectPath(new URL(request.url).searchParams.get('redirect')) ?? AFTER_SIGN_IN_PATH);
    return null;
  };

export function Component() {
  const t = useT();
  useHead({ title: t('account.signUp.title'), description: t('account.signUp.description') });
  return <SignUpPage />;
}
