import { ServerAutobackupSchema, type ServerAutobackup } from '@cairn/shared/schemas/servers';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { serverQueries } from '../../../lib/servers/servers-queries';

const enc = encodeURIComponent;
/** Answers the tab does not read: it refetches the list after every change. */
const AnyBodySchema = z.unknown();

const backupUrl = (serverId: string, backupId: string) => `/v2/servers/${enc(serverId)}/backups/${enc(backupId)}`;

export const getServerAutobackup = (id: string, signal?: AbortSignal) => apiFetch(`/v2/servers/${enc(id)}/autobackup`, { schema: ServerAutobackupSchema, signal });
export const setServerAutobackup = (id: string, body: Pick<ServerAutobackup, 'enabled' | 'interval_hours'>) =>
  apiFetch(`/v2/servers/${enc(id)}/autobackup`, { method: 'PUT', body, schema: AnyBodySchema });
export const createServerBackup = (id: string, name: string) => apiFetch(`/v2/servers/${enc(id)}/backups`, { method: 'POST', body: { name }, schema: AnyBodySchema });
export const editServerBackup = (id: string, backupId: string, body: { name?: string; locked?: boolean }) =>
  apiFetch(backupUrl(id, backupId), { method: 'PATCH', body, schema: AnyBodySchema });
export const deleteServerBackup = (id: string, backupId: string) => apiFetch(backupUrl(id, backupId), { method: 'DELETE', schema: AnyBodySchema });
export type BackupAction = 'restore' | 'prepare-download' | 'cancel' | 'retry';
export const runBackupAction = (id: string, backupId: string, action: BackupAction) =>
  apiFetch(`${backupUrl(id, backupId)}/${action}`, { method: 'POST', schema: AnyBodySchema });

export const backupQueries = {
  autobackup: (id: string) =>
    queryOptions({ queryKey: [...serverQueries.all(), 'autobackup', id] as const, queryFn: ({ signal }) => getServerAutobackup(id, signal), staleTime: 0 }),
};
