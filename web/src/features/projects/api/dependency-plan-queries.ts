import { DependencyPlanSchema } from '@cairn/shared/schemas/dependency-plan';
import type { VersionType } from '@cairn/shared/schemas/versions';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** What the website asks the dependency plan: projects (ids) for one loader and game version. */
export interface DependencyPlanRequest {
  projects: readonly string[];
  loader: string;
  gameVersion: string;
  versionTypes?: readonly VersionType[];
}

/** `POST /v2/dependency_plan` (operationId `planDependencies`). */
function planDependencies(request: DependencyPlanRequest, signal?: AbortSignal) {
  return apiFetch('/v2/dependency_plan', {
    method: 'POST',
    body: { projects: request.projects, loader: request.loader, game_version: request.gameVersion, ...(request.versionTypes ? { version_types: request.versionTypes } : {}) },
    schema: DependencyPlanSchema,
    signal,
  });
}

export const dependencyPlanQueries = {
  /** Under the projects domain, so a change to a project refreshes the plans too. */
  plan: (request: DependencyPlanRequest) =>
    queryOptions({
      queryKey: ['projects', 'dependency-plan', request.loader, request.gameVersion, request.versionTypes?.join(',') ?? 'all', ...request.projects] as const,
      queryFn: ({ signal }) => planDependencies(request, signal),
      staleTime: 5 * 60 * 1000,
    }),
};
