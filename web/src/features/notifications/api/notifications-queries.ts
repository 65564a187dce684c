import { NotificationSchema, type NotificationAction } from '@cairn/shared/schemas/notifications';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { NoContentSchema } from '../../../lib/no-content';

const encode = encodeURIComponent;
const ACTION_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
/** How often the unread count is refreshed while a page stays open (it also refreshes on focus). */
const POLL_MS = 60_000;

/** `GET /v2/user/{id}/notifications` (operationId `getUserNotifications`): newest first. */
function getUserNotifications(userId: string, signal?: AbortSignal) {
  return apiFetch(`/v2/user/${encode(userId)}/notifications`, { schema: z.array(NotificationSchema), signal });
}

/** `PATCH /v2/notifications?ids=[…]` (operationId `readNotifications`). */
export function readNotifications(ids: readonly string[]) {
  return apiFetch('/v2/notifications', { method: 'PATCH', query: { ids: JSON.stringify(ids) }, schema: NoContentSchema });
}

/** Runs a notification's action (`[METHOD, path]` relative to /v2), e.g. accepting an invite. */
export function runNotificationAction(action: NotificationAction) {
  const [method, path] = action.action_route;
  const known = ACTION_METHODS.find((m) => m === method.toUpperCase());
  if (!known) return Promise.reject(new Error(`Unsupported action method ${method}`));
  return apiFetch(`/v2/${path.replace(/^\//, '')}`, { method: known, schema: z.unknown() });
}

export const notificationsQueries = {
  all: () => ['notifications'] as const,
  list: (userId: string) =>
    queryOptions({
      queryKey: [...notificationsQueries.all(), 'list', userId] as const,
      queryFn: ({ signal }) => getUserNotifications(userId, signal),
      refetchInterval: POLL_MS,
      refetchIntervalInBackground: false,
    }),
};
