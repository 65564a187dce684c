import { OwnNodeEnrolmentSchema, OwnNodeListSchema, OwnNodeSchema } from '@cairn/shared/schemas/own-nodes';
import { ServerSchema } from '@cairn/shared/schemas/servers';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch, apiRequest } from '../../lib/api-client';

const enc = encodeURIComponent;

/** The signed-in user's own nodes ("bring your own node", docs/api/servers.md). */
export const ownNodeQueries = {
  all: () => ['own-nodes'] as const,
  list: () =>
    queryOptions({
      queryKey: [...ownNodeQueries.all(), 'list'] as const,
      queryFn: ({ signal }) => apiFetch('/v2/servers/own-nodes', { schema: OwnNodeListSchema, signal }).then((r) => r.nodes),
      staleTime: 0,
    }),
};

export const createEnrolment = (name: string) => apiFetch('/v2/servers/own-nodes/enrolments', { method: 'POST', body: { name }, schema: OwnNodeEnrolmentSchema });
export const editOwnNode = (id: string, body: { max_servers?: number | null; max_memory_mib?: number | null }) =>
  apiFetch(`/v2/servers/own-nodes/${enc(id)}`, { method: 'PATCH', body, schema: OwnNodeSchema });
export const revokeOwnNode = async (id: string): Promise<void> => void (await apiRequest(`/v2/servers/own-nodes/${enc(id)}`, { method: 'DELETE' }));
export const createOwnNodeServer = (id: string, body: { name: string; memory_mib: number }) =>
  apiFetch(`/v2/servers/own-nodes/${enc(id)}/servers`, { method: 'POST', body, schema: ServerSchema });
