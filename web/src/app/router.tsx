import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunction, type RouteObject } from 'react-router';
import { RootError, RouteError } from '../components/errors/route-error';
import { AppShell } from '../components/layout/app-shell';
import { PageLoading } from '../components/layout/page-loading';
import { RootLayout } from '../components/layout/root-layout';

/**
 * What a lazy route module under app/routes exports. `createLoader` receives the app's QueryClient
 * and prefetches with `ensureQueryData`; `Component` reads the same query options.
 */
export interface RouteModule {
  Component: ComponentType;
  ErrorBoundary?: ComponentType;
  createLoader?: (queryClient: QueryClient) => LoaderFunction;
  handle?: unknown;
}

/** Code-split route: the module (and its chunk) loads on first navigation to it. */
function lazyRoute(queryClient: QueryClient, load: () => Promise<RouteModule>) {
  return async () => {
    const { createLoader, ...rest } = await load();
    return createLoader ? { ...rest, loader: createLoader(queryClient) } : rest;
  };
}

export function createAppRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      id: 'root',
      element: <RootLayout />,
      // Only reached if the layout itself throws; page errors stay inside the layout below.
      errorElement: <RootError />,
      hydrateFallbackElement: (
        <AppShell>
          <PageLoading />
        </AppShell>
      ),
      children: [
        {
          errorElement: <RouteError />,
          children: [
            { index: true, lazy: lazyRoute(queryClient, () => import('./routes/home')) },
            { path: '*', lazy: lazyRoute(queryClient, () => import('./routes/not-found')) },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(createAppRoutes(queryClient));
}
