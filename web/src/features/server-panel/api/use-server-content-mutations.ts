import type { ServerContent } from '@cairn/shared/schemas/server-content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import {
  installServerContent,
  removeServerContent,
  serverContentQueries,
  setServerContentEnabled,
  setServerContentPinned,
  updateAllServerContent,
  updateServerContent,
} from './server-content-queries';

/** A content change on one server: refetches its content list and toasts the outcome. */
function useContentMutation<TVariables, TData>(serverId: string, mutationFn: (variables: TVariables) => Promise<TData>, toast: (data: TData, variables: TVariables) => { title: string; text?: string }) {
  const queryClient = useQueryClient();
  const notifications = useNotifications();
  return useMutation({
    mutationFn,
    onSuccess: async (data, variables) => {
      await queryClient.invalidateQueries({ queryKey: serverContentQueries.all(serverId) });
      notifications.add({ type: 'success', ...toast(data, variables) });
    },
    onError: (error) => notifications.addError(error),
  });
}

/** "Installed X with Y and Z": the chosen project first, then the dependencies that came with it. */
function installedToast(t: ReturnType<typeof useT>, installed: readonly ServerContent[], title: 'servers.content.toast.installed' | 'servers.content.toast.updated') {
  const [chosen, ...dependencies] = installed;
  return {
    title: t(title, { name: chosen?.title ?? '' }),
    text: dependencies.length ? t('servers.content.toast.withDependencies', { names: dependencies.map((d) => d.title).join(', ') }) : undefined,
  };
}

export function useInstallContent(serverId: string) {
  const t = useT();
  return useContentMutation(serverId, (projectId: string) => installServerContent(serverId, projectId), (data) => installedToast(t, data.installed, 'servers.content.toast.installed'));
}

export function useUpdateContent(serverId: string) {
  const t = useT();
  return useContentMutation(serverId, (projectId: string) => updateServerContent(serverId, projectId), (data) => installedToast(t, data.installed, 'servers.content.toast.updated'));
}

export function useToggleContent(serverId: string) {
  const t = useT();
  return useContentMutation(
    serverId,
    ({ projectId, enabled }: { projectId: string; enabled: boolean }) => setServerContentEnabled(serverId, projectId, enabled),
    (data) => ({ title: t(data.enabled ? 'servers.content.toast.enabled' : 'servers.content.toast.disabled', { name: data.title }) }),
  );
}

export function useRemoveContent(serverId: string) {
  const t = useT();
  return useContentMutation(serverId, (item: { projectId: string; title: string }) => removeServerContent(serverId, item.projectId), (_data, item) => ({ title: t('servers.content.toast.removed', { name: item.title }) }));
}

export function usePinContent(serverId: string) {
  const t = useT();
  return useContentMutation(
    serverId,
    ({ projectId, pinned }: { projectId: string; pinned: boolean }) => setServerContentPinned(serverId, projectId, pinned),
    (data) => ({ title: t(data.pinned ? 'servers.content.toast.pinned' : 'servers.content.toast.unpinned', { name: data.title, version: data.version_number }) }),
  );
}

/** "Update all": says what was updated and which pinned content it left as it is. */
export function useUpdateAllContent(serverId: string, onSuccess?: () => void) {
  const t = useT();
  const mutation = useContentMutation(
    serverId,
    () => updateAllServerContent(serverId),
    (data) => ({
      title: t('servers.content.toast.updatedAll', { count: data.installed.length }),
      text: data.skipped_pinned.length ? t('servers.content.toast.leftPinned', { names: data.skipped_pinned.map((p) => p.title).join(', ') }) : undefined,
    }),
  );
  return { ...mutation, run: () => mutation.mutate(undefined, { onSuccess }) };
}
