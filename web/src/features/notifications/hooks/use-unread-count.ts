import { useQuery } from '@tanstack/react-query';
import { notificationsQueries } from '../api/notifications-queries';
import { unreadOf } from '../utils/group-notifications';

/**
 * How many of the user's notifications are unread (0 until known). It reads the same query as the
 * header's bell and the notification pages, so every badge shares one request (refreshed every
 * minute) and follows "Mark as read" at once (the mutations invalidate `['notifications']`).
 */
export function useUnreadCount(userId: string): number {
  const { data } = useQuery({ ...notificationsQueries.list(userId), select: (list) => unreadOf(list).length });
  return data ?? 0;
}
