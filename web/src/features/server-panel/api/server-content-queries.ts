import { compatibleFacets } from '@cairn/shared/constants/server-platforms';
import { SearchResultsSchema } from '@cairn/shared/schemas/search';
import {
  ServerContentChangeSchema,
  ServerContentListSchema,
  ServerContentSchema,
  ServerContentUpdateAllSchema,
  ServerContentUpdatePreviewSchema,
} from '@cairn/shared/schemas/server-content';
import type { Server } from '@cairn/shared/schemas/servers';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { serverQueries } from '../../../lib/servers/servers-queries';

const enc = encodeURIComponent;
const SEARCH_LIMIT = 10;

const contentUrl = (serverId: string, projectId?: string) => `/v2/servers/${enc(serverId)}/content${projectId ? `/${enc(projectId)}` : ''}`;

export const listServerContent = (serverId: string, signal?: AbortSignal) => apiFetch(contentUrl(serverId), { schema: ServerContentListSchema, signal });

/** Catalogue projects the server can run: its loaders and game version as search facets. */
export function searchCompatibleContent(server: Pick<Server, 'loader' | 'game_version'>, query: string, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(SEARCH_LIMIT), facets: JSON.stringify(compatibleFacets(server.loader, server.game_version)) });
  if (query.trim()) params.set('query', query.trim());
  return apiFetch(`/v2/search?${params.toString()}`, { schema: SearchResultsSchema, signal });
}

export const installServerContent = (serverId: string, projectId: string) =>
  apiFetch(contentUrl(serverId), { method: 'POST', body: { project_id: projectId }, schema: ServerContentChangeSchema });
export const updateServerContent = (serverId: string, projectId: string) =>
  apiFetch(`${contentUrl(serverId, projectId)}/update`, { method: 'POST', body: {}, schema: ServerContentChangeSchema });
export const setServerContentEnabled = (serverId: string, projectId: string, enabled: boolean) =>
  apiFetch(contentUrl(serverId, projectId), { method: 'PATCH', body: { enabled }, schema: ServerContentSchema });
export const setServerContentPinned = (serverId: string, projectId: string, pinned: boolean) =>
  apiFetch(contentUrl(serverId, projectId), { method: 'PATCH', body: { pinned }, schema: ServerContentSchema });
/** What updating would change (one project, or every unpinned one), before anything changes. */
export const previewServerContentUpdates = (serverId: string, projectId: string | undefined, signal?: AbortSignal) =>
  apiFetch(`${contentUrl(serverId)}/updates${projectId ? `?project_id=${enc(projectId)}` : ''}`, { schema: ServerContentUpdatePreviewSchema, signal });
export const updateAllServerContent = (serverId: string) => apiFetch(`${contentUrl(serverId)}/update-all`, { method: 'POST', schema: ServerContentUpdateAllSchema });
export const removeServerContent = (serverId: string, projectId: string) => apiFetch(contentUrl(serverId, projectId), { method: 'DELETE', schema: z.unknown() });

export const serverContentQueries = {
  all: (serverId: string) => [...serverQueries.all(), 'content', serverId] as const,
  list: (serverId: string) =>
    queryOptions({ queryKey: [...serverContentQueries.all(serverId), 'list'] as const, queryFn: ({ signal }) => listServerContent(serverId, signal), staleTime: 0 }),
  updates: (serverId: string, projectId: string | undefined) =>
    queryOptions({ queryKey: [...serverContentQueries.all(serverId), 'updates', projectId ?? 'all'] as const, queryFn: ({ signal }) => previewServerContentUpdates(serverId, projectId, signal), staleTime: 0 }),
  search: (server: Pick<Server, 'id' | 'loader' | 'game_version'>, query: string) =>
    queryOptions({
      queryKey: [...serverContentQueries.all(server.id), 'search', query.trim()] as const,
      queryFn: ({ signal }) => searchCompatibleContent(server, query, signal),
      placeholderData: keepPreviousData,
    }),
};
