import { useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { dashboardQueries } from '../../../features/dashboard/api/dashboard-queries';
import { DashboardProjects } from '../../../features/dashboard/components/dashboard-projects';
import { CreateProjectButton } from '../../../features/project-creation/components/create-project-button';
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

function ProjectList({ userId }: { userId: string }) {
  const {
    data: { projects, organizations },
  } = useSuspenseQuery(dashboardQueries.projects(userId));
  return <DashboardProjects projects={projects} organizations={organizations} createAction={<CreateProjectButton />} />;
}

export function Component() {
  const t = useT();
  const { data: user } = useSuspenseQuery(currentUserQuery());
  useHead({ title: t('creator.projects.title'), noindex: true });
  return user ? <ProjectList userId={user.id} /> : null;
}
