import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startInitialData } from '.';

const prefetchSearchPage = vi.fn(() => Promise.resolve());
const prefetchProjectPage = vi.fn(() => Promise.resolve());
const pages = { search: () => Promise.resolve({ prefetchSearchPage }), project: () => Promise.resolve({ prefetchProjectPage }) };

const queryClient = new QueryClient();

afterEach(() => {
  prefetchSearchPage.mockClear();
  prefetchProjectPage.mockClear();
});

describe('startInitialData', () => {
  it("starts a search page's data with its type and query", async () => {
    startInitialData(queryClient, { pathname: '/resourcepacks/', search: '?q=lantern&g=categories:decoration' }, pages);
    await vi.waitFor(() => expect(prefetchSearchPage).toHaveBeenCalledTimes(1));
    const [client, type, params] = prefetchSearchPage.mock.calls[0] as unknown as [QueryClient, string, URLSearchParams];
    expect(client).toBe(queryClient);
    expect(type).toBe('resourcepack');
    expect(params.get('q')).toBe('lantern');
    expect(prefetchProjectPage).not.toHaveBeenCalled();
  });

  it("starts a project page's data for each of its tabs and its permanent link, by the decoded id or slug", async () => {
    for (const pathname of ['/mod/lantern-light', '/plugin/lantern-light/versions', '/project/AbCd1234', '/mod/lantern%20light/version/1.2.0']) {
      startInitialData(queryClient, { pathname, search: '' }, pages);
    }
    await vi.waitFor(() => expect(prefetchProjectPage).toHaveBeenCalledTimes(4));
    expect(prefetchProjectPage.mock.calls.map((call) => (call as unknown[])[1])).toEqual(['lantern-light', 'lantern-light', 'AbCd1234', 'lantern light']);
  });

  it('starts nothing for other pages, settings pages and malformed addresses', async () => {
    for (const pathname of ['/', '/dashboard', '/mods/extra', '/mod', '/mod/x/settings/general', '/user/someone', '/mod/%E0%A4%A/']) {
      startInitialData(queryClient, { pathname, search: '' }, pages);
    }
    // A page that does start something, last: once it has, the others had their turn.
    startInitialData(queryClient, { pathname: '/mod/last', search: '' }, pages);
    await vi.waitFor(() => expect(prefetchProjectPage).toHaveBeenCalledTimes(1));
    expect(prefetchProjectPage).toHaveBeenCalledWith(queryClient, 'last');
    expect(prefetchSearchPage).not.toHaveBeenCalled();
  });

  it('leaves a failing request to the route loader (nothing thrown, nothing unhandled)', async () => {
    prefetchProjectPage.mockImplementationOnce(() => Promise.reject(new Error('404')));
    expect(() => startInitialData(queryClient, { pathname: '/mod/missing', search: '' }, pages)).not.toThrow();
    await vi.waitFor(() => expect(prefetchProjectPage).toHaveBeenCalledTimes(1));
  });
});
