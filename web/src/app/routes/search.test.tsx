import { act, screen, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readCookie } from '../../lib/cookies';
import { expectNoAxeViolations } from '../../testing/axe';
import { buildProject, buildSearchHit, buildSearchResults } from '../../testing/mocks/catalogue';
import { server } from '../../testing/mocks/server';
import { renderRoute } from '../../testing/test-utils';
import { createAppRoutes } from '../router';

/** Every search request the page makes, newest last. */
function recordSearches() {
  const requests: URLSearchParams[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname === '/v2/search') requests.push(url.searchParams);
  });
  return requests;
}

afterEach(() => server.events.removeAllListeners());

const facetsOf = (params: URLSearchParams | undefined) => JSON.parse(params?.get('facets') ?? '[]') as string[][];

describe('search page', () => {
  it('shows the results of the URL, with the filters of the type and their counts', async () => {
    server.use(
      http.get('*/v2/search', () =>
        HttpResponse.json(
          buildSearchResults([buildSearchHit(buildProject())], {
            facet_counts: {
              categories: { decoration: 7 },
              versions: { '1.21': 4 },
              project_type: {},
              loaders: { fabric: 12, forge: 3 },
              client_side: {},
              server_side: {},
              license: {},
              open_source: { true: 2 },
            },
          }),
        ),
      ),
    );
    const { container } = renderRoute(createAppRoutes, { path: '/mods' });

    expect(await screen.findByRole('heading', { level: 2, name: 'Lanternlight' })).toBeInTheDocument();
    expect(document.querySelector('h1')).toHaveTextContent('Search mods');
    const filters = within(screen.getByRole('complementary', { name: 'Filters' }));
    expect(await filters.findByRole('heading', { level: 2, name: 'Loaders' })).toBeInTheDocument();
    expect(filters.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Loaders', 'Game versions', 'Categories', 'Environment', 'License']);
    expect(filters.getByRole('checkbox', { name: /Fabric/ }).closest('label')).toHaveTextContent('Fabric12');
    expect(filters.getByRole('checkbox', { name: /Decoration/ }).closest('label')).toHaveTextContent('Decoration7');
    // Releases only until "Show all versions".
    expect(filters.queryByRole('checkbox', { name: /24w14a/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mods' })).toHaveAttribute('aria-current', 'page');
    await expectNoAxeViolations(container);
  });

  it('filters with OR within a group, AND across groups and exclusions, keeping it all in the URL', async () => {
    const requests = recordSearches();
    const { user, router } = renderRoute(createAppRoutes, { path: '/mods' });
    const filters = within(await screen.findByRole('complementary', { name: 'Filters' }));

    await user.click(await filters.findByRole('checkbox', { name: /Fabric/ }));
    await user.click(filters.getByRole('checkbox', { name: /Quilt/ }));
    await user.click(filters.getByRole('button', { name: 'Exclude Forge' }));
    await user.click(filters.getByRole('checkbox', { name: /Decoration/ }));
    await user.click(filters.getByRole('checkbox', { name: /1\.21$/ }));

    await vi.waitFor(() =>
      expect(facetsOf(requests.at(-1))).toEqual([
        ['project_type:mod'],
        ['categories:decoration'],
        ['categories!=forge'],
        ['categories:fabric', 'categories:quilt'],
        ['versions:1.21'],
      ]),
    );
    expect(router.state.location.search).toBe(
      '?f=categories%3Adecoration&g=categories%3Afabric&g=categories%3Aquilt&g=categories%21%3Dforge&v=1.21',
    );
    expect(filters.getByRole('button', { name: 'Exclude Forge' })).toHaveAttribute('aria-pressed', 'true');

    const chips = within(screen.getByRole('list', { name: 'Active filters' }));
    expect(chips.getByRole('button', { name: 'Remove exclusion of Forge' })).toBeInTheDocument();
    await user.click(chips.getByRole('button', { name: 'Remove filter Quilt' }));
    await vi.waitFor(() => expect(router.state.location.search).not.toContain('quilt'));

    await user.click(screen.getByRole('button', { name: 'Clear all filters' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
    // The unfiltered results are still cached from the first visit.
    expect(filters.getByRole('checkbox', { name: /Fabric/ })).not.toBeChecked();
    expect(filters.getByRole('button', { name: 'Exclude Forge' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('list', { name: 'Active filters' })).not.toBeInTheDocument();
  });

  it('maps environments to side facets and reads legacy parameters', async () => {
    const requests = recordSearches();
    renderRoute(createAppRoutes, { path: '/mods?e=client&l=true&o=20' });
    await screen.findByRole('complementary', { name: 'Filters' });
    await vi.waitFor(() => expect(requests.length).toBeGreaterThan(0));
    expect(facetsOf(requests[0])).toEqual([
      ['project_type:mod'],
      ['open_source:true'],
      ['client_side:optional', 'client_side:required'],
      ['server_side:optional', 'server_side:unsupported'],
    ]);
    expect(requests[0]?.get('offset')).toBe('20');
    expect(await screen.findByRole('checkbox', { name: /Open source/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /^Client/ })).toBeChecked();
  });

  it('searches as you type without losing keystrokes and keeps the query in the URL', async () => {
    const requests = recordSearches();
    const { user, router } = renderRoute(createAppRoutes, { path: '/mods' });
    const input = await screen.findByRole('searchbox', { name: 'Search mods' });
    await user.type(input, 'satchel');
    expect(input).toHaveValue('satchel');
    expect(await screen.findByRole('heading', { level: 2, name: 'Satchel' })).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByRole('heading', { level: 2, name: 'Lanternlight' })).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('?q=satchel');
    // Typing is debounced: far fewer searches than keystrokes, the last one for the whole word.
    expect(requests.length).toBeLessThan(7);
    expect(requests.at(-1)?.get('query')).toBe('satchel');

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(input).toHaveValue('');
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('cancels a search that a newer one replaced', async () => {
    let aborted = 0;
    server.use(
      http.get('*/v2/search', async ({ request }) => {
        const query = new URL(request.url).searchParams.get('query');
        if (query === 'slow') {
          await new Promise<void>((resolve) => request.signal.addEventListener('abort', () => resolve()));
          aborted++;
          return HttpResponse.error();
        }
        return HttpResponse.json(buildSearchResults([buildSearchHit(buildProject({ title: `Result for ${query ?? 'nothing'}` }))]));
      }),
    );
    const { user } = renderRoute(createAppRoutes, { path: '/mods' });
    const input = await screen.findByRole('searchbox', { name: 'Search mods' });
    await user.type(input, 'slow{Enter}');
    await user.clear(input);
    await user.type(input, 'fast{Enter}');
    expect(await screen.findByRole('heading', { level: 2, name: 'Result for fast' })).toBeInTheDocument();
    await vi.waitFor(() => expect(aborted).toBe(1));
  });

  it('changes sort and page size, and pages through results', async () => {
    const requests = recordSearches();
    server.use(
      http.get('*/v2/search', ({ request }) => {
        const offset = Number(new URL(request.url).searchParams.get('offset') ?? 0);
        return HttpResponse.json(buildSearchResults([buildSearchHit(buildProject({ title: `At ${offset}` }))], { total_hits: 45, offset }));
      }),
    );
    const { user, router } = renderRoute(createAppRoutes, { path: '/mods' });
    await screen.findByRole('heading', { level: 2, name: 'At 0' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by:' }), 'Alphabetical');
    await vi.waitFor(() => expect(requests.at(-1)?.get('index')).toBe('title'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'View:' }), '10');
    await vi.waitFor(() => expect(requests.at(-1)?.get('limit')).toBe('10'));

    const pages = within(screen.getByRole('navigation', { name: 'Result pages' }));
    expect(pages.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await user.click(pages.getByRole('button', { name: 'Page 5' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'At 40' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?s=title&m=10&page=5');
    expect(within(screen.getByRole('navigation', { name: 'Result pages' })).getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('cycles list → grid → gallery, remembers it per type and snaps the page size', async () => {
    const requests = recordSearches();
    const { user, container } = renderRoute(createAppRoutes, { path: '/mods' });
    await screen.findByRole('heading', { level: 2, name: 'Lanternlight' });
    expect(container.querySelector('.project-list--list')).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Switch to Grid view' }));
    expect(container.querySelector('.project-list--grid')).not.toBeNull();
    await vi.waitFor(() => expect(requests.at(-1)?.get('limit')).toBe('18'));
    expect(JSON.parse(readCookie('cairn-cosmetics') ?? '{}').searchDisplayMode.mod).toBe('grid');

    await user.click(screen.getByRole('button', { name: 'Switch to Gallery view' }));
    expect(container.querySelector('.project-list--gallery')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Switch to List view' }));
    expect(container.querySelector('.project-list--list')).not.toBeNull();
  });

  it('opens resource packs in the gallery view by default', async () => {
    const { container } = renderRoute(createAppRoutes, { path: '/resourcepacks' });
    await screen.findByRole('heading', { level: 2, name: 'Softstone' });
    expect(container.querySelector('.project-list--gallery')).not.toBeNull();
    const filters = within(screen.getByRole('complementary', { name: 'Filters' }));
    expect(await filters.findByRole('heading', { level: 2, name: 'Resolutions' })).toBeInTheDocument();
  });

  it('says so when nothing matches', async () => {
    server.use(http.get('*/v2/search', () => HttpResponse.json(buildSearchResults([]))));
    renderRoute(createAppRoutes, { path: '/plugins?q=nothing' });
    expect(await screen.findByText('No results found for your query!')).toBeInTheDocument();
  });

  it('follows the URL when it changes for another reason (Back)', async () => {
    const { router } = renderRoute(createAppRoutes, { path: '/mods?q=satchel' });
    const input = await screen.findByRole('searchbox', { name: 'Search mods' });
    expect(input).toHaveValue('satchel');
    await act(() => router.navigate('/mods?q=lantern'));
    await vi.waitFor(() => expect(input).toHaveValue('lantern'));
  });
});

describe('search page over a slow API', () => {
  it('asks for the tag lists and the results together rather than one after another', async () => {
    const started = new Map<string, number>();
    const answered = new Map<string, number>();
    server.events.on('request:start', ({ request }) => {
      const path = new URL(request.url).pathname;
      if (!started.has(path)) started.set(path, performance.now());
    });
    server.events.on('response:mocked', ({ request }) => {
      const path = new URL(request.url).pathname;
      if (!answered.has(path)) answered.set(path, performance.now());
    });
    // Every API answer takes a while; the real handlers answer after the delay.
    server.use(
      http.all('*/v2/*', async () => {
        await delay(200);
      }),
    );
    renderRoute(createAppRoutes, { path: '/mods?q=lantern' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Lanternlight' }, { timeout: 10_000 })).toBeInTheDocument();

    const search = started.get('/v2/search');
    const tagAnswers = ['/v2/tag/category', '/v2/tag/loader', '/v2/tag/game_version'].map((path) => answered.get(path));
    expect(search).toBeDefined();
    for (const answer of tagAnswers) {
      expect(answer).toBeDefined();
      // The search was sent before any tag list came back.
      expect(search).toBeLessThan(answer ?? 0);
    }
  }, 15_000);
});

describe('search page by keyboard', () => {
  it('reaches the search box in a few Tab presses, ahead of the long filter lists', async () => {
    const { user } = renderRoute(createAppRoutes, { path: '/mods' });
    const box = await screen.findByRole('searchbox', { name: 'Search mods' }, { timeout: 10_000 });
    await screen.findByRole('checkbox', { name: /1\.21/ }, { timeout: 10_000 });
    // From the top of the page, past the header's links, to the link that skips the filters.
    const skip = screen.getByRole('link', { name: 'Skip filters, go to the search box' });
    let presses = 0;
    while (document.activeElement !== skip && presses < 200) {
      await user.tab();
      presses++;
    }
    const headerStops = [...document.querySelectorAll('header a, header button')].length;
    // The skip link comes right after the header (and "Skip to content").
    expect(presses).toBeLessThanOrEqual(headerStops + 2);
    expect(presses).toBeLessThan(20);
    await user.keyboard('{Enter}');
    expect(box).toHaveFocus();
    // The filters stay in the tab order, right after the skip link.
    skip.focus();
    await user.tab();
    expect(within(screen.getByRole('complementary', { name: 'Filters' })).getAllByRole('button')).toContain(document.activeElement);
  }, 30_000);
});
