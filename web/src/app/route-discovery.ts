import type { QueryClient } from '@tanstack/react-query';
import type { PatchRoutesOnNavigationFunction, RouteObject } from 'react-router';
import { reloadForChunkError } from '../lib/chunk-reload';

/** The route holding every page, and its catch-all 404 route (see router.tsx). */
export const PAGES_ROUTE_ID = 'pages';
export const NOT_FOUND_ROUTE_ID = 'not-found';

const loaders = new WeakMap<QueryClient, () => Promise<RouteObject[]>>();

/**
 * Loads the routes of area-routes.tsx once per QueryClient: navigation and link prefetching share
 * the same route objects, so a page prefetched on hover is not imported again on click.
 */
export function areaRoutesLoader(queryClient: QueryClient): () => Promise<RouteObject[]> {
  let loader = loaders.get(queryClient);
  if (!loader) {
    let loading: Promise<RouteObject[]> | undefined;
    loader = () =>
      (loading ??= import('./area-routes')
        .then((module) => module.createAreaRoutes(queryClient))
        .catch((error: unknown) => {
          loading = undefined;
          if (reloadForChunkError(error)) return new Promise<never>(() => {});
          throw error;
        }));
    loaders.set(queryClient, loader);
  }
  return loader;
}

const withoutTrailingSlash = (path: string) => path.replace(/(.)\/+$/, '$1');

/**
 * The router's lazy route discovery. The router asks on paths with dynamic segments, handing over
 * its best (possibly partial) match: a path that no route matches completely, or only the
 * catch-all 404 route, may belong to an area not added yet, so the area routes are handed over
 * and the path matched again. Catalogue pages are matched completely and never load them.
 *
 * There is deliberately no "already added" flag: the router ignores a patch made for a navigation
 * that was interrupted meanwhile (a revalidation or a second click during the first page load), so
 * the next navigation must be able to patch again. Patching routes the router already holds
 * changes nothing (it skips routes equal to existing ones).
 */
export function createRouteDiscovery(queryClient: QueryClient): PatchRoutesOnNavigationFunction {
  return async ({ path, matches, patch }) => {
    const last = matches.at(-1);
    const matchedCompletely = last !== undefined && last.route.id !== NOT_FOUND_ROUTE_ID && withoutTrailingSlash(last.pathname) === withoutTrailingSlash(path);
    if (matchedCompletely || !matches.some((match) => match.route.id === PAGES_ROUTE_ID)) return;
    patch(PAGES_ROUTE_ID, await areaRoutesLoader(queryClient)());
  };
}
