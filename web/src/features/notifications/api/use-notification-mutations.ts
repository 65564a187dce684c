import type { Notification, NotificationAction } from '@cairn/shared/schemas/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { notificationsQueries, readNotifications, runNotificationAction } from './notifications-queries';

/** Marks notifications read; the bell and the lists refetch. */
export function useMarkRead(callbacks: MutationCallbacks<unknown, readonly string[]> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly string[]) => readNotifications(ids),
    onSuccess: async (data, ids) => {
      await queryClient.invalidateQueries({ queryKey: notificationsQueries.all() });
      await callbacks.onSuccess?.(data, ids);
    },
    onError: callbacks.onError,
  });
}

export interface ActionRun {
  notification: Notification;
  action: NotificationAction;
}

/**
 * Runs a notification's action (an invite's Accept or Deny), then marks it read. Teams and
 * projects change with it, so their queries refetch too.
 */
export function useNotificationAction(callbacks: MutationCallbacks<unknown, ActionRun> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ notification, action }: ActionRun) => {
      await runNotificationAction(action);
      await readNotifications([notification.id]);
    },
    onSuccess: async (data, run) => {
      await Promise.all(
        [notificationsQueries.all(), ['projects'], ['teams'], ['dashboard']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
      await callbacks.onSuccess?.(data, run);
    },
    onError: callbacks.onError,
  });
}
