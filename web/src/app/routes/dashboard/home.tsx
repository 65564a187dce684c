import { useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { dashboardQueries } from '../../../features/dashboard/api/dashboard-queries';
import { DashboardHome } from '../../../features/dashboard/components/dashboard-home';
import { notificationsQueries } from '../../../features/notifications/api/notifications-queries';
import { LatestNotifications } from '../../../features/notifications/components/latest-notifications';
import { currentUserQuery } from '../../../lib/auth';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';

export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async () => {
    const user = await queryClient.ensureQueryData(currentUserQuery());
    if (user) await Promise.all([queryClient.ensureQueryData(dashboardQueries.projects(user.id)), queryClient.ensureQueryData(notificationsQueries.list(user.id))]);
    return null;
  };

function Overview({ userId }: { userId: string }) {
  const { data: user } = useSuspenseQuery(currentUserQuery());
  const {
    data: { projects },
  } = useSuspenseQuery(dashboardQueries.projects(userId));
  const { data: notifications } = useSuspenseQuery(notificationsQueries.list(userId));
  return user ? (
    <>
      <LatestNotifications notifications={notifications} />
      <DashboardHome user={user} projects={projects} />
    </>
  ) : null;
}

export function Component() {
  const t = useT();
  const { data: user } = useSuspenseQuery(currentUserQuery());
  useHead({ title: t('creator.dashboard.title'), noindex: true });
  // The auth guard keeps this page for signed-in users only.
  return user ? <Overview userId={user.id} /> : null;
}
