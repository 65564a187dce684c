import { ServerModpackAnswerSchema, ServerModpackPreviewSchema, ServerModpackSchema } from '@cairn/shared/schemas/server-modpacks';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { serverQueries } from '../../../lib/servers/servers-queries';

const modpackUrl = (serverId: string) => `/v2/servers/${encodeURIComponent(serverId)}/modpack`;

export const getServerModpack = (serverId: string, signal?: AbortSignal) => apiFetch(modpackUrl(serverId), { schema: ServerModpackAnswerSchema, signal });
export const installServerModpack = (serverId: string, versionId: string) => apiFetch(modpackUrl(serverId), { method: 'POST', body: { version_id: versionId }, schema: ServerModpackSchema });
export const previewServerModpackUpdate = (serverId: string, versionId: string, signal?: AbortSignal) =>
  apiFetch(`${modpackUrl(serverId)}/update-preview?version_id=${encodeURIComponent(versionId)}`, { schema: ServerModpackPreviewSchema, signal });

const RUNNING = new Set(['queued', 'installing']);

export const serverModpackQueries = {
  all: (serverId: string) => [...serverQueries.all(), 'modpack', serverId] as const,
  /** Polled every second while the pack installs, so the progress moves. */
  get: (serverId: string) =>
    queryOptions({
      queryKey: [...serverModpackQueries.all(serverId), 'get'] as const,
      queryFn: ({ signal }) => getServerModpack(serverId, signal),
      staleTime: 0,
      refetchInterval: (query) => (query.state.data?.modpack && RUNNING.has(query.state.data.modpack.state) ? 1000 : false),
    }),
  preview: (serverId: string, versionId: string) =>
    queryOptions({ queryKey: [...serverModpackQueries.all(serverId), 'preview', versionId] as const, queryFn: ({ signal }) => previewServerModpackUpdate(serverId, versionId, signal), staleTime: 0 }),
};

/** Installs or updates the pack (the job runs on; the card shows its progress). */
export function useInstallServerModpack(serverId: string, onDone?: () => void) {
  const t = useT();
  const queryClient = useQueryClient();
  const notifications = useNotifications();
  return useMutation({
    mutationFn: (versionId: string) => installServerModpack(serverId, versionId),
    onSuccess: async (pack) => {
      await queryClient.invalidateQueries({ queryKey: serverModpackQueries.all(serverId) });
      await queryClient.invalidateQueries({ queryKey: serverQueries.all() });
      notifications.add({ type: 'success', title: t('servers.modpack.toast.queued', { name: pack.title, version: pack.target_version_number }) });
      onDone?.();
    },
    onError: (error) => notifications.addError(error),
  });
}
