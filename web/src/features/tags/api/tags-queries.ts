import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** The schemas load with the first request (the search page's first paint needs no zod). */
const tagSchemas = () => import('@cairn/shared/schemas/tags');

/** Tags change only when staff edit them: keep them for an hour without refetching. */
const TAG_STALE_TIME = 60 * 60 * 1000;

/** `GET /v2/tag/loader` (operationId `loaderList`): an array of `LoaderTagSchema`. */
function loaderList(signal?: AbortSignal) {
  return apiFetch('/v2/tag/loader', { loadSchema: () => tagSchemas().then((m) => m.LoaderListResponseSchema), signal });
}

/** `GET /v2/tag/category` (operationId `categoryList`): every (tag, project type) pair. */
function categoryList(signal?: AbortSignal) {
  return apiFetch('/v2/tag/category', { loadSchema: () => tagSchemas().then((m) => m.CategoryListResponseSchema), signal });
}

/** `GET /v2/tag/game_version` (operationId `versionList`): every game version, newest first. */
function versionList(signal?: AbortSignal) {
  return apiFetch('/v2/tag/game_version', { loadSchema: () => tagSchemas().then((m) => m.VersionListResponseSchema), signal });
}

export const tagQueries = {
  all: () => ['tags'] as const,
  loaders: () =>
    queryOptions({
      queryKey: [...tagQueries.all(), 'loaders'] as const,
      queryFn: ({ signal }) => loaderList(signal),
      staleTime: TAG_STALE_TIME,
    }),
  categories: () =>
    queryOptions({
      queryKey: [...tagQueries.all(), 'categories'] as const,
      queryFn: ({ signal }) => categoryList(signal),
      staleTime: TAG_STALE_TIME,
    }),
  gameVersions: () =>
    queryOptions({
      queryKey: [...tagQueries.all(), 'game-versions'] as const,
      queryFn: ({ signal }) => versionList(signal),
      staleTime: TAG_STALE_TIME,
    }),
};
