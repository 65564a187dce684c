import { ReviewChecksSchema } from '@cairn/shared/schemas/review-checks';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** `GET /v2/project/{id}/review_checks` (operationId `getProjectReviewChecks`): the project's review pre-checks. */
export const getProjectReviewChecks = (project: string, signal?: AbortSignal) =>
  apiFetch(`/v2/project/${encodeURIComponent(project)}/review_checks`, { schema: ReviewChecksSchema, signal });

export const reviewChecksQueries = {
  all: () => ['review-checks'] as const,
  /** Always fetched again when shown: the team fixes findings on other pages, then comes back. */
  project: (project: string) =>
    queryOptions({
      queryKey: [...reviewChecksQueries.all(), 'project', project] as const,
      queryFn: ({ signal }) => getProjectReviewChecks(project, signal),
      staleTime: 0,
      retry: false,
    }),
};
