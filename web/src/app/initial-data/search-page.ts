import type { ProjectType } from '@cairn/shared/constants/project-types';
import type { QueryClient } from '@tanstack/react-query';
import { readCosmetics } from '../../lib/cosmetics';
import { tagQueries } from '../../features/tags/api/tags-queries';
import { facetsNeedGroups } from '../../features/search/utils/facets';
import { buildFilterGroups, type FilterGroup } from '../../features/search/utils/filter-groups';
import { searchRequest } from '../../features/search/utils/search-request';
import { parseSearchParams } from '../../features/search/utils/search-state';
import { searchQueries } from '../../features/search/api/search-queries';

/**
 * A search page's data (the search route's loader and the entry, initial-data/index.ts): the tag lists (they define the filters) and the first page of results, as
 * the URL asks, all requested together. Only selected options that group with OR need the tags to
 * build the search request; then the search waits for them. A failing search (say, a hand-edited
 * filter) is shown on the page, not as an error page, so only the tags can reject.
 */
export async function prefetchSearchPage(queryClient: QueryClient, type: ProjectType, params: URLSearchParams): Promise<void> {
  const state = parseSearchParams(params);
  const mode = readCosmetics().searchDisplayMode[type];
  const prefetchResults = (groups: readonly FilterGroup[]) => queryClient.prefetchQuery(searchQueries.results(searchRequest(type, state, groups, mode)));
  const tags = Promise.all([
    queryClient.ensureQueryData(tagQueries.categories()),
    queryClient.ensureQueryData(tagQueries.loaders()),
    queryClient.ensureQueryData(tagQueries.gameVersions()),
  ]);
  if (!facetsNeedGroups(state)) {
    await Promise.all([tags, prefetchResults([])]);
    return;
  }
  const [categories, loaders, gameVersions] = await tags;
  await prefetchResults(buildFilterGroups(type, { categories, loaders, gameVersions }));
}
