import { VersionDiffSchema } from '@cairn/shared/schemas/version-diffs';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** `GET /v2/project/{id|slug}/compare?from=&to=` (operationId `compareVersions`). */
function compareVersions(project: string, from: string, to: string, signal?: AbortSignal) {
  return apiFetch(`/v2/project/${encodeURIComponent(project)}/compare`, { schema: VersionDiffSchema, query: { from, to }, signal });
}

export const versionDiffQueries = {
  compare: (projectId: string, from: string, to: string) =>
    queryOptions({
      queryKey: ['version-diffs', 'compare', projectId, from, to],
      queryFn: ({ signal }) => compareVersions(projectId, from, to, signal),
    }),
};
