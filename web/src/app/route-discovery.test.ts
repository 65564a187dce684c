import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createRouteDiscovery, PAGES_ROUTE_ID } from './route-discovery';

vi.mock('./area-routes', () => ({
  createAreaRoutes: (): RouteObject[] => [{ id: 'area-page', path: 'area/:name', element: null }],
}));

const routes = (): RouteObject[] => [
  {
    id: 'root',
    children: [
      {
        id: PAGES_ROUTE_ID,
        children: [
          { id: 'project', path: 'mod/:id', element: null },
          { id: 'not-found', path: '*', element: null },
        ],
      },
    ],
  },
];

describe('lazy route discovery', () => {
  it('adds the area routes for a path only they match, and never for a catalogue page', async () => {
    const discover = createRouteDiscovery(new QueryClient());
    const patch = vi.fn();
    const pages = { route: { id: PAGES_ROUTE_ID }, pathname: '/' };
    await discover({ path: '/mod/lanternlight', matches: [pages, { route: { id: 'project' }, pathname: '/mod/lanternlight' }], patch } as never);
    expect(patch).not.toHaveBeenCalled();
    await discover({ path: '/area/one', matches: [pages, { route: { id: 'not-found' }, pathname: '/area/one' }], patch } as never);
    expect(patch).toHaveBeenCalledWith(PAGES_ROUTE_ID, [expect.objectContaining({ id: 'area-page' })]);
  });

  it('patches again when the router dropped an earlier patch (interrupted navigation)', async () => {
    const discover = createRouteDiscovery(new QueryClient());
    const matches = [{ route: { id: PAGES_ROUTE_ID }, pathname: '/' }, { route: { id: 'not-found' }, pathname: '/area/one' }];
    const dropped = vi.fn();
    const kept = vi.fn();
    await discover({ path: '/area/one', matches, patch: dropped } as never);
    await discover({ path: '/area/one', matches, patch: kept } as never);
    expect(dropped).toHaveBeenCalledTimes(1);
    expect(kept).toHaveBeenCalledTimes(1);
  });

  it('reaches an area page when the first navigation is interrupted by a second one', async () => {
    const router = createMemoryRouter(routes(), { initialEntries: ['/'], patchRoutesOnNavigation: createRouteDiscovery(new QueryClient()) });
    const first = router.navigate('/area/one');
    const second = router.navigate('/area/two');
    await Promise.all([first, second]);
    await vi.waitFor(() => expect(router.state.matches.at(-1)?.route.id).toBe('area-page'));
    expect(router.state.location.pathname).toBe('/area/two');
    // A later visit needs no new patch and still matches.
    await router.navigate('/area/three');
    expect(router.state.matches.at(-1)?.params).toEqual({ name: 'three' });
    router.dispose();
  });
});
