import { useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { data } from 'react-router';
import { projectQueries } from '../../../../features/projects/api/projects-queries';
import { useProject } from '../../../../features/projects/hooks/use-project-page';
import { settingsAccess, type SettingsAccess } from '../../../../features/project-settings/utils/permissions';
import { currentUserQuery } from '../../../../lib/auth';
import { loadProject } from '../shared';

/**
 * Loads what every settings page needs and decides access: team members (and staff) get in;
 * everyone else gets the same "Project not found" page as for a project they cannot see.
 */
export async function loadSettings(queryClient: QueryClient, idOrSlug: string) {
  const [user, project] = await Promise.all([queryClient.ensureQueryData(currentUserQuery()), loadProject(queryClient, idOrSlug)]);
  const members = await queryClient.ensureQueryData(projectQueries.members(project.id));
  if (!settingsAccess(user, members)) throw data('Not found', { status: 404 });
  return project;
}

/** The project, its members and the viewer's access, for a settings page (the layout's loader ran). */
export function useProjectSettings() {
  const { project, type } = useProject();
  const { data: members } = useSuspenseQuery(projectQueries.members(project.id));
  const { data: user } = useSuspenseQuery(currentUserQuery());
  const access: SettingsAccess = settingsAccess(user, members) ?? { member: undefined, permissions: 0, isOwner: false };
  return { project, type, members, access, user };
}
