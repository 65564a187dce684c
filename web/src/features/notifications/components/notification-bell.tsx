import { AppLink } from '../../../components/ui/app-link';
import { Icon } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useUnreadCount } from '../hooks/use-unread-count';
import styles from './notification-bell.module.css';

/** The bell's drawing (also the bottom bar's Notifications icon). */
export const BellIcon = () => (
  <Icon>
    <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
  </Icon>
);

/** The header's bell: opens the notifications page; the badge counts the unread ones. */
export function NotificationBell({ userId }: { userId: string }) {
  const t = useT();
  const unread = useUnreadCount(userId);
  return (
    <AppLink to={paths.dashboard.notifications.getHref()} className={styles.bell} aria-label={t('shell.notifications.label', { count: unread })}>
      <BellIcon />
      {unread > 0 && (
        <span className={styles.badge} aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </AppLink>
  );
}
