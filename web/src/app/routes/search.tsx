import { projectTypeFromSearchSegment, type ProjectType } from '@cairn/shared/constants/project-types';
import { useSuspenseQueries, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { data, useLocation, type LoaderFunction, type ShouldRevalidateFunction } from 'react-router';
import { prefetchSearchPage } from '../initial-data/search-page';
import { SearchPage } from '../../features/search/components/search-page';
import { facetsQuery } from '../../features/search/utils/facets';
import { buildFilterGroups } from '../../features/search/utils/filter-groups';
import { parseSearchParams } from '../../features/search/utils/search-state';
import { tagQueries } from '../../features/tags/api/tags-queries';
import { feedUrls } from '../../config/feeds';
import { useHead } from '../../lib/head';
import { useT } from '../../lib/i18n/i18n-provider';

function searchType(pathname: string): ProjectType {
  const type = projectTypeFromSearchSegment(pathname.replace(/^\/+|\/+$/g, ''));
  if (!type) throw data('Not found', { status: 404 });
  return type;
}

/** The page's tags and first results (see initial-data/search-page.ts; the entry may have started them already). */
export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async ({ request }) => {
    const url = new URL(request.url);
    await prefetchSearchPage(queryClient, searchType(url.pathname), url.searchParams);
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
