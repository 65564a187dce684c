import type { MoveServerBodySchema } from '@cairn/shared/schemas/server-moves';
import { ServerListSchema, ServerNodeListSchema, ServerNodeSchema, ServerSchema, type ServerSuspensionReason } from '@cairn/shared/schemas/servers';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';

const enc = encodeURIComponent;

export interface NewNode {
  name: string;
  url: string;
  token: string;
  public_url?: string;
  game_host?: string;
  memory_mib?: number;
}

export const listServerNodes = (signal?: AbortSignal) => apiFetch('/v2/servers/nodes', { schema: ServerNodeListSchema, signal }).then((r) => r.nodes);
export const listAllServers = (signal?: AbortSignal) => apiFetch('/v2/servers?all=true', { schema: ServerListSchema, signal }).then((r) => r.servers);
export const createServerNode = (body: NewNode) => apiFetch('/v2/servers/nodes', { method: 'POST', body, schema: ServerNodeSchema });
export const suspendServer = (id: string, reason: ServerSuspensionReason) => apiFetch(`/v2/servers/${enc(id)}/suspend`, { method: 'POST', body: { reason }, schema: ServerSchema });
export const unsuspendServer = (id: string) => apiFetch(`/v2/servers/${enc(id)}/unsuspend`, { method: 'POST', schema: ServerSchema });
export const moveServer = (id: string, body: z.input<typeof MoveServerBodySchema>) => apiFetch(`/v2/servers/${enc(id)}/move`, { method: 'POST', body, schema: ServerSchema });

/** Staff views of every node and server (admins). */
export const serverAdminQueries = {
  all: () => ['servers', 'admin'] as const,
  nodes: () => queryOptions({ queryKey: [...serverAdminQueries.all(), 'nodes'] as const, queryFn: ({ signal }) => listServerNodes(signal) }),
  servers: () => queryOptions({ queryKey: [...serverAdminQueries.all(), 'servers'] as const, queryFn: ({ signal }) => listAllServers(signal) }),
};
