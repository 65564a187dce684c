import { UserSchema, type ModifyUserBody } from '@cairn/shared/schemas/users';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { NoContentSchema } from './no-content';

// /v2/user*: profiles, the signed-in user's own account.

export const getUser = (idOrUsername: string, signal?: AbortSignal) =>
  apiFetch(`/v2/user/${encodeURIComponent(idOrUsername)}`, { schema: UserSchema, signal });
export const getUsers = (ids: readonly string[], signal?: AbortSignal) =>
  apiFetch('/v2/users', { query: { ids: JSON.stringify(ids) }, schema: z.array(UserSchema), signal });

export const userQueries = {
  user: (idOrUsername: string) => queryOptions({ queryKey: ['users', 'user', idOrUsername], queryFn: ({ signal }) => getUser(idOrUsername, signal) }),
  users: (ids: readonly string[]) =>
    queryOptions({ queryKey: ['users', 'list', [...ids].sort()], queryFn: ({ signal }) => (ids.length ? getUsers(ids, signal) : Promise.resolve([])) }),
};

export const modifyUser = (id: string, body: ModifyUserBody) => apiFetch(`/v2/user/${encodeURIComponent(id)}`, { method: 'PATCH', body, schema: NoContentSchema });
export const deleteUser = (id: string) => apiFetch(`/v2/user/${encodeURIComponent(id)}`, { method: 'DELETE', schema: NoContentSchema });

/** The image goes as the raw body; `ext` names its format. */
export const changeUserIcon = (id: string, file: File, ext: string) =>
  apiFetch(`/v2/user/${encodeURIComponent(id)}/icon`, { method: 'PATCH', query: { ext }, body: file, schema: NoContentSchema });
export const deleteUserIcon = (id: string) => apiFetch(`/v2/user/${encodeURIComponent(id)}/icon`, { method: 'DELETE', schema: NoContentSchema });
