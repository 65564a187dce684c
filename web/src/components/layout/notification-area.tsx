import { Suspense } from 'react';
import { useT } from '../../lib/i18n/i18n-provider';
import { lazyComponent } from '../../lib/lazy-component';
import { useNotificationList } from '../../lib/notifications-provider';
import styles from './notification-area.module.css';

// Most visits never show a toast: the toast's code (and its icons and styles) loads with the first one.
const Toast = lazyComponent(() => import('./toast').then((module) => module.Toast), () => null);

/** The toast stack. Rendered before the page content; shown in a corner above it. */
export function NotificationArea() {
  const t = useT();
  const notifications = useNotificationList();
  return (
    <section className={styles.area} aria-label={t('notifications.region')}>
      <ol className={styles.list} aria-live="polite">
        <Suspense fallback={null}>
          {notifications.map((notification) => (
            <Toast key={notification.id} notification={notification} />
          ))}
        </Suspense>
      </ol>
    </section>
  );
}
