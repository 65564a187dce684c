import type { QueryClient } from '@tanstack/react-query';
import { useSuspenseQueries } from '@tanstack/react-query';
import type { Project } from '@cairn/shared/schemas/projects';
import { organizationQueries } from '../../../features/organizations/api/organizations-queries';
import { projectQueries } from '../../../features/projects/api/projects-queries';
import type { ProjectTeams } from '../../../lib/project-permissions';
import type { ProjectTags } from '../../../features/projects/utils/tags';
import { tagQueries } from '../../../features/tags/api/tags-queries';

/**
 * What every project page needs, loaded by the project layout's loader and read by its pages:
 * the project (by the URL's id or slug), and the tag lists for ranges, labels and icons.
 */
export async function loadProject(queryClient: QueryClient, idOrSlug: string) {
  const project = await queryClient.ensureQueryData(projectQueries.detail(idOrSlug));
  // The same project under its other name, so the canonical URL needs no second request.
  for (const key of [project.slug, project.id]) queryClient.setQueryData(projectQueries.detail(key).queryKey, project);
  return project;
}

const tagQueryList = () => [tagQueries.categories(), tagQueries.loaders(), tagQueries.gameVersions()] as const;

export function ensureProjectTags(queryClient: QueryClient) {
  return Promise.all([
    queryClient.ensureQueryData(tagQueries.categories()),
    queryClient.ensureQueryData(tagQueries.loaders()),
    queryClient.ensureQueryData(tagQueries.gameVersions()),
  ]);
}

export function useProjectTagLists(): ProjectTags {
  const [{ data: categories }, { data: loaders }, { data: gameVersions }] = useSuspenseQueries({ queries: tagQueryList() });
  return { categories, loaders, gameVersions };
}

/** The teams whose members hold permissions on a project: its own and its organization's. */
export function ensureProjectTeams(queryClient: QueryClient, project: Project) {
  return Promise.all([queryClient.ensureQueryData(projectQueries.members(project.id)), queryClient.ensureQueryData(organizationQueries.ofProject(project))]);
}

export function useProjectTeams(project: Project): ProjectTeams & { organization: Awaited<ReturnType<typeof ensureProjectTeams>>[1] } {
  const [{ data: members }, { data: organization }] = useSuspenseQueries({ queries: [projectQueries.members(project.id), organizationQueries.ofProject(project)] as const });
  return { members, organization, organizationMembers: organization?.members ?? [] };
}

/** What the project layout waits for besides the project: its teams, versions and the tag lists. */
export function ensureProjectPage(queryClient: QueryClient, project: Project) {
  return Promise.all([ensureProjectTeams(queryClient, project), queryClient.ensureQueryData(projectQueries.versions(project.id)), ensureProjectTags(queryClient)]);
}
