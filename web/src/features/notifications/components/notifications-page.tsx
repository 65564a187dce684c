import type { Notification } from '@cairn/shared/schemas/notifications';
import { AppLink } from '../../../components/ui/app-link';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { useMarkRead } from '../api/use-notification-mutations';
import { groupNotifications, unreadOf } from '../utils/group-notifications';
import { NotificationEntry } from './notification-entry';
import styles from './notifications.module.css';

/** `/dashboard/notifications`: the unread notifications, grouped, with "Mark all as read". */
export function NotificationsPage({ notifications }: { notifications: readonly Notification[] }) {
  const t = useT();
  const toasts = useNotifications();
  const unread = unreadOf(notifications);
  const markAll = useMarkRead({
    onSuccess: () => toasts.add({ type: 'success', title: t('creator.notifications.allMarkedRead') }),
    onError: (error) => toasts.addError(error),
  });
  return (
    <div className={styles.card}>
      <header className={styles.header}>
        <h1 id="notifications-title" className={styles.title}>
          {t('creator.notifications.title')}
        </h1>
        <div className={styles.headerActions}>
          <AppLink to={paths.dashboard.notifications.history.getHref()}>{t('creator.notifications.history')}</AppLink>
          {unread.length > 0 && (
            <Button variant="outlined" disabled={markAll.isPending} onClick={() => markAll.mutate(unread.map((n) => n.id))}>
              {t('creator.notifications.markAllRead')}
            </Button>
          )}
        </div>
      </header>
      {unread.length === 0 ? (
        <EmptyState>{t('creator.notifications.empty')}</EmptyState>
      ) : (
        <ul className={styles.list}>
          {groupNotifications(unread).map((group) => (
            <li key={group.key}>
              <NotificationEntry group={group} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
