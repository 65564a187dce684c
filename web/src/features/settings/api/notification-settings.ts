import { NotificationSettingsSchema, type ModifyNotificationSettingsBody, type NotificationSettings } from '@cairn/shared/schemas/notification-settings';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';

const encode = encodeURIComponent;

/** `GET /v2/user/{id}/notification_settings` (operationId `getNotificationSettings`). */
function getNotificationSettings(userId: string, signal?: AbortSignal) {
  return apiFetch(`/v2/user/${encode(userId)}/notification_settings`, { schema: NotificationSettingsSchema, signal });
}

/** `PATCH /v2/user/{id}/notification_settings` (operationId `modifyNotificationSettings`). */
function modifyNotificationSettings(userId: string, body: ModifyNotificationSettingsBody) {
  return apiFetch(`/v2/user/${encode(userId)}/notification_settings`, { method: 'PATCH', body, schema: NotificationSettingsSchema });
}

export const notificationSettingsQueries = {
  all: () => ['notification-settings'] as const,
  detail: (userId: string) =>
    queryOptions({
      queryKey: [...notificationSettingsQueries.all(), 'detail', userId] as const,
      queryFn: ({ signal }) => getNotificationSettings(userId, signal),
    }),
};

/** Changes the user's notification settings; the answer is the settings as saved. */
export function useModifyNotificationSettings(userId: string, callbacks: MutationCallbacks<NotificationSettings, ModifyNotificationSettingsBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ModifyNotificationSettingsBody) => modifyNotificationSettings(userId, body),
    onSuccess: async (data, body) => {
      queryClient.setQueryData(notificationSettingsQueries.detail(userId).queryKey, data);
      await callbacks.onSuccess?.(data, body);
    },
    onError: callbacks.onError,
  });
}
