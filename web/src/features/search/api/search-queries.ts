import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** What the site sends to `GET /v2/search`; `facets` is the JSON text of the AND-of-OR groups. */
export interface SearchRequest {
  query?: string;
  facets?: string;
  index: string;
  offset: number;
  limit: number;
}

/**
 * `GET /v2/search` (operationId `searchProjects`). The schema is imported with the request, not
 * before it, so zod stays out of the search page's first download.
 */
function searchProjects(request: SearchRequest, signal?: AbortSignal) {
  return apiFetch('/v2/search', {
    loadSchema: () => import('@cairn/shared/schemas/search').then((m) => m.SearchResultsSchema),
    query: {
      query: request.query || undefined,
      facets: request.facets,
      index: request.index,
      offset: request.offset || undefined,
      limit: request.limit,
    },
    signal,
  });
}

export const searchQueries = {
  all: () => ['search'] as const,
  results: (request: SearchRequest) =>
    queryOptions({
      queryKey: [...searchQueries.all(), request] as const,
      // React Query aborts the signal when a newer request replaces this one before it answers.
      queryFn: ({ signal }) => searchProjects(request, signal),
      // Keep showing the previous results while the next ones load, instead of a blank list.
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),
};
