import { useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { LoaderFunction } from 'react-router';
import { AnalyticsSection } from '../../../features/analytics/components/analytics-section';
import { dashboardQueries } from '../../../features/dashboard/api/dashboard-queries';
import { currentUserQuery } from '../../../lib/auth';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';

export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async () => {
    const user = await queryClient.ensureQueryData(currentUserQuery());
    if (user) await queryClient.ensureQueryData(dashboardQueries.projects(user.id));
    return null;
  };

function OwnAnalytics({ userId }: { userId: string }) {
  const t = useT();
  const { data } = useSuspenseQuery(dashboardQueries.projects(userId));
  // Projects reached through an organization carry its mark in the chart's legend.
  const projects = useMemo(
    () =>
      data.projects.map(({ id, title, published, organization }) => {
        const managedBy = organization === null ? undefined : data.organizations.find((o) => o.id === organization);
        return { id, title, published, ...(managedBy ? { managedBy: { name: managedBy.name, icon_url: managedBy.icon_url } } : {}) };
      }),
    [data],
  );
  return <AnalyticsSection projects={projects} intro={t('analytics.dashboard.intro')} />;
}

/** `/dashboard/analytics`: the chart over every project of the signed-in user, his organizations' included. */
export function Component() {
  const t = useT();
  const { data: user } = useSuspenseQuery(currentUserQuery());
  useHead({ title: t('analytics.heading'), noindex: true });
  return user ? <OwnAnalytics userId={user.id} /> : null;
}
