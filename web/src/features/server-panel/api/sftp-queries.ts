import { ServerSftpPasswordSchema, ServerSftpSchema } from '@cairn/shared/schemas/server-sftp';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { serverQueries } from '../../../lib/servers/servers-queries';

const base = (id: string) => `/v2/servers/${encodeURIComponent(id)}/sftp`;

export const generateServerSftpPassword = (id: string) => apiFetch(`${base(id)}/password`, { method: 'POST', schema: ServerSftpPasswordSchema });
export const setServerSftpKeys = (id: string, publicKeys: string[]) => apiFetch(`${base(id)}/keys`, { method: 'PUT', body: { public_keys: publicKeys }, schema: ServerSftpSchema });
export const revokeServerSftp = (id: string) => apiFetch(base(id), { method: 'DELETE', schema: z.unknown() });

/** The SFTP tab: the caller's login to one server; under the servers prefix so server mutations refresh it. */
export const sftpQueries = {
  detail: (id: string) => queryOptions({ queryKey: [...serverQueries.all(), 'sftp', id] as const, queryFn: ({ signal }) => apiFetch(base(id), { schema: ServerSftpSchema, signal }) }),
};
