import {
  OwnedServerListingListSchema,
  OwnedServerListingSchema,
  ServerListingSearchResultSchema,
  ServerListingViewSchema,
  type CreateServerListingBody,
  type EditServerListingBody,
  type ModerateServerListingBody,
  type SearchServerListingsQuery,
} from '@cairn/shared/schemas/server-listings';
import { ServerSchema } from '@cairn/shared/schemas/servers';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';

const enc = encodeURIComponent;
const NoBodySchema = z.unknown();

/** The search's query string: only the parameters that are set. */
function searchParams(query: SearchServerListingsQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const searchServerListings = (query: SearchServerListingsQuery, signal?: AbortSignal) => apiFetch(`/v2/server_listings${searchParams(query)}`, { schema: ServerListingSearchResultSchema, signal });
export const getServerListing = (id: string, signal?: AbortSignal) => apiFetch(`/v2/server_listing/${enc(id)}`, { schema: ServerListingViewSchema, signal });
export const listOwnServerListings = (signal?: AbortSignal) => apiFetch('/v2/server_listings/mine', { schema: OwnedServerListingListSchema, signal }).then((r) => r.listings);
export const getServerListingQueue = (signal?: AbortSignal) => apiFetch('/v2/server_listings/queue', { schema: OwnedServerListingListSchema, signal }).then((r) => r.listings);
export const createServerListing = (body: CreateServerListingBody) => apiFetch('/v2/server_listing', { method: 'POST', body, schema: OwnedServerListingSchema });
export const modifyServerListing = (id: string, body: EditServerListingBody) => apiFetch(`/v2/server_listing/${enc(id)}`, { method: 'PATCH', body, schema: OwnedServerListingSchema });
export const deleteServerListing = (id: string) => apiFetch(`/v2/server_listing/${enc(id)}`, { method: 'DELETE', schema: NoBodySchema });
export const pingServerListing = (id: string) => apiFetch(`/v2/server_listing/${enc(id)}/ping`, { method: 'POST', schema: OwnedServerListingSchema });
export const moderateServerListing = (id: string, body: ModerateServerListingBody) => apiFetch(`/v2/server_listing/${enc(id)}/moderation`, { method: 'POST', body, schema: OwnedServerListingSchema });
/** The hosted server a listing is made from (its panel links to the form with `?server=`). */
export const getServer = (id: string, signal?: AbortSignal) => apiFetch(`/v2/servers/${enc(id)}`, { schema: ServerSchema, signal });

export const serverListingQueries = {
  all: () => ['server-listings'] as const,
  search: (query: SearchServerListingsQuery) => queryOptions({ queryKey: [...serverListingQueries.all(), 'search', query] as const, queryFn: ({ signal }) => searchServerListings(query, signal) }),
  detail: (id: string) => queryOptions({ queryKey: [...serverListingQueries.all(), 'detail', id] as const, queryFn: ({ signal }) => getServerListing(id, signal) }),
  mine: () => queryOptions({ queryKey: [...serverListingQueries.all(), 'mine'] as const, queryFn: ({ signal }) => listOwnServerListings(signal) }),
  queue: () => queryOptions({ queryKey: [...serverListingQueries.all(), 'queue'] as const, queryFn: ({ signal }) => getServerListingQueue(signal) }),
  /** The hosted server to list, for the form's defaults. */
  server: (id: string) => queryOptions({ queryKey: [...serverListingQueries.all(), 'server', id] as const, queryFn: ({ signal }) => getServer(id, signal) }),
};

/** The search a browse page's address asks for (unknown values are left to the API to refuse). */
export function searchQueryFrom(params: URLSearchParams): SearchServerListingsQuery {
  const text = (name: string) => params.get(name) || undefined;
  const number = (name: string) => {
    const value = Number(params.get(name));
    return params.has(name) && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
  };
  const sort = text('sort');
  return {
    query: text('query'),
    game_version: text('game_version'),
    modpack: text('modpack'),
    region: text('region') as SearchServerListingsQuery['region'],
    min_players: number('min_players'),
    sort: sort === 'newest' || sort === 'name' || sort === 'players' ? sort : undefined,
    offset: number('offset'),
    limit: 20,
  };
}
