import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunction } from 'react-router';
import { authQueries } from '../../../features/auth/api/auth-queries';
import { authProvidersQuery } from '../../../lib/auth-providers';
import { SignInPage } from '../../../features/auth/components/sign-in';
import { AFTER_SIGN_IN_PATH, currentUserQuery, safeRedirectPath } from '../../../lib/auth';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';

/** Signed in already: straight on (unless a launcher or a provider's answer is being handled). */
export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async ({ request }) => {
    const params = new URL(request.url).searchParams;
    const [user] = await Promise.all([
      queryClient.ensureQueryData(currentUserQuery()),
      queryClient.ensureQueryData(authProvidersQuery()),
      queryClient.prefetchQuery(authQueries.captcha()),
    ]);
    const handling = params.has('launcher') || params.has('code') || params.has('flow') || params.has('error');
    if (user && !handling) throw redirect(safeRedirectPath(params.get('redirect')) ?? AFTER_SIGN_IN_PATH);
    return null;
  };

export function Component() {
  const t = useT();
  useHead({ title: t('account.signIn.title'), noindex: true });
  return <SignInPage />;
}
