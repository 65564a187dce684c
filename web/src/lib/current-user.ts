import { UserSchema } from '@cairn/shared/schemas/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, HttpError } from './api-client';

/**
 * Who is signed in: `GET /v2/user` (operationId `getUserFromAuth`) with the session cookie.
 * A 401 means a visitor and resolves to null instead of failing, so pages can ask without
 * caring. Signing in or out invalidates `['users', 'me']`.
 */
export async function getCurrentUser(signal?: AbortSignal) {
  try {
    return await apiFetch('/v2/user', { schema: UserSchema, signal });
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) return null;
    throw error;
  }
}

export const currentUserQuery = () =>
  queryOptions({
    queryKey: ['users', 'me'] as const,
    queryFn: ({ signal }) => getCurrentUser(signal),
    staleTime: 5 * 60 * 1000,
  });

/** The signed-in user, null for a visitor, undefined while unknown (or when the check failed). */
export function useCurrentUser() {
  return useQuery(currentUserQuery()).data;
}
