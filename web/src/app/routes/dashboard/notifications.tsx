import { useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { notificationsQueries } from '../../../features/notifications/api/notifications-queries';
import { NotificationsPage } from '../../../features/notifications/components/notifications-page';
import { currentUserQuery } from '../../../lib/auth';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';

export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async () => {
    const user = await queryClient.ensureQueryData(currentUserQuery());
    if (user) await queryClient.ensureQueryData(notificationsQueries.list(user.id));
    return null;
  };

function Unread({ userId }: { userId: string }) {
  const { data } = useSuspenseQuery(notificationsQueries.list(userId));
  return <NotificationsPage notifications={data} />;
}

/** `/dashboard/notifications`: the unread notifications. */
export function Component() {
  const t = useT();
  const { data: user } = useSuspenseQuery(currentUserQuery());
  useHead({ title: t('creator.notifications.title'), noindex: true });
  return user ? <Unread userId={user.id} /> : null;
}
