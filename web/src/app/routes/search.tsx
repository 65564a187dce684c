import { projectTypeFromSearchSegment, type ProjectType } from '@cairn/shared/constants/project-types';
import { useSuspenseQueries, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { data, useLocation, type LoaderFunction, type ShouldRevalidateFunction } from 'react-router';
import { searchQueries } from '../../features/search/api/search-queries';
import { SearchPage } from '../../features/search/components/search-page';
import { facetsNeedGroups, facetsQuery } from '../../features/search/utils/facets';
import { buildFilterGroups, type FilterGroup } from '../../features/search/utils/filter-groups';
import { searchRequest } from '../../features/search/utils/search-request';
import { parseSearchParams } from '../../features/search/utils/search-state';
import { tagQueries } from '../../features/tags/api/tags-queries';
import { feedUrls } from '../../config/feeds';
import { readCosmetics } from '../../lib/cosmetics';
import { useHead } from '../../lib/head';
import { useT } from '../../lib/i18n/i18n-provider';

function searchType(pathname: string): ProjectType {
  const type = projectTypeFromSearchSegment(pathname.replace(/^\/+|\/+$/g, ''));
  if (!type) throw data('Not found', { status: 404 });
  return type;
}

/**
 * The tag lists (they define the filters) and the first page of results, as the URL asks, all
 * requested together. Only selected options that group with OR need the tags to build the
 * search request; then the search waits for them.
 */
export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async ({ request }) => {
    const url = new URL(request.url);
    const type = searchType(url.pathname);
    const state = parseSearchParams(url.searchParams);
    const mode = readCosmetics().searchDisplayMode[type];
    // A failing search (say, a hand-edited filter) is shown on the page, not as an error page.
    const prefetchResults = (groups: readonly FilterGroup[]) => queryClient.prefetchQuery(searchQueries.results(searchRequest(type, state, groups, mode)));
    const tags = Promise.all([
      queryClient.ensureQueryData(tagQueries.categories()),
      queryClient.ensureQueryData(tagQueries.loaders()),
      queryClient.ensureQueryData(tagQueries.gameVersions()),
    ]);
    if (!facetsNeedGroups(state)) {
      await Promise.all([tags, prefetchResults([])]);
      return null;
    }
    const [categories, loaders, gameVersions] = await tags;
    await prefetchResults(buildFilterGroups(type, { categories, loaders, gameVersions }));
    return null;
  };

/** Typing and filtering only change the query string: the page fetches for itself then. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname !== nextUrl.pathname && defaultShouldRevalidate;

export function Component() {
  const t = useT();
  const location = useLocation();
  const type = searchType(location.pathname);
  const [{ data: categories }, { data: loaders }, { data: gameVersions }] = useSuspenseQueries({
    queries: [tagQueries.categories(), tagQueries.loaders(), tagQueries.gameVersions()],
  });
  const groups = useMemo(() => buildFilterGroups(type, { categories, loaders, gameVersions }), [type, categories, loaders, gameVersions]);
  // The feed follows the search as typed and filtered: the same text and facets the page asks the API for.
  const state = parseSearchParams(new URLSearchParams(location.search));
  const feed = feedUrls.search({ query: state.query.trim(), facets: facetsQuery(type, state, groups) });
  const typePlural = t(`search.typePlural.${type}`);
  useHead({ title: t('search.title', { type: typePlural }), feeds: [{ title: t('feeds.title.search', { type: typePlural }), href: feed }] });
  return <SearchPage key={type} type={type} groups={groups} categories={categories} loaders={loaders} />;
}
