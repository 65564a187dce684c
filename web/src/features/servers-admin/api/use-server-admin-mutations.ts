import type { EditServerNoticeBody } from '@cairn/shared/schemas/server-notices';
import type { ServerSuspensionReason } from '@cairn/shared/schemas/servers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useT } from '../../../lib/i18n/i18n-provider';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { useNotifications } from '../../../lib/notifications-provider';
import { createServerNode, moveServer, suspendServer, unsuspendServer, type NewNode } from './server-admin-queries';
import { createServerNotice, deleteServerNotice, editServerNotice, type NoticeInput } from './server-notices-queries';

/**
 * A staff (or notice) change: refetches every servers query (notices, nodes, lists and panels
 * all live under `['servers']`), then toasts success; errors go to the screen's callback, or a toast.
 */
function useStaffMutation<TVariables>(mutationFn: (variables: TVariables) => Promise<unknown>, successTitle: string, callbacks: MutationCallbacks<unknown, TVariables> = {}) {
  const queryClient = useQueryClient();
  const notifications = useNotifications();
  return useMutation({
    mutationFn,
    onSuccess: async (data, variables) => {
      await queryClient.invalidateQueries({ queryKey: ['servers'] });
      notifications.add({ type: 'success', title: successTitle });
      await callbacks.onSuccess?.(data, variables);
    },
    onError: (error, variables) => {
      if (callbacks.onError) return callbacks.onError(error, variables);
      notifications.addError(error);
    },
  });
}

export function useCreateServerNotice(callbacks?: MutationCallbacks<unknown, NoticeInput>) {
  return useStaffMutation(createServerNotice, useT()('servers.notices.created'), callbacks);
}

export function useEditServerNotice(callbacks?: MutationCallbacks<unknown, { id: string; body: EditServerNoticeBody }>) {
  return useStaffMutation(({ id, body }: { id: string; body: EditServerNoticeBody }) => editServerNotice(id, body), useT()('servers.notices.saved'), callbacks);
}

export function useDeleteServerNotice(callbacks?: MutationCallbacks<unknown, string>) {
  return useStaffMutation(deleteServerNotice, useT()('servers.notices.deleted'), callbacks);
}

export function useCreateServerNode(callbacks?: MutationCallbacks<unknown, NewNode>) {
  return useStaffMutation(createServerNode, useT()('servers.admin.nodeAdded'), callbacks);
}

export function useSuspendServer(callbacks?: MutationCallbacks<unknown, { id: string; reason: ServerSuspensionReason }>) {
  return useStaffMutation(({ id, reason }: { id: string; reason: ServerSuspensionReason }) => suspendServer(id, reason), useT()('servers.admin.suspended'), callbacks);
}

export function useUnsuspendServer() {
  return useStaffMutation(unsuspendServer, useT()('servers.admin.unsuspended'));
}

export function useMoveServer(callbacks?: MutationCallbacks<unknown, { id: string; nodeId: string }>) {
  return useStaffMutation(({ id, nodeId }: { id: string; nodeId: string }) => moveServer(id, { node_id: nodeId }), useT()('servers.admin.moved'), callbacks);
}
