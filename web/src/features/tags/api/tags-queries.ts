import { LoaderListResponseSchema } from '@cairn/shared/schemas/tags';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** Tags change only when staff edit them: keep them for an hour without refetching. */
const TAG_STALE_TIME = 60 * 60 * 1000;

/** `GET /v2/tag/loader` (operationId `loaderList`): an array of `LoaderTagSchema`. */
export function loaderList(signal?: AbortSignal) {
  return apiFetch('/v2/tag/loader', { schema: LoaderListResponseSchema, signal });
}

export const tagQueries = {
  all: () => ['tags'] as const,
  loaders: () =>
    queryOptions({
      queryKey: [...tagQueries.all(), 'loaders'] as const,
      queryFn: ({ signal }) => loaderList(signal),
      staleTime: TAG_STALE_TIME,
    }),
};
