import { UserSchema } from '@cairn/shared/schemas/users';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';

// The users who created OAuth apps, shown on the consent page and beside authorized apps.

export const getUser = (idOrUsername: string, signal?: AbortSignal) =>
  apiFetch(`/v2/user/${encodeURIComponent(idOrUsername)}`, { schema: UserSchema, signal });
export const getUsers = (ids: readonly string[], signal?: AbortSignal) =>
  apiFetch('/v2/users', { query: { ids: JSON.stringify(ids) }, schema: z.array(UserSchema), signal });

export const appOwnerQueries = {
  all: () => ['users'] as const,
  user: (idOrUsername: string) => queryOptions({ queryKey: [...appOwnerQueries.all(), 'user', idOrUsername] as const, queryFn: ({ signal }) => getUser(idOrUsername, signal) }),
  users: (ids: readonly string[]) =>
    queryOptions({
      queryKey: [...appOwnerQueries.all(), 'list', [...ids].sort()] as const,
      queryFn: ({ signal }) => (ids.length ? getUsers(ids, signal) : Promise.resolve([])),
    }),
};
