import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../testing/axe';
import { buildProject, buildUser } from '../../testing/mocks/catalogue';
import { server } from '../../testing/mocks/server';
import { renderRoute } from '../../testing/test-utils';
import { createAppRoutes } from '../router';

describe('user profile', () => {
  it('shows who the user is, their stats and their projects by downloads', async () => {
    const { container } = renderRoute(createAppRoutes, { path: '/user/Tinkerwren' });
    const header = within((await screen.findByRole('heading', { level: 1, name: 'Tinkerwren' })).closest('header')!);
    expect(header.getByText('Makes small, tidy mods.')).toBeInTheDocument();
    expect(header.getByText('3').parentElement).toHaveTextContent('3 projects');
    expect(header.getByText('251.9K').parentElement).toHaveTextContent('251.9K downloads');
    expect(header.getByText(/Joined/)).toBeInTheDocument();
    expect(screen.getByText('UsEr0001')).toBeInTheDocument();

    const results = within(screen.getByRole('list', { name: 'All projects' }));
    // Most downloaded first.
    expect(results.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Lanternlight', 'Softstone', 'Satchel']);
    expect(results.getAllByText('by').length).toBeGreaterThan(0);

    const tabs = within(screen.getByRole('navigation', { name: 'Projects by type' }));
    expect(tabs.getAllByRole('link').map((link) => link.textContent)).toEqual(['All (3)', 'Mods (2)', 'Resource Packs (1)']);
    await vi.waitFor(() => expect(document.title).toBe('Tinkerwren – creator profile – Cairn'));
    await expectNoAxeViolations(container);
  });

  it('shows one project type per tab, and statuses of projects that are not public', async () => {
    server.use(http.get('*/v2/user/:id/projects', () => HttpResponse.json([buildProject({ status: 'draft' }), buildProject({ id: 'PrOj0009', slug: 'pack', title: 'Pack', project_type: 'modpack' })])));
    const { user, router } = renderRoute(createAppRoutes, { path: '/user/Tinkerwren/mod' });
    const list = within(await screen.findByRole('list', { name: 'Mods' }));
    expect(list.getByRole('heading', { level: 2, name: 'Lanternlight' })).toBeInTheDocument();
    expect(list.getByText('Draft')).toBeInTheDocument();
    expect(list.queryByText('Pack')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Modpacks (1)' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/user/Tinkerwren/modpack'));
    expect(within(await screen.findByRole('list', { name: 'Modpacks' })).getByRole('heading', { name: 'Pack' })).toBeInTheDocument();
  });

  it('takes the plural project type of search paths and old links to the type tab', async () => {
    const { router } = renderRoute(createAppRoutes, { path: '/user/Tinkerwren/mods' });
    await screen.findByRole('list', { name: 'Mods' });
    expect(router.state.location.pathname).toBe('/user/Tinkerwren/mod');
  });

  it('replaces an id or another spelling with the username', async () => {
    const { router } = renderRoute(createAppRoutes, { path: '/user/usEr0001/mod?x=1' });
    await screen.findByRole('heading', { level: 1, name: 'Tinkerwren' });
    expect(router.state.location.pathname).toBe('/user/Tinkerwren/mod');
    expect(router.state.location.search).toBe('?x=1');
  });

  it('shows badges from the role, bits and downloads', async () => {
    server.use(http.get('*/v2/user/:id', () => HttpResponse.json(buildUser({ role: 'admin', badges: 1 }))));
    renderRoute(createAppRoutes, { path: '/user/Tinkerwren' });
    const badges = within((await screen.findByRole('heading', { level: 2, name: 'Badges' })).closest('section')!);
    expect(badges.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Cairn team', 'Cairn+ supporter']);
  });

  it('says so when a user has no projects, and when there is no such user', async () => {
    server.use(
      http.get('*/v2/user/:id/projects', () => HttpResponse.json([])),
      http.get('*/v2/user/:id', () => HttpResponse.json(buildUser({ bio: '' }))),
    );
    const first = renderRoute(createAppRoutes, { path: '/user/Tinkerwren' });
    expect(await screen.findByText('This user has no projects!')).toBeInTheDocument();
    expect(screen.getByText('A Cairn user.')).toBeInTheDocument();
    first.unmount();
    server.resetHandlers();

    renderRoute(createAppRoutes, { path: '/user/nobody-here' });
    expect(await screen.findByRole('heading', { level: 1, name: 'User not found' })).toBeInTheDocument();
  });
});
