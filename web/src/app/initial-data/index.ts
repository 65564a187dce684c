import { isProjectType, projectTypeFromSearchSegment, type ProjectType } from '@cairn/shared/constants/project-types';
import type { QueryClient } from '@tanstack/react-query';

/** The data modules, loaded on demand (replaced in tests). */
export interface InitialDataModules {
  search: () => Promise<{ prefetchSearchPage: (queryClient: QueryClient, type: ProjectType, params: URLSearchParams) => Promise<void> }>;
  project: () => Promise<{ prefetchProjectPage: (queryClient: QueryClient, idOrSlug: string) => Promise<void> }>;
}

const initialDataModules: InitialDataModules = {
  search: () => import('./search-page'),
  project: () => import('./project-page'),
};

/**
 * Starts the data requests of the page the visitor arrives on, from the entry, before the router
 * has loaded the page's code: search pages and project pages (the pages people land on from
 * outside). The route loaders ask for the same queries and find them under way, so nothing is
 * requested twice. The modules imported here are listed in route-preloads.ts, so the server's
 * HTML preloads them with the entry and the import costs no round trip of its own. A failure is
 * left to the route's loader, which asks again and shows the error.
 */
export function startInitialData(queryClient: QueryClient, { pathname, search }: Pick<Location, 'pathname' | 'search'>, pages: InitialDataModules = initialDataModules): void {
  const segments = pathname.split('/').filter(Boolean);
  const searchType = segments.length === 1 ? projectTypeFromSearchSegment(segments[0]!) : undefined;
  if (searchType) {
    void pages
      .search()
      .then(({ prefetchSearchPage }) => prefetchSearchPage(queryClient, searchType, new URLSearchParams(search)))
      .catch(() => {});
    return;
  }
  const [type, id, tab] = segments;
  if (type && id && (isProjectType(type) || type === 'project') && tab !== 'settings') {
    let idOrSlug: string;
    try {
      idOrSlug = decodeURIComponent(id);
    } catch {
      return;
    }
    void pages
      .project()
      .then(({ prefetchProjectPage }) => prefetchProjectPage(queryClient, idOrSlug))
      .catch(() => {});
  }
}
