import { useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import type { User } from '@cairn/shared/schemas/users';
import { useCallback } from 'react';
import { useNavigate, type LoaderFunction } from 'react-router';
import { organizationQueries } from '../../../../features/organizations/api/organizations-queries';
import { ProjectOrganizationSection } from '../../../../features/organizations/components/project-organization-section';
import { MembersSettings } from '../../../../features/project-settings/components/members-settings';
import { paths } from '../../../../config/paths';
import { currentUserQuery } from '../../../../lib/auth';
import { useProjectSettings } from './shared';

/** The user's organizations, where the project could be moved. */
export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async () => {
    const user = await queryClient.ensureQueryData(currentUserQuery());
    if (user) await queryClient.ensureQueryData(organizationQueries.ofUser(user.id));
    return null;
  };

function OrganizationCard({ user }: { user: User }) {
  const { project, members, organization, access } = useProjectSettings();
  const { data: mine } = useSuspenseQuery(organizationQueries.ofUser(user.id));
  return (
    <ProjectOrganizationSection
      project={project}
      organization={organization}
      ownOrganizations={mine}
      projectMembers={members}
      user={user}
      isProjectOwner={access.isOwner}
      projectPermissions={access.permissions}
    />
  );
}

export function Component() {
  const { project, members, access, user } = useProjectSettings();
  const navigate = useNavigate();
  const onLeft = useCallback(() => void navigate(paths.home.getHref(), { replace: true }), [navigate]);
  return (
    <>
      <MembersSettings project={project} members={members} access={access} onLeft={onLeft} />
      {user && <OrganizationCard user={user} />}
    </>
  );
}
