import type { Notification } from '@cairn/shared/schemas/notifications';
import { AppLink } from '../../../components/ui/app-link';
import { EmptyState } from '../../../components/ui/empty-state';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n-provider';
import { groupNotifications, unreadOf } from '../utils/group-notifications';
import { NotificationEntry } from './notification-entry';
import styles from './notifications.module.css';

/** The dashboard overview's card: the few newest unread notifications. */
export function LatestNotifications({ notifications, limit = 3 }: { notifications: readonly Notification[]; limit?: number }) {
  const t = useT();
  const groups = groupNotifications(unreadOf(notifications)).slice(0, limit);
  return (
    <section className={styles.card} aria-labelledby="latest-notifications">
      <header className={styles.header}>
        <h2 id="latest-notifications" className={styles.subtitle}>
          {t('creator.notifications.latest')}
        </h2>
        <AppLink to={paths.dashboard.notifications.getHref()}>{t('creator.notifications.viewAll')}</AppLink>
      </header>
      {groups.length === 0 ? (
        <EmptyState>{t('creator.notifications.empty')}</EmptyState>
      ) : (
        <ul className={styles.list}>
          {groups.map((group) => (
            <li key={group.key}>
              <NotificationEntry group={group} headingLevel={3} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
