import { queryOptions } from '@tanstack/react-query';
import { HttpError } from '../../../lib/api-client';
import { getOrganization, getOrganizationProjects, getProjectOrganization, getUserOrganizations } from './organizations-api';

/** Query options for organizations; keys start with `organizations` so mutations refresh them all at once. */
export const organizationQueries = {
  detail: (idOrSlug: string) => queryOptions({ queryKey: ['organizations', 'detail', idOrSlug.toLowerCase()], queryFn: ({ signal }) => getOrganization(idOrSlug, signal) }),
  projects: (idOrSlug: string) =>
    queryOptions({ queryKey: ['organizations', 'projects', idOrSlug.toLowerCase()], queryFn: ({ signal }) => getOrganizationProjects(idOrSlug, signal) }),
  ofUser: (user: string) => queryOptions({ queryKey: ['organizations', 'user', user.toLowerCase()], queryFn: ({ signal }) => getUserOrganizations(user, signal) }),
  /** The organization owning a project, or null when it has none (asked only when the project names one) or the caller may not see it. */
  ofProject: (project: { id: string; organization: string | null }) =>
    queryOptions({
      queryKey: ['organizations', 'project', project.id, project.organization],
      queryFn: async ({ signal }) => {
        if (project.organization === null) return null;
        try {
          return await getProjectOrganization(project.id, signal);
        } catch (error) {
          if (error instanceof HttpError && error.status === 404) return null;
          throw error;
        }
      },
    }),
};
