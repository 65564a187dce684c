import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildProject } from '../../testing/mocks/catalogue';
import { server } from '../../testing/mocks/server';
import { renderRoute } from '../../testing/test-utils';
import { createAppRoutes } from '../router';

/** The Atom feeds the page announces in its head (`<link rel="alternate" type="application/atom+xml">`). */
function headFeeds(): Array<{ title: string | null; href: string }> {
  return [...document.head.querySelectorAll('link[rel="alternate"][type="application/atom+xml"]')].map((link) => ({
    title: link.getAttribute('title'),
    href: new URL(link.getAttribute('href') ?? '').pathname + new URL(link.getAttribute('href') ?? '').search,
  }));
}

const collection = (overrides: Record<string, unknown> = {}) => ({
  id: 'CoLl0001',
  user: 'UsEr0001',
  name: 'Cozy caves',
  description: 'Lights for dark places.',
  icon_url: null,
  color: null,
  status: 'listed',
  created: '2025-01-01T00:00:00Z',
  updated: '2025-01-02T00:00:00Z',
  projects: ['PrOj0001'],
  ...overrides,
});

describe('Atom feed links', () => {
  // The head outlives a test's render: start each test from an empty one.
  const clearHead = () => {
    document.title = '';
    document.head.querySelectorAll('link').forEach((link) => link.remove());
  };
  beforeEach(clearHead);

  it('announce and show the release feed of a public project', async () => {
    renderRoute(createAppRoutes, { path: '/mod/lanternlight' });
    const link = await screen.findByRole('link', { name: 'Release feed' });
    expect(new URL(link.getAttribute('href')!).pathname).toBe('/v2/project/PrOj0001/feed.atom');
    expect(link).toHaveAttribute('type', 'application/atom+xml');
    await vi.waitFor(() => expect(headFeeds()).toEqual([{ title: 'Lanternlight – new versions', href: '/v2/project/PrOj0001/feed.atom' }]));
  });

  it('offer no feed for a project only its team sees', async () => {
    server.use(http.get('*/v2/project/:id', () => HttpResponse.json(buildProject({ status: 'draft' }))));
    renderRoute(createAppRoutes, { path: '/mod/lanternlight' });
    await screen.findByRole('heading', { level: 1, name: 'Lanternlight' });
    await vi.waitFor(() => expect(document.title).toBe('Lanternlight – Mod – Cairn'));
    expect(headFeeds()).toEqual([]);
    expect(screen.queryByRole('link', { name: 'Release feed' })).not.toBeInTheDocument();
  });

  it("announce and show a user's release feed", async () => {
    renderRoute(createAppRoutes, { path: '/user/Tinkerwren' });
    const link = await screen.findByRole('link', { name: 'Release feed' });
    expect(new URL(link.getAttribute('href')!).pathname).toBe('/v2/user/UsEr0001/feed.atom');
    await vi.waitFor(() => expect(headFeeds()).toEqual([{ title: 'Tinkerwren – new versions', href: '/v2/user/UsEr0001/feed.atom' }]));
  });

  it('announce and show the feed of a collection anyone may see, and none for a private one', async () => {
    server.use(
      http.get('*/v2/collection/:id', () => HttpResponse.json(collection())),
      http.get('*/v2/projects', () => HttpResponse.json([buildProject()])),
    );
    const { unmount } = renderRoute(createAppRoutes, { path: '/collection/CoLl0001' });
    const link = await screen.findByRole('link', { name: 'Release feed' });
    expect(new URL(link.getAttribute('href')!).pathname).toBe('/v2/collection/CoLl0001/feed.atom');
    await vi.waitFor(() => expect(headFeeds()).toEqual([{ title: 'Cozy caves – new versions', href: '/v2/collection/CoLl0001/feed.atom' }]));
    unmount();
    clearHead();

    server.use(http.get('*/v2/collection/:id', () => HttpResponse.json(collection({ status: 'private' }))));
    renderRoute(createAppRoutes, { path: '/collection/CoLl0001' });
    await screen.findByRole('heading', { level: 1, name: 'Cozy caves' });
    await vi.waitFor(() => expect(document.title).toBe('Cozy caves – collection – Cairn'));
    expect(headFeeds()).toEqual([]);
    expect(screen.queryByRole('link', { name: 'Release feed' })).not.toBeInTheDocument();
  });

  it('announce the feed of the current search, following its text and filters', async () => {
    renderRoute(createAppRoutes, { path: '/mods?q=lantern&g=categories:fabric' });
    await vi.waitFor(() => expect(headFeeds()).toHaveLength(1));
    const [feed] = headFeeds();
    expect(feed!.title).toBe('Newest mods');
    const url = new URL(`https://cairn.test${feed!.href}`);
    expect(url.pathname).toBe('/v2/search/feed.atom');
    expect(url.searchParams.get('query')).toBe('lantern');
    const facets = JSON.parse(url.searchParams.get('facets')!) as string[][];
    expect(facets).toContainEqual(['project_type:mod']);
    expect(facets.flat()).toContain('categories:fabric');
  });
});
