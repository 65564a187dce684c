import { useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { data } from 'react-router';
import { useProject } from '../../../../features/projects/hooks/use-project-page';
import { settingsAccess, type SettingsAccess } from '../../../../features/project-settings/utils/permissions';
import { currentUserQuery } from '../../../../lib/auth';
import { ensureProjectTeams, loadProject, useProjectTeams } from '../shared';

/**
 * Loads what every settings page needs and decides access: team members (and staff) get in;
 * everyone else gets the same "Project not found" page as for a project they cannot see.
 */
export async function loadSettings(queryClient: QueryClient, idOrSlug: string) {
  const [user, project] = await Promise.all([queryClient.ensureQueryData(currentUserQuery()), loadProject(queryClient, idOrSlug)]);
  const [members, organization] = await ensureProjectTeams(queryClient, project);
  const access = settingsAccess(user, { members, organizationMembers: organization?.members ?? [] }, organization);
  if (!access) throw data('Not found', { status: 404 });
  return { project, access };
}

/** The project, its members and the viewer's access, for a settings page (the layout's loader ran). */
export function useProjectSettings() {
  const { project, type } = useProject();
  const teams = useProjectTeams(project);
  const { members, organization } = teams;
  const { data: user } = useSuspenseQuery(currentUserQuery());
  const access: SettingsAccess = settingsAccess(user, teams, organization) ?? { member: undefined, permissions: 0, isOwner: false, source: 'staff' };
  return { project, type, members, organization, access, user };
}
