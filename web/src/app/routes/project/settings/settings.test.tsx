import { PROJECT_PERMISSIONS } from '@cairn/shared/constants/permissions';
import type { Project } from '@cairn/shared/schemas/projects';
import type { TeamMember } from '@cairn/shared/schemas/teams';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { jsonBody, signIn } from '../../../../testing/account';
import { expectNoAxeViolations } from '../../../../testing/axe';
import { buildProject, buildTeamMember as buildMember } from '../../../../testing/mocks/catalogue';
import { server } from '../../../../testing/mocks/server';
import { renderRoute } from '../../../../testing/test-utils';
import { createAppRoutes } from '../../../router';

const P = PROJECT_PERMISSIONS;

/** A team member with only some of the embedded user's fields given. */
const buildTeamMember = (overrides: Omit<Partial<TeamMember>, 'user'> & { user?: Partial<TeamMember['user']> } = {}) =>
  buildMember(overrides as Parameters<typeof buildMember>[0]);

/** Serves one project whose PATCHes are applied and recorded; answers the GETs it gets. */
function serveProject(overrides: Partial<Project> = {}) {
  let project = buildProject(overrides);
  const patches: Record<string, unknown>[] = [];
  const gets = { count: 0 };
  server.use(
    http.get('*/v2/project/:id', ({ params }) => {
      if (params.id !== project.id && params.id !== project.slug) return HttpResponse.json({ error: 'not_found', description: 'no' }, { status: 404 });
      gets.count++;
      return HttpResponse.json(project);
    }),
    http.patch('*/v2/project/:id', async ({ request }) => {
      const body = await jsonBody(request);
      patches.push(body);
      project = { ...project, ...(body as Partial<Project>) };
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { patches, gets };
}

describe('project settings access', () => {
  it('sends visitors to sign in and shows "Project not found" to signed-in outsiders', async () => {
    const visitor = renderRoute(createAppRoutes, { path: '/mod/lanternlight/settings' });
    await vi.waitFor(() => expect(visitor.router.state.location.pathname).toBe('/auth/sign-in'), { timeout: 5000 });
    visitor.unmount();

    signIn({ id: 'Stranger' });
    renderRoute(createAppRoutes, { path: '/mod/lanternlight/settings/members' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Project not found' })).toBeInTheDocument();
  });

  it('lists the sections with the current one marked', async () => {
    signIn();
    server.use(http.get('*/v2/tag/donation_platform', () => HttpResponse.json([])));
    const { container } = renderRoute(createAppRoutes, { path: '/mod/lanternlight/settings/links' });
    await screen.findByRole('heading', { level: 1, name: 'Links' });
    const nav = within(screen.getByRole('navigation', { name: 'Project settings' }));
    expect(nav.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['General', '/mod/lanternlight/settings'],
      ['Tags', '/mod/lanternlight/settings/tags'],
      ['Description', '/mod/lanternlight/settings/description'],
      ['License', '/mod/lanternlight/settings/license'],
      ['Links', '/mod/lanternlight/settings/links'],
      ['Members', '/mod/lanternlight/settings/members'],
      ['Analytics', '/mod/lanternlight/settings/analytics'],
    ]);
    expect(nav.getByRole('link', { name: 'Links' })).toHaveAttribute('aria-current', 'page');
    await expectNoAxeViolations(container);
  });
});

describe('general settings', () => {
  it('enables saving only with changes, sends only what changed, and refreshes the project', async () => {
    signIn();
    const { patches, gets } = serveProject();
    const { user, container } = renderRoute(createAppRoutes, { path: '/mod/lanternlight/settings' });
    const name = await screen.findByLabelText('Name');
    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();
    await expectNoAxeViolations(container);

    await user.clear(name);
    await user.type(name, 'Lanternlight Deluxe');
    expect(save).toBeEnabled();
    await user.click(screen.getByRole('radio', { name: 'Unlisted' }));
    const before = gets.count;
    await user.click(save);
    expect(await screen.findByText('Project updated')).toBeInTheDocument();
    expect(patches).toEqual([{ title: 'Lanternlight Deluxe', status: 'unlisted' }]);
    await vi.waitFor(() => expect(gets.count).toBeGreaterThan(before));
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  });

  it('asks before leaving with unsaved changes', async () => {
    signIn();
    serveProject();
    const { user, router } = renderRoute(createAppRoutes, { path: '/mod/lanternlight/settings' });
    const summary = await screen.findByLabelText('Summary');
    await user.type(summary, ' More moss.');
    await user.click(screen.getByRole('link', { name: 'Tags' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/mod/lanternlight/settings');
    expect(screen.getByLabelText('Summary')).toHaveValue('Hanging lanterns and glowing moss that light caves. More moss.');

    await user.click(screen.getByRole('link', { name: 'Tags' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave page' }));
    await screen.findByRole('heading', { level: 1, name: 'Tags' });
    expect(router.state.location.pathname).toBe('/mod/lanternlight/settings/tags');
  });

  it('moves to the new address after changing the slug, and deletes after the title is typed', async () => {
    signIn();
    const { patches } = serveProject();
    let deleted = false;
    server.use(
      http.delete('*/v2/project/:id', () => {
        deleted = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, router } = renderRoute(createAppRoutes, { path: '/mod/lanternlight/settings' });
    const slug = await screen.findByLabelText('URL');
    await user.clear(slug);
    await user.type(slug, 'lanterns');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/mod/lanterns/settings'), { timeout: 5000 });
    expect(patches).toEqual([{ slug: 'lanterns' }]);
    expect(await screen.findByLabelText('URL')).toHaveValue('lanterns');

    await user.click(screen.getByRole('button', { name: 'Delete project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this project?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete project' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Type “Lanternlight” to confirm'), 'Lanternlight');
    await user.click(confirm);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 5000 });
    expect(deleted).toBe(true);
  });

  it('shows the fields read-only to a member without the edit-details permission', async () => {
    signIn({ id: 'Member01' });
    server.use(
      http.get('*/v2/project/:id/members', () =>
        HttpResponse.json([buildTeamMember(), buildTeamMember({ role: 'Artist', permissions: P.UPLOAD_VERSION, user: { id: 'Member01', username: 'moss' } })]),
      ),
    );
    renderRoute(createAppRoutes, { path: '/mod/lanternlight/settings' });
    expect(await screen.findByLabelText('Name')).toBeDisabled();
    expect(screen.getByText('Your role in this project does not let you change these settings.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete project' })).not.toBeInTheDocument();
  });
});

describe('tags settings', () => {
  it('features at most three tags and saves featured and additional ones apart', async () => {
    signIn();
    const { patches } = serveProject({ categories: ['decoration'], additional_categories: [] });
    const { user } = renderRoute(createAppRoutes, { path: '/mod/lanternlight/settings/tags' });
    const categories = within(await screen.findByRole('group', { name: 'Categories' }));
    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();
    for (const name of ['Magic', 'Storage', 'Utility']) await user.click(categories.getByRole('checkbox', { name }));
    const featured = within(screen.getByRole('group', { name: 'Featured tags' }));
    expect(featured.getByRole('checkbox', { name: 'Decoration' })).toBeChecked();
    await user.click(featured.getByRole('checkbox', { name: 'Magic' }));
    await user.click(featured.getByRole('checkbox', { name: 'Storage' }));
    expect(screen.getByText('3 of 3 featured')).toBeInTheDocument();
    expect(featured.getByRole('checkbox', { name: 'Utility' })).toBeDisabled();
    await user.click(save);
    await screen.findByText('Project updated');
    expect(patches).toEqual([{ categories: ['decoration', 'magic', 'storage'], additional_categories: ['utility'] }]);
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  });
});

describe('license settings', () => {
  it('builds the SPDX id from the choice and "or later", and a LicenseRef for a custom license', async () => {
    signIn();
    const { patches } = serveProject();
    server.use(http.get('*/v2/tag/license', () => HttpResponse.json([{ short: 'MIT', name: 'MIT License' }, { short: 'GPL-3.0-only', name: 'GNU General Public License v3.0 only' }])));
    const { user } = renderRoute(createAppRoutes, { path: '/mod/lanternlight/settings/license' });
    const select = await screen.findByRole('combobox', { name: 'Chosen license' });
    expect(select).toHaveValue('MPL-2.0');
    await user.selectOptions(select, 'GPL-3.0');
    await user.click(screen.getByRole('checkbox', { name: 'Allow later editions of this license' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Project updated');
    expect(patches.at(-1)).toEqual({ license_id: 'GPL-3.0-or-later', license_url: null });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Chosen license' }), 'custom');
    await user.click(screen.getByRole('checkbox', { name: 'This license has no SPDX identifier' }));
    await user.type(screen.getByLabelText('License name'), 'Lantern Keepers License');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('A custom license needs the address of its text.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('License URL'), 'https://lanterns.example/license');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(patches).toHaveLength(2));
    expect(patches[1]).toEqual({ license_id: 'LicenseRef-Lantern-Keepers-License', license_url: 'https://lanterns.example/license' });
  });
});

describe('links settings', () => {
  it('detects the donation platform from the URL and clears emptied links', async () => {
    signIn();
    const { patches } = serveProject();
    server.use(http.get('*/v2/tag/donation_platform', () => HttpResponse.json([{ short: 'patreon', name: 'Patreon' }, { short: 'ko-fi', name: 'Ko-fi' }, { short: 'other', name: 'Other' }])));
    const { user, container } = renderRoute(createAppRoutes, { path: '/mod/lanternlight/settings/links' });
    const issues = await screen.findByLabelText('Issue tracker');
    await user.clear(issues);
    await user.type(screen.getByLabelText('Source code'), 'https://code.example/lanterns');
    await user.type(screen.getByLabelText('Donation link 2'), 'https://www.patreon.com/lanterns');
    expect(screen.getByLabelText('Platform of link 2')).toHaveValue('patreon');
    // Another blank row is there for one more link.
    expect(screen.getByLabelText('Donation link 3')).toHaveValue('');
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Project updated');
    expect(patches).toEqual([
      {
        issues_url: null,
        source_url: 'https://code.example/lanterns',
        wiki_url: null,
        discord_url: null,
        donation_urls: [
          { id: 'ko-fi', platform: 'ko-fi', url: 'https://ko-fi.example.test/lanterns' },
          { id: 'patreon', platform: 'patreon', url: 'https://www.patreon.com/lanterns' },
        ],
      },
    ]);
  });

  it('refuses links that are not https', async () => {
    signIn();
    const { patches } = serveProject();
    server.use(http.get('*/v2/tag/donation_platform', () => HttpResponse.json([])));
    const { user } = renderRoute(createAppRoutes, { path: '/mod/lanternlight/settings/links' });
    await user.type(await screen.findByLabelText('Wiki page'), 'http://wiki.example');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Enter a full https:// address of at most 2048 characters.')).toBeInTheDocument();
    expect(patches).toEqual([]);
  });
});

describe('members settings', () => {
  it('lets an editor grant only the permission bits they hold, and saves one member', async () => {
    signIn({ id: 'Editor01' });
    const editorBits = P.EDIT_MEMBER | P.UPLOAD_VERSION | P.EDIT_BODY;
    server.use(
      http.get('*/v2/project/:id/members', () =>
        HttpResponse.json([
          buildTeamMember({ permissions: 1023 }),
          buildTeamMember({ role: 'Editor', permissions: editorBits, user: { id: 'Editor01', username: 'ed' } }),
          buildTeamMember({ role: 'Artist', permissions: 0, payouts_split: 10, user: { id: 'Artist01', username: 'moss' } }),
        ]),
      ),
    );
    const patches: Array<{ user: string; body: Record<string, unknown> }> = [];
    server.use(
      http.patch('*/v2/team/:team/members/:user', async ({ request, params }) => {
        patches.push({ user: String(params.user), body: await jsonBody(request) });
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, container } = renderRoute(createAppRoutes, { path: '/mod/lanternlight/settings/members' });
    const card = within(await screen.findByRole('form', { name: 'Settings of moss' }));
    expect(card.getByRole('checkbox', { name: 'Upload versions' })).toBeEnabled();
    expect(card.getByRole('checkbox', { name: 'Edit description' })).toBeEnabled();
    for (const name of ['Delete project', 'Edit details', 'Manage invitations', 'View revenue']) expect(card.getByRole('checkbox', { name })).toBeDisabled();
    // No invitations, no removals, no hand-over without those permissions.
    expect(screen.queryByRole('form', { name: 'Invite a member' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove member' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Transfer ownership' })).not.toBeInTheDocument();
    await expectNoAxeViolations(container);

    const save = card.getByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();
    await user.click(card.getByRole('checkbox', { name: 'Upload versions' }));
    await user.click(card.getByRole('checkbox', { name: 'Edit description' }));
    await user.clear(card.getByLabelText('Monetization weight'));
    await user.type(card.getByLabelText('Monetization weight'), '25');
    await user.click(save);
    expect(await screen.findByText('Changes to moss saved')).toBeInTheDocument();
    expect(patches).toEqual([{ user: 'Artist01', body: { role: 'Artist', payouts_split: 25, permissions: P.UPLOAD_VERSION | P.EDIT_BODY } }]);
  });

  it('lets the owner invite by username, remove a member and hand over ownership', async () => {
    signIn();
    server.use(
      http.get('*/v2/project/:id/members', () =>
        HttpResponse.json([buildTeamMember({ permissions: 1023 }), buildTeamMember({ role: 'Artist', permissions: 0, payouts_split: 0, user: { id: 'Artist01', username: 'moss' } })]),
      ),
    );
    const calls: string[] = [];
    server.use(
      http.get('*/v2/user/:id', ({ params }) =>
        params.id === 'fern' ? HttpResponse.json({ ...buildTeamMember({ user: { id: 'Fern0001', username: 'fern' } }).user, email: null }) : HttpResponse.json({ error: 'not_found', description: 'no' }, { status: 404 }),
      ),
      http.post('*/v2/team/:team/members', async ({ request }) => {
        calls.push(`invite ${String((await jsonBody(request)).user_id)}`);
        return new HttpResponse(null, { status: 204 });
      }),
      http.delete('*/v2/team/:team/members/:user', ({ params }) => {
        calls.push(`remove ${String(params.user)}`);
        return new HttpResponse(null, { status: 204 });
      }),
      http.patch('*/v2/team/:team/owner', async ({ request }) => {
        calls.push(`owner ${String((await jsonBody(request)).user_id)}`);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderRoute(createAppRoutes, { path: '/mod/lanternlight/settings/members' });
    const invite = within(await screen.findByRole('form', { name: 'Invite a member' }));
    await user.type(invite.getByLabelText('Username'), 'nobody');
    await user.click(invite.getByRole('button', { name: 'Invite' }));
    expect(await invite.findByText('There is no user with this name.')).toBeInTheDocument();
    await user.clear(invite.getByLabelText('Username'));
    await user.type(invite.getByLabelText('Username'), 'fern');
    await user.click(invite.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('fern was invited')).toBeInTheDocument();

    const card = within(screen.getByRole('form', { name: 'Settings of moss' }).closest('li')!);
    await user.click(card.getByRole('button', { name: 'Transfer ownership' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Make moss the owner?' })).getByRole('button', { name: 'Transfer ownership' }));
    expect(await screen.findByText('moss now owns the project')).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Remove member' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove moss?' })).getByRole('button', { name: 'Remove member' }));
    expect(await screen.findByText('moss was removed')).toBeInTheDocument();
    expect(calls).toEqual(['invite Fern0001', 'owner Artist01', 'remove Artist01']);
    // The owner cannot leave (only hand over first).
    expect(screen.queryByRole('button', { name: 'Leave project' })).not.toBeInTheDocument();
  });
});

describe('description settings', () => {
  // jsdom has no layout; CodeMirror measures ranges when it scrolls the cursor into view.
  beforeAll(() => {
    const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
    Range.prototype.getClientRects ??= noRects;
    Range.prototype.getBoundingClientRect ??= () => new DOMRect();
  });

  it('edits with the toolbar, uploads an image into the text, and saves the body', async () => {
    signIn();
    const { patches } = serveProject({ body: 'Lanterns' });
    const uploads: string[] = [];
    server.use(
      http.post('*/v2/image', ({ request }) => {
        const url = new URL(request.url);
        uploads.push(url.search);
        return HttpResponse.json({ id: 'ImAg0001', url: 'https://cdn.example.test/moss.png', size: 4, created: '2026-01-10T12:00:00.000Z', owner_id: 'UsEr0001', context: 'project', project_id: 'PrOj0001' });
      }),
    );
    const { user, container } = renderRoute(createAppRoutes, { path: '/mod/lanternlight/settings/description' });
    // CodeMirror arrives in a chunk of its own.
    await vi.waitFor(() => expect(container.querySelector('.cm-content')).not.toBeNull(), { timeout: 10_000 });
    const editor = container.querySelector<HTMLElement>('.cm-content')!;
    expect(editor).toHaveAccessibleName('Description');
    expect(editor).toHaveTextContent('Lanterns');
    expect(screen.getByText('8 / 65536')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();
    await expectNoAxeViolations(container);

    // The cursor starts at the beginning; the placeholder stays selected.
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    expect(editor).toHaveTextContent('**bold text**Lanterns');
    expect(save).toBeEnabled();

    const file = new File(['moss'], 'moss.png', { type: 'image/png' });
    await user.upload(container.querySelector<HTMLInputElement>('input[type="file"]')!, file);
    // The uploaded image replaces the selection, which becomes its description.
    await vi.waitFor(() => expect(editor).toHaveTextContent('**![bold text](https://cdn.example.test/moss.png)**Lanterns'));
    expect(uploads).toEqual(['?ext=png&context=project&project_id=PrOj0001']);


    await user.click(save);
    await screen.findByText('Project updated');
    expect(patches).toEqual([{ body: '**![bold text](https://cdn.example.test/moss.png)**Lanterns' }]);
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  }, 60_000);
});
