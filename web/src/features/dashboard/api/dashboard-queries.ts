import { ProjectSchema, type PatchProjectsBody } from '@cairn/shared/schemas/projects';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';

const encode = encodeURIComponent;

/** `GET /v2/user/{id}/projects` (operationId `getUserProjects`): with the owner's session, drafts too. */
function getUserProjects(userId: string, signal?: AbortSignal) {
  return apiFetch(`/v2/user/${encode(userId)}/projects`, { schema: z.array(ProjectSchema), signal });
}

/** `PATCH /v2/projects?ids=[…]` (operationId `patchProjects`): the same change on several projects. */
export function patchProjects(ids: readonly string[], body: PatchProjectsBody) {
  return apiFetch('/v2/projects', { method: 'PATCH', query: { ids: JSON.stringify(ids) }, body, schema: z.unknown() });
}

export const dashboardQueries = {
  all: () => ['dashboard'] as const,
  projects: (userId: string) =>
    queryOptions({
      queryKey: [...dashboardQueries.all(), 'projects', userId] as const,
      queryFn: ({ signal }) => getUserProjects(userId, signal),
    }),
};
