import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProvider } from '../app/provider';
import { createRouteDiscovery } from '../app/route-discovery';

/** A fresh client per test: no retries (errors surface at once) and no shared cache between tests. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: Infinity },
      mutations: { retry: false },
    },
  });
}

type RoutesInput = RouteObject[] | ((queryClient: QueryClient) => RouteObject[]);

interface RenderRouteOptions {
  /** The URL to start at. */
  path?: string;
  queryClient?: QueryClient;
}

/**
 * Renders routes in a memory router with the app's providers. Pass the app's own route factory
 * (`createAppRoutes`) to test a page exactly as it is wired, loaders and error elements included.
 */
export function renderRoute(routes: RoutesInput, { path = '/', queryClient = createTestQueryClient() }: RenderRouteOptions = {}) {
  const router = createMemoryRouter(typeof routes === 'function' ? routes(queryClient) : routes, {
    initialEntries: [path],
    // As in the app: pages outside the catalogue are added on first use (app/route-discovery.ts).
    patchRoutesOnNavigation: createRouteDiscovery(queryClient),
  });
  const user = userEvent.setup();
  const result = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, queryClient, user };
}
