import { useSuspenseQuery } from '@tanstack/react-query';
import { notificationsQueries } from '../../../features/notifications/api/notifications-queries';
import { NotificationHistory } from '../../../features/notifications/components/notification-history';
import { currentUserQuery } from '../../../lib/auth';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';

// The same data as the unread page (one list holds read and unread notifications).
export { createLoader } from './notifications';

function History({ userId }: { userId: string }) {
  const { data } = useSuspenseQuery(notificationsQueries.list(userId));
  return <NotificationHistory notifications={data} />;
}

/** `/dashboard/notifications/history`: every notification, read ones included. */
export function Component() {
  const t = useT();
  const { data: user } = useSuspenseQuery(currentUserQuery());
  useHead({ title: t('creator.notifications.historyTitle'), noindex: true });
  return user ? <History userId={user.id} /> : null;
}
