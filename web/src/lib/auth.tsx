import type { User } from '@cairn/shared/schemas/users';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Navigate, Outlet, redirect, useLocation, type LoaderFunction, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { apiFetch } from './api-client';

/**
 * Who is signed in. The session lives in the HttpOnly `cairn_session` cookie, which the API sets
 * on sign-in and the api client sends with every request; the SPA never sees the token and learns
 * the user from `GET /v2/session/user` (`user: null` = visitor).
 */

const loadSessionSchemas = () => import('./session-user-schema');

/** The signed-in user, null for a visitor (answered with 200, so a visit logs no failed request). */
async function getUserFromAuth(signal?: AbortSignal): Promise<User | null> {
  return (await apiFetch('/v2/session/user', { loadSchema: () => loadSessionSchemas().then((m) => m.SessionUserSchema), signal })).user;
}

export const currentUserQuery = () =>
  queryOptions({
    queryKey: ['auth', 'current-user'],
    queryFn: ({ signal }) => getUserFromAuth(signal),
    // Picks up a verification or sign-out done in another tab.
    refetchOnWindowFocus: true,
  });

/** The signed-in user (null for visitors); `user` is undefined while the first answer is pending. */
export function useCurrentUser(): { user: User | null | undefined; isPending: boolean } {
  const { data, isPending } = useQuery(currentUserQuery());
  return { user: data, isPending };
}

/**
 * After signing in or out, everything cached may differ (private projects, own data): the user
 * is fetched again and every other query is dropped or refetched.
 */
export async function refreshAfterAuthChange(queryClient: QueryClient, user?: User | null): Promise<void> {
  const others = { predicate: (query: { queryKey: readonly unknown[] }) => query.queryKey[0] !== 'auth' };
  queryClient.removeQueries({ ...others, type: 'inactive' });
  if (user === undefined) await queryClient.fetchQuery({ ...currentUserQuery(), staleTime: 0 });
  else queryClient.setQueryData(currentUserQuery().queryKey, user);
  await queryClient.invalidateQueries(others);
}

/** deleteCurrentSession: signs out this browser (the API clears the cookie). */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch('/v2/session', { method: 'DELETE', loadSchema: () => loadSessionSchemas().then((m) => m.IgnoredBodySchema) }),
    onSuccess: () => refreshAfterAuthChange(queryClient, null),
  });
}

/**
 * A `?redirect=` value that is safe to follow: a path on this site (not `//host` nor a scheme),
 * else undefined.
 */
export function safeRedirectPath(raw: string | null | undefined): string | undefined {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return undefined;
  return raw;
}

/**
 * Where a signed-in user goes when no `?redirect` says otherwise. The dashboard is its own
 * issue; until that page exists this is the home page.
 */
export const AFTER_SIGN_IN_PATH = paths.home.getHref();

/** The sign-in page, coming back to `location` afterwards. */
export function signInRedirectHref(location: { pathname: string; search: string; hash?: string }): string {
  return paths.auth.signIn.getHref(`${location.pathname}${location.search}${location.hash ?? ''}`);
}

/** Loader of the auth guard: visitors are sent to sign-in (replacing the history entry), then back. */
const createAuthGuardLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async ({ request }) => {
    const user = await queryClient.ensureQueryData(currentUserQuery());
    if (!user) {
      const url = new URL(request.url);
      throw redirect(signInRedirectHref(url));
    }
    return null;
  };

/** Keeps a guarded page only while someone is signed in (signing out elsewhere leaves it). */
function RequireAuth() {
  const { user } = useCurrentUser();
  const location = useLocation();
  if (user === null) return <Navigate to={signInRedirectHref(location)} replace />;
  return <Outlet />;
}

/**
 * A pathless route around pages that need a signed-in user (spec §2 "(auth)"): nest them as its
 * children. Guests go to `/auth/sign-in?redirect=<where they were>` and come back afterwards.
 */
export function authGuardRoute(queryClient: QueryClient, children: RouteObject[], id?: string): RouteObject {
  return { id, loader: createAuthGuardLoader(queryClient), element: <RequireAuth />, children };
}
