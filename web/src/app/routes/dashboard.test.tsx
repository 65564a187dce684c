import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { jsonBody, signIn } from '../../testing/account';
import { expectNoAxeViolations } from '../../testing/axe';
import type { Organization } from '@cairn/shared/schemas/organizations';
import { buildProject, buildTeamMember } from '../../testing/mocks/catalogue';
import { server } from '../../testing/mocks/server';
import { renderRoute } from '../../testing/test-utils';
import { createAppRoutes } from '../router';

const projects = [
  buildProject({ id: 'AAAAAAA1', slug: 'beacon', title: 'Beacon', status: 'approved', downloads: 1200, followers: 30 }),
  buildProject({ id: 'AAAAAAA2', slug: 'anvil', title: 'Anvil', status: 'draft', downloads: 0, followers: 2 }),
  buildProject({ id: 'AAAAAAA3', slug: 'cinder', title: 'Cinder', status: 'processing', project_type: 'shader', loaders: ['iris'], downloads: 40, followers: 1 }),
];

function serveProjects() {
  const user = signIn();
  server.use(http.get(`*/v2/user/${user.id}/projects`, () => HttpResponse.json(projects)));
  return user;
}

const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('link')[0]!.textContent);

describe('dashboard', () => {
  it('sends visitors to sign in', async () => {
    const { router } = renderRoute(createAppRoutes, { path: '/dashboard/projects' });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/auth/sign-in'), { timeout: 15_000 });
  });

  it('adds up the downloads, followers and projects of the signed-in user', async () => {
    serveProjects();
    const { container } = renderRoute(createAppRoutes, { path: '/dashboard' });
    expect(await screen.findByRole('heading', { level: 1, name: 'alice' })).toBeInTheDocument();
    const stats = within(screen.getByRole('region', { name: 'Analytics' }));
    expect(stats.getByText('Total downloads').nextElementSibling).toHaveTextContent('1.2K');
    expect(stats.getByTitle('1,240')).toBeInTheDocument();
    expect(stats.getByText('Total followers').nextElementSibling).toHaveTextContent('33');
    expect(stats.getByText('From 3 projects')).toBeInTheDocument();
    const nav = within(screen.getByRole('navigation', { name: 'Dashboard' }));
    expect(nav.getAllByRole('link').map((link) => link.textContent)).toEqual(['Overview', 'Notifications', 'Active reports', 'Analytics', 'Projects', 'Collections', 'Organizations', 'Revenue']);
    await expectNoAxeViolations(container);
  });

  it('lists projects, sorts and filters them', async () => {
    serveProjects();
    const { user, container } = renderRoute(createAppRoutes, { path: '/dashboard/projects' });
    await screen.findByRole('heading', { level: 1, name: 'Projects' });
    expect(rowNames()).toEqual(['Anvil', 'Beacon', 'Cinder']);
    expect(screen.getByRole('link', { name: 'Cinder' })).toHaveAttribute('href', '/shader/cinder');
    expect(screen.getByRole('link', { name: 'Settings of Cinder' })).toHaveAttribute('href', '/shader/cinder/settings');

    await user.selectOptions(screen.getByLabelText('Sort by'), 'downloads');
    await user.click(screen.getByRole('button', { name: 'Ascending' }));
    expect(rowNames()).toEqual(['Beacon', 'Cinder', 'Anvil']);
    expect(screen.getByRole('columnheader', { name: 'Downloads' })).toHaveAttribute('aria-sort', 'descending');

    await user.selectOptions(screen.getByLabelText('Status'), 'draft');
    expect(rowNames()).toEqual(['Anvil']);
    await user.selectOptions(screen.getByLabelText('Status'), 'all');
    await user.type(screen.getByLabelText('Filter by name'), 'cin');
    expect(rowNames()).toEqual(['Cinder']);
    await expectNoAxeViolations(container);
  });

  it('edits the links of the selected projects at once', async () => {
    serveProjects();
    const patches: Array<{ ids: string | null; body: Record<string, unknown> }> = [];
    server.use(
      http.patch('*/v2/projects', async ({ request }) => {
        patches.push({ ids: new URL(request.url).searchParams.get('ids'), body: await jsonBody(request) });
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderRoute(createAppRoutes, { path: '/dashboard/projects' });
    await screen.findByRole('heading', { level: 1, name: 'Projects' });
    expect(screen.getByRole('button', { name: 'Edit links' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select Anvil' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Cinder' }));
    await user.click(screen.getByRole('button', { name: 'Edit links of 2 projects' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Edit links' }));
    await user.type(dialog.getByLabelText('Source code'), 'http://insecure.example');
    await user.click(dialog.getByRole('checkbox', { name: 'Clear the existing Wiki page link' }));
    await user.click(dialog.getByRole('button', { name: 'Save links' }));
    expect(dialog.getByLabelText('Source code')).toHaveAccessibleDescription('Enter an https:// address.');
    expect(patches).toHaveLength(0);

    await user.clear(dialog.getByLabelText('Source code'));
    await user.type(dialog.getByLabelText('Source code'), 'https://code.example/anvil');
    await user.click(dialog.getByRole('button', { name: 'Save links' }));
    expect(await screen.findByText('Links of 2 projects updated')).toBeInTheDocument();
    expect(patches).toEqual([{ ids: '["AAAAAAA2","AAAAAAA3"]', body: { source_url: 'https://code.example/anvil', wiki_url: null } }]);
  });
});

describe('projects reached through organizations', () => {
  const organization = (id: string, slug: string, name: string, accepted: boolean, icon_url: string | null = null): Organization => ({
    id,
    slug,
    name,
    team_id: `${id.slice(0, 4)}TeAm`,
    description: 'We make lights.',
    icon_url,
    color: null,
    members: [buildTeamMember({ team_id: `${id.slice(0, 4)}TeAm`, role: 'Member', accepted, permissions: 0, organization_permissions: 0 })],
  });

  /** Beacon is his own; Cinder he reaches through Lamplighters only; Anvil's team has him although Weavers (not his) owns it. */
  function serveOrganizations() {
    const user = signIn();
    const asked: string[] = [];
    server.use(
      http.get(`*/v2/user/${user.id}/projects`, () =>
        HttpResponse.json([projects[0], buildProject({ ...projects[1], organization: 'OrGweave' })]),
      ),
      http.get(`*/v2/user/${user.id}/organizations`, () =>
        HttpResponse.json([organization('OrGlamps', 'lamplighters', 'Lamplighters', true, 'https://cdn.example/lamp.webp'), organization('OrGinvit', 'invited', 'Invited', false)]),
      ),
      http.get('*/v2/organization/:id/projects', ({ params }) => {
        asked.push(String(params.id));
        return HttpResponse.json(params.id === 'OrGlamps' ? [buildProject({ ...projects[2], organization: 'OrGlamps', downloads: 500, followers: 5 })] : []);
      }),
      http.get('*/v2/organizations', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('ids') ?? '');
        return HttpResponse.json([organization('OrGweave', 'weavers', 'Weavers', true)]);
      }),
    );
    return asked;
  }

  it('counts them in the overview totals', async () => {
    const asked = serveOrganizations();
    renderRoute(createAppRoutes, { path: '/dashboard' });
    expect(await screen.findByRole('heading', { level: 1, name: 'alice' })).toBeInTheDocument();
    const stats = within(screen.getByRole('region', { name: 'Analytics' }));
    expect(stats.getByTitle('1,700')).toBeInTheDocument();
    expect(stats.getByText('Total followers').nextElementSibling).toHaveTextContent('37');
    expect(stats.getByText('From 3 projects · 2 managed by organizations')).toBeInTheDocument();
    // Only the organization he joined is asked for its projects (not a pending invitation).
    expect(asked).toEqual(['OrGlamps', '["OrGweave"]']);
  });

  it('lists them marked with the organization, its name and icon linking to it', async () => {
    serveOrganizations();
    const { container } = renderRoute(createAppRoutes, { path: '/dashboard/projects' });
    await screen.findByRole('heading', { level: 1, name: 'Projects' });
    expect(rowNames()).toEqual(['Anvil', 'Beacon', 'Cinder']);
    const row = (title: string) => within(screen.getByRole('link', { name: title }).closest('tr')!);
    const lamplighters = row('Cinder').getByRole('link', { name: 'Managed by Lamplighters' });
    expect(lamplighters).toHaveAttribute('href', '/organization/lamplighters');
    expect(lamplighters).toHaveTextContent('Lamplighters');
    expect(lamplighters.querySelector('img')).toHaveAttribute('src', 'https://cdn.example/lamp.webp');
    expect(row('Anvil').getByRole('link', { name: 'Managed by Weavers' })).toHaveAttribute('href', '/organization/weavers');
    expect(row('Beacon').queryByRole('link', { name: /Managed by/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Settings of Cinder' })).toHaveAttribute('href', '/shader/cinder/settings');
    await expectNoAxeViolations(container);
  });
});
