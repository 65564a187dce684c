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
 * together with the message areas its pages use (see lib/i18n/message-areas.ts). The route's
 * loader starts as soon as the module is there and waits for the messages only before the page
 * renders, so a page's data request never waits for its text.
 * The import is memoised so prefetching and navigating share it. A chunk that fails to load
 * (usually after a deploy) reloads the page, at most once per path per 10 s.
 */
export function lazyRoute(queryClient: QueryClient, load: () => Promise<RouteModule>, messageAreas: readonly MessageArea[] = []) {
  let loading: Promise<RouteModule> | undefined;
  const messages = () => ensureMessageAreas(messageAreas).catch(chunkFailure);
  return async () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      return chunkFailure(error);
    });
    const text = messages();
    const { createLoader, ...rest } = await loading;
    if (!createLoader) {
      await text;
      return rest;
    }
    const loader = createLoader(queryClient);
    return { ...rest, loader: async (...args: Parameters<LoaderFunction>) => (await Promise.all([loader(...args), messages()]))[0] as unknown };
  };
}

function chunkFailure(error: unknown): Promise<never> {
  if (reloadForChunkError(error)) return new Promise<never>(() => {});
  throw error;
}

/** Routes for the pages of one area's page table (see page-table.ts). */
export function areaPages<Table extends PageTable>(queryClient: QueryClient, loadTable: () => Promise<{ pages: Table }>) {
  return (page: keyof Table & string, messageAreas?: readonly MessageArea[]) =>
    lazyRoute(queryClient, pageFrom(loadTable, page) as () => Promise<RouteModule>, messageAreas);
}
