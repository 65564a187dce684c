import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { LoaderFunction, ShouldRevalidateFunction } from 'react-router';
import type { RouteHandle } from '../components/layout/route-handle';
import { reloadForChunkError } from '../lib/chunk-reload';
import type { MessageArea } from '../lib/i18n/catalogs';
import { ensureMessageAreas } from '../lib/i18n/message-areas';
import { pageFrom, type PageTable } from './page-table';

/**
 * What a lazy route module under app/routes exports. `createLoader` receives the app's QueryClient
 * and prefetches with `ensureQueryData`; `Component` reads the same query options.
 */
export interface RouteModule {
  Component: ComponentType;
  ErrorBoundary?: ComponentType;
  createLoader?: (queryClient: QueryClient) => LoaderFunction;
  /** When to run the loader again (default: every navigation to the route, query changes included). */
  shouldRevalidate?: ShouldRevalidateFunction;
  handle?: RouteHandle;
}

/**
 * Code-split route: the module (and its chunk) loads on first navigation or on link prefetch,
 * together with the message areas its pages use (see lib/i18n/message-areas.ts).
 * The import is memoised so prefetching and navigating share it. A chunk that fails to load
 * (usually after a deploy) reloads the page, at most once per path per 10 s.
 */
export function lazyRoute(queryClient: QueryClient, load: () => Promise<RouteModule>, messageAreas: readonly MessageArea[] = []) {
  let loading: Promise<RouteModule> | undefined;
  return async () => {
    loading ??= Promise.all([load(), ensureMessageAreas(messageAreas)])
      .then(([module]) => module)
      .catch((error: unknown) => {
        loading = undefined;
        if (reloadForChunkError(error)) return new Promise<never>(() => {});
        throw error;
      });
    const { createLoader, ...rest } = await loading;
    return createLoader ? { ...rest, loader: createLoader(queryClient) } : rest;
  };
}

/** Routes for the pages of one area's page table (see page-table.ts). */
export function areaPages<Table extends PageTable>(queryClient: QueryClient, loadTable: () => Promise<{ pages: Table }>) {
  return (page: keyof Table & string, messageAreas?: readonly MessageArea[]) =>
    lazyRoute(queryClient, pageFrom(loadTable, page) as () => Promise<RouteModule>, messageAreas);
}
