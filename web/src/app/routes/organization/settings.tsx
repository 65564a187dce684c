import { useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { AnalyticsSection } from '../../../features/analytics/components/analytics-section';
import { data, useParams, type LoaderFunction } from 'react-router';
import { organizationQueries } from '../../../features/organizations/api/organizations-queries';
import { canInOrganization } from '../../../features/organizations/utils/permissions';
import { WebhooksSettings } from '../../../features/webhooks/components/webhooks-settings';
import { OrganizationSettings, type OrganizationSettingsPage } from '../../../features/organizations/components/organization-settings';
import { userQueries } from '../../../features/users/api/users-queries';
import { currentUserQuery } from '../../../lib/auth';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';

const PAGES: readonly OrganizationSettingsPage[] = ['members', 'projects', 'analytics', 'webhooks'];
const pageOf = (section: string | undefined): OrganizationSettingsPage | undefined =>
  section === undefined ? 'overview' : PAGES.find((page) => page === section);

/** `/organization/{id}/settings[/members|/projects|/analytics|/webhooks]`, for signed-in users (the page checks the permissions). */
export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async ({ params }) => {
    if (!pageOf(params.section)) throw data('Not found', { status: 404 });
    const [organization, user] = await Promise.all([queryClient.ensureQueryData(organizationQueries.detail(params.id ?? '')), queryClient.ensureQueryData(currentUserQuery())]);
    await Promise.all([
      queryClient.ensureQueryData(organizationQueries.projects(organization.id)),
      user ? queryClient.ensureQueryData(userQueries.projects(user.id)) : undefined,
    ]);
    return null;
  };

function Settings({ userId }: { userId: string }) {
  const t = useT();
  const params = useParams();
  const { data: organization } = useSuspenseQuery(organizationQueries.detail(params.id ?? ''));
  const { data: projects } = useSuspenseQuery(organizationQueries.projects(organization.id));
  const { data: ownProjects } = useSuspenseQuery(userQueries.projects(userId));
  const { data: user } = useSuspenseQuery(currentUserQuery());
  useHead({ title: `${organization.name} · ${t('organizations.settings.nav')}`, noindex: true });
  // The API leaves out projects whose analytics the viewer may not see.
  const analytics = <AnalyticsSection projects={projects} intro={t('analytics.organization.intro')} />;
  // Those who edit the organization's details manage its webhooks (staff who are not admins do not).
  const webhooks = user && canInOrganization(organization, user, 'EDIT_DETAILS') ? <WebhooksSettings owner={{ kind: 'organization', id: organization.id }} /> : undefined;
  return <OrganizationSettings organization={organization} projects={projects} ownProjects={ownProjects} page={pageOf(params.section) ?? 'overview'} analytics={analytics} webhooks={webhooks} />;
}

export function Component() {
  const { data: user } = useSuspenseQuery(currentUserQuery());
  return user ? <Settings userId={user.id} /> : null;
}
