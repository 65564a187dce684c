import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../testing/axe';
import { buildProject, buildSearchHit, buildSearchResults } from '../../testing/mocks/catalogue';
import { buildErrorBody } from '../../testing/mocks/factories';
import { server } from '../../testing/mocks/server';
import { renderRoute } from '../../testing/test-utils';
import { createAppRoutes } from '../router';

describe('home page', () => {
  it('shows the hero, random projects, the latest updates and what creators get', async () => {
    const { container } = renderRoute(createAppRoutes, { path: '/' });

    expect(await screen.findByRole('heading', { level: 1, name: 'The place for community-made game add-ons' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Discover mods' })).toHaveAttribute('href', '/mods');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/auth/sign-up');

    const random = within(screen.getByRole('group', { name: 'A few projects from the catalogue' }));
    expect(random.getByRole('link', { name: /Lanternlight/ })).toHaveAttribute('href', '/mod/lanternlight');
    expect(random.getByRole('link', { name: /Softstone/ })).toHaveAttribute('href', '/resourcepack/softstone');

    const latest = within(screen.getByRole('region', { name: 'Latest updates' }));
    expect(latest.getByRole('heading', { level: 3, name: 'Satchel' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Discover over 3 creations' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toContain('Open to every tool');

    await expectNoAxeViolations(container);
  });

  it('searches as you type in the live demo, with the sort chosen', async () => {
    const requests: URLSearchParams[] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname === '/v2/search' && url.searchParams.get('limit') === '3') requests.push(url.searchParams);
    });
    const { user } = renderRoute(createAppRoutes, { path: '/' });
    const demo = within(await screen.findByRole('region', { name: /Discover over/ }));
    const input = demo.getByRole('searchbox', { name: 'Search every project' });
    expect(input).toHaveValue('light');

    await user.clear(input);
    await user.type(input, 'satch');
    expect(input).toHaveValue('satch');
    expect(await demo.findByRole('heading', { level: 3, name: 'Satchel' })).toBeInTheDocument();
    await vi.waitFor(() => expect(demo.queryByRole('heading', { level: 3, name: 'Lanternlight' })).not.toBeInTheDocument());

    await user.selectOptions(demo.getByRole('combobox', { name: 'Sort by:' }), 'Downloads');
    await vi.waitFor(() => expect(requests.at(-1)?.get('index')).toBe('downloads'));
    expect(requests.at(-1)?.get('query')).toBe('satch');
    server.events.removeAllListeners();
  });

  it('renders only what the API sends and strips unsafe icon markup', async () => {
    const project = buildProject({ title: '<b>Bold</b> pack', slug: 'bold-pack', categories: ['magic'] });
    server.use(
      http.get('*/v2/projects_random', () => HttpResponse.json([project])),
      http.get('*/v2/tag/category', () =>
        HttpResponse.json([{ name: 'magic', project_type: 'mod', header: 'categories', icon: '<svg xmlns="http://www.w3.org/2000/svg"><script>window.pwned = true</script><path d="M0 0"/></svg>' }]),
      ),
      http.get('*/v2/search', () => HttpResponse.json(buildSearchResults([buildSearchHit(project)]))),
    );
    const { container } = renderRoute(createAppRoutes, { path: '/' });
    const latest = within(await screen.findByRole('region', { name: 'Latest updates' }));
    expect(latest.getByRole('heading', { level: 3, name: '<b>Bold</b> pack' })).toBeInTheDocument();
    expect(container.querySelector('b')).toBeNull();
    expect(latest.getByText('Magic').querySelector('svg path')).not.toBeNull();
    expect(container.querySelector('script')).toBeNull();
  });

  it('shows an accessible error with the status and API description on a 500, and retries', async () => {
    server.use(
      http.get('*/v2/projects_random', () =>
        HttpResponse.json(buildErrorBody({ error: 'internal_error', description: 'The catalogue is unavailable' }), { status: 500 }),
      ),
    );
    const { user, container } = renderRoute(createAppRoutes, { path: '/' });

    const heading = await screen.findByRole('heading', { level: 1, name: 'Uh oh!' });
    await vi.waitFor(() => expect(heading).toHaveFocus());
    const details = within(screen.getByRole('group'));
    expect(details.getByText('500')).toBeInTheDocument();
    expect(details.getByText('The catalogue is unavailable')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cairn home' })).toBeInTheDocument();
    await expectNoAxeViolations(container);

    server.resetHandlers();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'The place for community-made game add-ons' })).toBeInTheDocument();
  });
});

describe('home page when search fails', () => {
  it('keeps the page and says in place that the search sections failed, then retries them', async () => {
    server.use(
      http.get('*/v2/search', () => HttpResponse.json(buildErrorBody({ error: 'search_unavailable', description: 'The search index is unavailable' }), { status: 503 })),
    );
    const { user, container } = renderRoute(createAppRoutes, { path: '/' });

    expect(await screen.findByRole('heading', { level: 1, name: 'The place for community-made game add-ons' }, { timeout: 10_000 })).toBeInTheDocument();
    const latest = within(screen.getByRole('region', { name: 'Latest updates' }));
    const alert = await latest.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent('The latest updates could not be loaded.');
    expect(alert).toHaveTextContent('The search index is unavailable');
    expect(screen.queryByRole('heading', { level: 1, name: 'Uh oh!' })).not.toBeInTheDocument();
    await expectNoAxeViolations(container);

    server.resetHandlers();
    await user.click(latest.getByRole('button', { name: 'Try again' }));
    expect(await latest.findByRole('heading', { level: 3, name: 'Lanternlight' })).toBeInTheDocument();
  }, 30_000);

  it('tells a rate-limited visitor when to try again', async () => {
    server.use(
      http.get('*/v2/search', () =>
        HttpResponse.json(buildErrorBody({ error: 'ratelimit_error', description: 'Rate limit exceeded; retry after 1 minute.' }), {
          status: 429,
          headers: { 'retry-after': '42', 'x-ratelimit-reset': '42' },
        }),
      ),
    );
    renderRoute(createAppRoutes, { path: '/' });
    const latest = within(await screen.findByRole('region', { name: 'Latest updates' }, { timeout: 10_000 }));
    const alert = await latest.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent('Too many requests for now');
    expect(alert).toHaveTextContent('Try again in 42 seconds.');
  }, 30_000);

  it('shows when to try again on the error page when the page itself is rate limited', async () => {
    server.use(
      http.get('*/v2/projects_random', () =>
        HttpResponse.json(buildErrorBody({ error: 'ratelimit_error', description: 'Rate limit exceeded; retry after 1 minute.' }), {
          status: 429,
          headers: { 'retry-after': '30' },
        }),
      ),
    );
    renderRoute(createAppRoutes, { path: '/' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Uh oh!' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('Too many requests for now')).toBeInTheDocument();
    expect(screen.getByText(/Try again in 30 seconds\./)).toBeInTheDocument();
  }, 30_000);
});
