import { ServerContentTargetsSchema, ServerModpackSchema } from '@cairn/shared/schemas/server-modpacks';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { serverQueries } from '../../../lib/servers/servers-queries';

/** The caller's servers they may install content on (GET /v2/servers/content-targets). */
export const listServerContentTargets = (signal?: AbortSignal) => apiFetch('/v2/servers/content-targets', { schema: ServerContentTargetsSchema, signal });

/** Queues a modpack version's install on a server (POST /v2/servers/{id}/modpack). */
export const installServerModpack = (serverId: string, versionId: string) =>
  apiFetch(`/v2/servers/${encodeURIComponent(serverId)}/modpack`, { method: 'POST', body: { version_id: versionId }, schema: ServerModpackSchema });

export const modpackInstallQueries = {
  targets: () => queryOptions({ queryKey: [...serverQueries.all(), 'content-targets'] as const, queryFn: ({ signal }) => listServerContentTargets(signal), staleTime: 0 }),
};
