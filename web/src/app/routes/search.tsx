import { projectTypeFromSearchSegment, type ProjectType } from '@cairn/shared/constants/project-types';
import { useSuspenseQueries, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { data, useLocation, type LoaderFunction, type ShouldRevalidateFunction } from 'react-router';
import { searchQueries } from '../../features/search/api/search-queries';
import { SearchPage } from '../../features/search/components/search-page';
import { buildFilterGroups } from '../../features/search/utils/filter-groups';
import { searchRequest } from '../../features/search/utils/search-request';
import { parseSearchParams } from '../../features/search/utils/search-state';
import { tagQueries } from '../../features/tags/api/tags-queries';
import { readCosmetics } from '../../lib/cosmetics';
import { useHead } from '../../lib/head';
import { useT } from '../../lib/i18n/i18n-provider';

function searchType(pathname: string): ProjectType {
  const type = projectTypeFromSearchSegment(pathname.replace(/^\/+|\/+$/g, ''));
  if (!type) throw data('Not found', { status: 404 });
  return type;
}

/** Tags first (they define the filters), then the first page of results, as the URL asks. */
export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async ({ request }) => {
    const url = new URL(request.url);
    const type = searchType(url.pathname);
    const [categories, loaders, gameVersions] = await Promise.all([
      queryClient.ensureQueryData(tagQueries.categories()),
      queryClient.ensureQueryData(tagQueries.loaders()),
      queryClient.ensureQueryData(tagQueries.gameVersions()),
    ]);
    const groups = buildFilterGroups(type, { categories, loaders, gameVersions });
    const mode = readCosmetics().searchDisplayMode[type];
    // A failing search (say, a hand-edited filter) is shown on the page, not as an error page.
    await queryClient.prefetchQuery(searchQueries.results(searchRequest(type, parseSearchParams(url.searchParams), groups, mode)));
    return null;
  };

/** Typing and filtering only change the query string: the page fetches for itself then. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname !== nextUrl.pathname && defaultShouldRevalidate;

export function Component() {
  const t = useT();
  const type = searchType(useLocation().pathname);
  const [{ data: categories }, { data: loaders }, { data: gameVersions }] = useSuspenseQueries({
    queries: [tagQueries.categories(), tagQueries.loaders(), tagQueries.gameVersions()],
  });
  const groups = useMemo(() => buildFilterGroups(type, { categories, loaders, gameVersions }), [type, categories, loaders, gameVersions]);
  useHead({ title: t('search.title', { type: t(`search.typePlural.${type}`) }) });
  return <SearchPage key={type} type={type} groups={groups} categories={categories} loaders={loaders} />;
}
