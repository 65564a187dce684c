import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { oauthQueries } from '../../../features/oauth-apps/api/oauth-queries';
import { authorizeQueryFrom, AuthorizePage } from '../../../features/oauth-apps/components/authorize';
import { currentUserQuery } from '../../../lib/auth';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';

/** Sign-in is required (the auth guard around this route); a refused request shows on the page. */
export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async ({ request }) => {
    // The guard sends visitors away; no need to ask the API for them.
    if (!(await queryClient.ensureQueryData(currentUserQuery()))) return null;
    const query = authorizeQueryFrom(new URL(request.url).searchParams);
    if (query.client_id !== undefined) await queryClient.prefetchQuery(oauthQueries.authorize(query));
    return null;
  };

export function Component() {
  const t = useT();
  useHead({ title: t('account.authorize.pageTitle'), noindex: true });
  return <AuthorizePage />;
}
