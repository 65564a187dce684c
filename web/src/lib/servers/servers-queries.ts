import {
  ServerAccessSchema,
  ServerBackupListSchema,
  ServerListSchema,
  ServerPropertiesSchema,
  ServerSchema,
} from '@cairn/shared/schemas/servers';
import { ServerMemberListSchema } from '@cairn/shared/schemas/server-members';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../api-client';

const enc = encodeURIComponent;
/** Answers whose body the panel does not read (204s, or the changed object it refetches anyway). */
const AnyBodySchema = z.unknown();

export type PowerAction = 'start' | 'stop' | 'restart' | 'kill';

export const listServers = (signal?: AbortSignal) => apiFetch('/v2/servers', { schema: ServerListSchema, signal }).then((r) => r.servers);
export const getServer = (id: string, signal?: AbortSignal) => apiFetch(`/v2/servers/${enc(id)}`, { schema: ServerSchema, signal });
export const getServerAccess = (id: string, signal?: AbortSignal) => apiFetch(`/v2/servers/${enc(id)}/access`, { schema: ServerAccessSchema, signal });
export const getServerProperties = (id: string, signal?: AbortSignal) =>
  apiFetch(`/v2/servers/${enc(id)}/properties`, { schema: ServerPropertiesSchema, signal }).then((r) => r.properties);
export const listServerBackups = (id: string, signal?: AbortSignal) => apiFetch(`/v2/servers/${enc(id)}/backups`, { schema: ServerBackupListSchema, signal });

export const renameServer = (id: string, name: string) => apiFetch(`/v2/servers/${enc(id)}`, { method: 'PATCH', body: { name }, schema: AnyBodySchema });
export const sendPowerAction = (id: string, action: PowerAction) =>
  apiFetch(`/v2/servers/${enc(id)}/power`, { method: 'POST', body: { action }, schema: AnyBodySchema });
export const editServerProperties = (id: string, properties: Record<string, string>) =>
  apiFetch(`/v2/servers/${enc(id)}/properties`, { method: 'PATCH', body: { properties }, schema: AnyBodySchema });

export const listServerMembers = (id: string, signal?: AbortSignal) => apiFetch(`/v2/servers/${enc(id)}/members`, { schema: ServerMemberListSchema, signal });

export const serverQueries = {
  all: () => ['servers'] as const,
  list: () => queryOptions({ queryKey: [...serverQueries.all(), 'list'] as const, queryFn: ({ signal }) => listServers(signal), staleTime: 0 }),
  detail: (id: string) => queryOptions({ queryKey: [...serverQueries.all(), 'detail', id] as const, queryFn: ({ signal }) => getServer(id, signal), staleTime: 0 }),
  /** The owner, members and the caller's own role and permissions (the panel shows what they may use). */
  members: (id: string) => queryOptions({ queryKey: [...serverQueries.all(), 'members', id] as const, queryFn: ({ signal }) => listServerMembers(id, signal), staleTime: 0 }),
  /** A fresh node token each time the console connects: they live minutes. */
  access: (id: string) =>
    queryOptions({ queryKey: [...serverQueries.all(), 'access', id] as const, queryFn: ({ signal }) => getServerAccess(id, signal), staleTime: 0, gcTime: 0, retry: false }),
  properties: (id: string) =>
    queryOptions({ queryKey: [...serverQueries.all(), 'properties', id] as const, queryFn: ({ signal }) => getServerProperties(id, signal), staleTime: 0 }),
  backups: (id: string) =>
    queryOptions({ queryKey: [...serverQueries.all(), 'backups', id] as const, queryFn: ({ signal }) => listServerBackups(id, signal), staleTime: 0 }),
};
