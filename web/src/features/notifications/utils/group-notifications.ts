import type { Notification } from '@cairn/shared/schemas/notifications';

/** Notifications shown as one entry: several new versions of one project, or a single one. */
export interface NotificationGroup {
  key: string;
  /** Newest first; the first one is the entry's headline. */
  items: Notification[];
}

/**
 * Groups a newest-first list: every `project_update` of the same project joins the group of its
 * newest one; other kinds stay on their own. The order of the groups follows their newest item.
 */
export function groupNotifications(notifications: readonly Notification[]): NotificationGroup[] {
  const groups: NotificationGroup[] = [];
  const byProject = new Map<string, NotificationGroup>();
  for (const notification of notifications) {
    const body = notification.body;
    if (body.type !== 'project_update') {
      groups.push({ key: notification.id, items: [notification] });
      continue;
    }
    const existing = byProject.get(body.project_id);
    if (existing) existing.items.push(notification);
    else {
      const group = { key: `project-${body.project_id}`, items: [notification] };
      byProject.set(body.project_id, group);
      groups.push(group);
    }
  }
  return groups;
}

export const unreadOf = (notifications: readonly Notification[]) => notifications.filter((n) => !n.read);
