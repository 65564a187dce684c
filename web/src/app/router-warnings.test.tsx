import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../testing/test-utils';
import { createAppRoutes } from './router';

afterEach(() => vi.restoreAllMocks());

/**
 * React Router warns when the deepest route it matched renders nothing. A full load of a page the
 * router discovers later (every area page) matched only the page area's route while the area's
 * routes were being added, and an unknown address ends on the 404 route, whose loader throws: both
 * used to log "Matched leaf route … does not have an element or Component" on every load.
 */
describe('the route tables', () => {
  it.each([
    ['an area page, discovered on this load', '/settings', 'Appearance'],
    ['an unknown address', '/no/such/page', 'Page not found'],
  ])('load %s without React Router warnings', async (_, path, heading) => {
    const warn = vi.spyOn(console, 'warn');
    renderRoute(createAppRoutes, { path });
    expect(await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 15_000 })).toBeInTheDocument();
    expect(warn.mock.calls.map(([message]) => String(message)).filter((message) => message.includes('route'))).toEqual([]);
  });
});
