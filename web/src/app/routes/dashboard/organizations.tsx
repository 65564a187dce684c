import { useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { organizationQueries } from '../../../features/organizations/api/organizations-queries';
import { DashboardOrganizations } from '../../../features/organizations/components/dashboard-organizations';
import { currentUserQuery } from '../../../lib/auth';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';

export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async () => {
    const user = await queryClient.ensureQueryData(currentUserQuery());
    if (user) await queryClient.ensureQueryData(organizationQueries.ofUser(user.id));
    return null;
  };

function OrganizationList({ userId }: { userId: string }) {
  const { data: organizations } = useSuspenseQuery(organizationQueries.ofUser(userId));
  return <DashboardOrganizations organizations={organizations} />;
}

export function Component() {
  const t = useT();
  const { data: user } = useSuspenseQuery(currentUserQuery());
  useHead({ title: t('organizations.dashboard.title'), noindex: true });
  return user ? <OrganizationList userId={user.id} /> : null;
}
