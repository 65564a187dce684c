import { OrganizationSchema, type Organization } from '@cairn/shared/schemas/organizations';
import { ProjectSchema, type PatchProjectsBody, type Project } from '@cairn/shared/schemas/projects';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';

const encode = encodeURIComponent;

/** `GET /v2/user/{id}/projects` (operationId `getUserProjects`): with the owner's session, drafts too. */
function getUserProjects(userId: string, signal?: AbortSignal) {
  return apiFetch(`/v2/user/${encode(userId)}/projects`, { schema: z.array(ProjectSchema), signal });
}

/** `GET /v2/user/{id}/organizations` (operationId `getUserOrganizations`): with the user's own session, invitations too. */
function getUserOrganizations(userId: string, signal?: AbortSignal) {
  return apiFetch(`/v2/user/${encode(userId)}/organizations`, { schema: z.array(OrganizationSchema), signal });
}

/** `GET /v2/organization/{id}/projects` (operationId `getOrganizationProjects`). */
function getOrganizationProjects(id: string, signal?: AbortSignal) {
  return apiFetch(`/v2/organization/${encode(id)}/projects`, { schema: z.array(ProjectSchema), signal });
}

/** `GET /v2/organizations?ids=[…]` (operationId `getOrganizations`). */
function getOrganizations(ids: readonly string[], signal?: AbortSignal) {
  return apiFetch('/v2/organizations', { query: { ids: JSON.stringify(ids) }, schema: z.array(OrganizationSchema), signal });
}

/** `PATCH /v2/projects?ids=[…]` (operationId `patchProjects`): the same change on several projects. */
export function patchProjects(ids: readonly string[], body: PatchProjectsBody) {
  return apiFetch('/v2/projects', { method: 'PATCH', query: { ids: JSON.stringify(ids) }, body, schema: z.unknown() });
}

/** What the dashboard shows of an organization: the mark beside the projects it owns. */
export interface OrganizationRef {
  id: string;
  slug: string;
  name: string;
  icon_url: string | null;
}

export interface DashboardProjects {
  /** The user's own projects (his project-team rows), then those he reaches only through his organizations. */
  projects: Project[];
  /** The organizations owning some of these projects (`project.organization`), to mark them with. */
  organizations: OrganizationRef[];
}

const toRef = ({ id, slug, name, icon_url }: Organization): OrganizationRef => ({ id, slug, name, icon_url });

/**
 * Every project the user works on: those of his project teams and those of the organizations he
 * has joined (accepted members act on them with the organization's permissions), each once.
 */
async function getDashboardProjects(userId: string, signal?: AbortSignal): Promise<DashboardProjects> {
  const [own, organizations] = await Promise.all([getUserProjects(userId, signal), getUserOrganizations(userId, signal)]);
  const joined = organizations.filter((organization) => organization.members.some((member) => member.user.id === userId && member.accepted));
  const throughOrganizations = await Promise.all(joined.map((organization) => getOrganizationProjects(organization.id, signal)));
  const byId = new Map(own.map((project) => [project.id, project]));
  for (const project of throughOrganizations.flat()) if (!byId.has(project.id)) byId.set(project.id, project);
  const projects = [...byId.values()];

  const known = new Map(organizations.map((organization) => [organization.id, toRef(organization)]));
  const named = [...new Set(projects.flatMap((project) => (project.organization === null ? [] : [project.organization])))];
  // A project-team member of an organization's project need not belong to the organization.
  const unknown = named.filter((id) => !known.has(id));
  if (unknown.length > 0) for (const organization of await getOrganizations(unknown, signal)) known.set(organization.id, toRef(organization));
  return { projects, organizations: named.flatMap((id) => known.get(id) ?? []) };
}

export const dashboardQueries = {
  all: () => ['dashboard'] as const,
  projects: (userId: string) =>
    queryOptions({
      queryKey: [...dashboardQueries.all(), 'projects', userId] as const,
      queryFn: ({ signal }) => getDashboardProjects(userId, signal),
    }),
};
