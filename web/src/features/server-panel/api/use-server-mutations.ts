import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useT } from '../../../lib/i18n/i18n-provider';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { useNotifications } from '../../../lib/notifications-provider';
import { editServerProperties, renameServer, sendPowerAction, serverQueries, type PowerAction } from '../../../lib/servers/servers-queries';
import { dismissServerNotice } from './active-notices-queries';

/** A change to one server (its settings or its files): refetches every servers query, toasts success or the error. */
export function useServerMutation<TVariables>(
  mutationFn: (variables: TVariables) => Promise<unknown>,
  successTitle: (variables: TVariables) => string,
  callbacks: MutationCallbacks<unknown, TVariables> = {},
) {
  const queryClient = useQueryClient();
  const notifications = useNotifications();
  return useMutation({
    mutationFn,
    onSuccess: async (data, variables) => {
      await queryClient.invalidateQueries({ queryKey: serverQueries.all() });
      notifications.add({ type: 'success', title: successTitle(variables) });
      await callbacks.onSuccess?.(data, variables);
    },
    onError: (error, variables) => {
      notifications.addError(error);
      return callbacks.onError?.(error, variables);
    },
  });
}

export function usePowerAction(serverId: string) {
  const t = useT();
  return useServerMutation((action: PowerAction) => sendPowerAction(serverId, action), (action) => t(`servers.power.sent.${action}`));
}

export function useRenameServer(serverId: string, callbacks?: MutationCallbacks<unknown, string>) {
  const t = useT();
  return useServerMutation((name: string) => renameServer(serverId, name), () => t('servers.options.general.saved'), callbacks);
}

export function useEditServerProperties(serverId: string, callbacks?: MutationCallbacks<unknown, Record<string, string>>) {
  const t = useT();
  return useServerMutation((properties: Record<string, string>) => editServerProperties(serverId, properties), () => t('servers.options.properties.saved'), callbacks);
}

export function useDismissServerNotice(serverId: string) {
  const t = useT();
  return useServerMutation((noticeId: string) => dismissServerNotice(serverId, noticeId), () => t('servers.notices.dismissed'));
}
