import {
  CreatedOAuthClientSchema,
  OAuthAuthorizationListSchema,
  OAuthAuthorizeResponseSchema,
  OAuthClientListSchema,
  OAuthClientSchema,
  type CreateOAuthClientBody,
  type EditOAuthClientBody,
} from '@cairn/shared/schemas/oauth';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { NoContentSchema } from '../../../lib/no-content';

// /v2/oauth/*: the consent flow, a user's authorizations, and their own apps.

/**
 * authorizeOAuthApp: the consent to show, or — when the user already granted these scopes — the
 * URL to send the browser to. Each call opens a new consent flow on the server.
 */
export const authorizeOAuthApp = (query: Record<string, string>, signal?: AbortSignal) =>
  apiFetch('/v2/oauth/authorize', { query, schema: OAuthAuthorizeResponseSchema, signal });

/**
 * accept/reject answer the redirect as a JSON string body (also in `Location`). The body is read
 * loosely so an answer without it can be reported as such instead of as a broken contract.
 */
export const acceptOAuthFlow = (flow: string) => apiFetch('/v2/oauth/accept', { method: 'POST', body: { flow }, schema: z.unknown() });
export const rejectOAuthFlow = (flow: string) => apiFetch('/v2/oauth/reject', { method: 'POST', body: { flow }, schema: z.unknown() });

export const getOAuthApp = (id: string, signal?: AbortSignal) => apiFetch(`/v2/oauth/app/${encodeURIComponent(id)}`, { schema: OAuthClientSchema, signal });
export const getOAuthApps = (ids: readonly string[], signal?: AbortSignal) =>
  apiFetch('/v2/oauth/apps', { query: { ids: JSON.stringify(ids) }, schema: OAuthClientListSchema, signal });
export const getUserOAuthApps = (userId: string, signal?: AbortSignal) =>
  apiFetch(`/v2/user/${encodeURIComponent(userId)}/oauth_apps`, { schema: OAuthClientListSchema, signal });
export const getOAuthAuthorizations = (signal?: AbortSignal) => apiFetch('/v2/oauth/authorizations', { schema: OAuthAuthorizationListSchema, signal });

export const createOAuthApp = (body: CreateOAuthClientBody) => apiFetch('/v2/oauth/app', { method: 'POST', body, schema: CreatedOAuthClientSchema });
export const editOAuthApp = (id: string, body: EditOAuthClientBody) =>
  apiFetch(`/v2/oauth/app/${encodeURIComponent(id)}`, { method: 'PATCH', body, schema: NoContentSchema });
export const deleteOAuthApp = (id: string) => apiFetch(`/v2/oauth/app/${encodeURIComponent(id)}`, { method: 'DELETE', schema: NoContentSchema });
export const changeOAuthAppIcon = (id: string, file: File, ext: string) =>
  apiFetch(`/v2/oauth/app/${encodeURIComponent(id)}/icon`, {
    method: 'PATCH',
    query: { ext },
    body: file,
    // The route takes image/* or application/octet-stream; a file without a type goes as the latter.
    headers: file.type ? undefined : { 'Content-Type': 'application/octet-stream' },
    schema: NoContentSchema,
  });
export const deleteOAuthAppIcon = (id: string) => apiFetch(`/v2/oauth/app/${encodeURIComponent(id)}/icon`, { method: 'DELETE', schema: NoContentSchema });
export const revokeOAuthAuthorization = (clientId: string) =>
  apiFetch('/v2/oauth/authorizations', { method: 'DELETE', query: { client_id: clientId }, schema: NoContentSchema });

export const oauthQueries = {
  all: () => ['oauth'] as const,
  /** Every consent flow in the cache (a flow is used up once answered). */
  authorizeAll: () => [...oauthQueries.all(), 'authorize'] as const,
  /** Not cached between visits: every request is a new consent flow. */
  authorize: (query: Record<string, string>) =>
    queryOptions({
      queryKey: [...oauthQueries.authorizeAll(), query] as const,
      queryFn: ({ signal }) => authorizeOAuthApp(query, signal),
      staleTime: Infinity,
      gcTime: 5 * 60_000,
      retry: false,
    }),
  app: (id: string) => queryOptions({ queryKey: [...oauthQueries.all(), 'app', id] as const, queryFn: ({ signal }) => getOAuthApp(id, signal) }),
  apps: (ids: readonly string[]) =>
    queryOptions({ queryKey: [...oauthQueries.all(), 'apps', [...ids].sort()] as const, queryFn: ({ signal }) => (ids.length ? getOAuthApps(ids, signal) : Promise.resolve([])) }),
  userApps: (userId: string) => queryOptions({ queryKey: [...oauthQueries.all(), 'user-apps', userId] as const, queryFn: ({ signal }) => getUserOAuthApps(userId, signal), staleTime: 0 }),
  authorizations: () => queryOptions({ queryKey: [...oauthQueries.all(), 'authorizations'] as const, queryFn: ({ signal }) => getOAuthAuthorizations(signal), staleTime: 0 }),
};
