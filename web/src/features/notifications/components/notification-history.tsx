import type { Notification } from '@cairn/shared/schemas/notifications';
import { useState } from 'react';
import { AppLink } from '../../../components/ui/app-link';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n-provider';
import { NotificationEntry } from './notification-entry';
import styles from './notifications.module.css';

const PAGE_SIZE = 20;

/** `/dashboard/notifications/history`: every notification, read ones included, a page at a time. */
export function NotificationHistory({ notifications }: { notifications: readonly Notification[] }) {
  const t = useT();
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(notifications.length / PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const shown = notifications.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE);
  return (
    <div className={styles.card}>
      <header className={styles.header}>
        <h1 id="notification-history-title" className={styles.title}>
          {t('creator.notifications.historyTitle')}
        </h1>
        <AppLink to={paths.dashboard.notifications.getHref()}>{t('creator.notifications.back')}</AppLink>
      </header>
      {notifications.length === 0 ? (
        <EmptyState>{t('creator.notifications.historyEmpty')}</EmptyState>
      ) : (
        <ul className={styles.list}>
          {shown.map((notification) => (
            <li key={notification.id}>
              <NotificationEntry group={{ key: notification.id, items: [notification] }} />
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className={styles.pager} aria-label={t('creator.notifications.pages')}>
          <Button variant="outlined" disabled={current === 0} onClick={() => setPage(current - 1)}>
            {t('creator.notifications.previous')}
          </Button>
          <span aria-live="polite">{t('creator.notifications.page', { page: current + 1, pages })}</span>
          <Button variant="outlined" disabled={current >= pages - 1} onClick={() => setPage(current + 1)}>
            {t('creator.notifications.next')}
          </Button>
        </nav>
      )}
    </div>
  );
}
