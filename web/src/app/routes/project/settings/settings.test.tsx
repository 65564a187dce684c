import { ORGANIZATION_PERMISSIONS, PROJECT_PERMISSIONS } from '@cairn/shared/constants/permissions';
import type { Organization } from '@cairn/shared/schemas/organizations';
import type { Project } from '@cairn/shared/schemas/projects';
import type { TeamMember } from '@cairn/shared/schemas/teams';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { jsonBody, signIn } from '../../../../testing/account';
import { expectNoAxeViolations } from '../../../../testing/axe';
import { buildProject, buildTeamMember } from '../../../../testing/mocks/catalogue';
import { server } from '../../../../testing/mocks/server';
import { renderRoute } from '../../../../testing/test-utils';
import { createAppRoutes } from '../../../router';

const P = PROJECT_PERMISSIONS;

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
      ['Webhooks', '/mod/lanternlight/settings/webhooks'],
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
    const note = within(screen.getByRole('note'));
    expect(note.getByText("You don't have access to change this project's details.")).toBeInTheDocument();
    expect(note.getByText(/It takes the “Edit details” permission\. Your role on this project's team does not include it/)).toBeInTheDocument();
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
    const invite = within(await screen.findByRole('form', { name: 'Invite a member' }, { timeout: 15_000 }));
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

describe('the Organization card on the members page', () => {
  const organization = (members: TeamMember[], overrides: Partial<Organization> = {}): Organization => ({
    id: 'OrG00001',
    slug: 'lamplighters',
    name: 'Lamplighters',
    team_id: 'OrGtEaM1',
    description: 'We make lights.',
    icon_url: null,
    color: null,
    members,
    ...overrides,
  });

  it("lets the project's owner hand management to one of their organizations", async () => {
    signIn();
    const added: Array<{ organization: string; body: Record<string, unknown> }> = [];
    server.use(
      http.get('*/v2/user/:id/organizations', () =>
        HttpResponse.json([
          organization([buildTeamMember({ team_id: 'OrGtEaM1' })]),
          // A member without the "add projects" permission cannot move projects there.
          organization([buildTeamMember({ team_id: 'OrGtEaM2', role: 'Member', organization_permissions: 0 })], { id: 'OrG00002', slug: 'others', name: 'Others', team_id: 'OrGtEaM2' }),
        ]),
      ),
      http.post('*/v2/organization/:id/projects', async ({ params, request }) => {
        added.push({ organization: String(params.id), body: await jsonBody(request) });
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, container } = renderRoute(createAppRoutes, { path: '/mod/lanternlight/settings/members' });
    const select = await screen.findByRole('combobox', { name: 'Organization' }, { timeout: 10_000 });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Lamplighters']);
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole('button', { name: 'Transfer management' }));
    const modal = await screen.findByRole('dialog', { name: 'Let Lamplighters manage Lanternlight?' });
    const dialog = within(modal);
    // By default he keeps his permissions, and the dialog says what that leaves him.
    expect(dialog.getByRole('radio', { name: /Keep my permissions on this project/ })).toBeChecked();
    expect(dialog.getByRole('radio', { name: /Use the organization's defaults for me/ })).not.toBeChecked();
    const afterwards = within(dialog.getByRole('region', { name: 'What you will be able to do afterwards' }));
    expect(afterwards.getAllByRole('listitem').map((item) => item.textContent)).toHaveLength(10);
    await expectNoAxeViolations(modal);
    await user.click(dialog.getByRole('button', { name: 'Transfer management' }));
    expect(await screen.findByText('Lamplighters now manages the project', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(added).toEqual([{ organization: 'OrG00001', body: { project_id: buildProject().id, owner_permissions: 'keep' } }]);
  });

  it("shows what the organization's defaults would leave the owner, computed as the API does, and sends that choice", async () => {
    signIn();
    const added: Array<Record<string, unknown>> = [];
    server.use(
      http.get('*/v2/user/:id/organizations', () =>
        HttpResponse.json([
          organization([
            buildTeamMember({ team_id: 'OrGtEaM1', user: { id: 'OrgOwner', username: 'founder' } }),
            // The owner is a member with ADD_PROJECT whose default project permissions are all unticked.
            buildTeamMember({ team_id: 'OrGtEaM1', role: 'Member', permissions: 0, organization_permissions: ORGANIZATION_PERMISSIONS.ADD_PROJECT }),
          ]),
          organization(
            [
              buildTeamMember({ team_id: 'OrGtEaM2', user: { id: 'OrgOwner', username: 'founder' } }),
              buildTeamMember({ team_id: 'OrGtEaM2', role: 'Member', permissions: P.UPLOAD_VERSION | P.VIEW_ANALYTICS, organization_permissions: ORGANIZATION_PERMISSIONS.ADD_PROJECT }),
            ],
            { id: 'OrG00002', slug: 'weavers', name: 'Weavers', team_id: 'OrGtEaM2' },
          ),
        ]),
      ),
      http.post('*/v2/organization/:id/projects', async ({ request }) => {
        added.push(await jsonBody(request));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderRoute(createAppRoutes, { path: '/mod/lanternlight/settings/members' });
    await screen.findByRole('combobox', { name: 'Organization' }, { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: 'Transfer management' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Let Lamplighters manage Lanternlight?' }));
    await user.click(dialog.getByRole('radio', { name: /Use the organization's defaults for me/ }));
    const afterwards = within(dialog.getByRole('region', { name: 'What you will be able to do afterwards' }));
    expect(afterwards.getByText(/^Nothing: the defaults of Lamplighters give you no permission/)).toBeInTheDocument();
    expect(afterwards.queryByRole('listitem')).toBeNull();
    // Back to keeping: every permission he holds as the owner.
    await user.click(dialog.getByRole('radio', { name: /Keep my permissions on this project/ }));
    expect(afterwards.getAllByRole('listitem')).toHaveLength(10);
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));

    // Another organization whose defaults give some bits: exactly those are listed.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Organization' }), 'Weavers');
    await user.click(screen.getByRole('button', { name: 'Transfer management' }));
    const second = within(await screen.findByRole('dialog', { name: 'Let Weavers manage Lanternlight?' }));
    await user.click(second.getByRole('radio', { name: /Use the organization's defaults for me/ }));
    const listed = within(second.getByRole('region', { name: 'What you will be able to do afterwards' }));
    expect(listed.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Upload versions', 'View analytics']);
    await user.click(second.getByRole('button', { name: 'Transfer management' }));
    expect(await screen.findByText('Weavers now manages the project', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(added).toEqual([{ project_id: buildProject().id, owner_permissions: 'organization_defaults' }]);
  });

  it("lets an organization member in with the organization's defaults, lists who inherits them and overrides one", async () => {
    signIn({ id: 'OrgMembr', username: 'lumen' });
    serveProject({ organization: 'OrG00001' });
    const orgMembers = [
      buildTeamMember({ team_id: 'OrGtEaM1', user: { id: 'OrgOwner', username: 'founder' } }),
      buildTeamMember({ team_id: 'OrGtEaM1', role: 'Member', permissions: P.MANAGE_INVITES | P.EDIT_DETAILS, organization_permissions: 0, user: { id: 'OrgMembr', username: 'lumen' } }),
      buildTeamMember({ team_id: 'OrGtEaM1', role: 'Artist', permissions: P.UPLOAD_VERSION, organization_permissions: 0, user: { id: 'OrgArtst', username: 'wick' } }),
    ];
    const invited: Array<Record<string, unknown>> = [];
    server.use(
      // The project team no longer holds the organization's people.
      http.get('*/v2/project/:id/members', () => HttpResponse.json([buildTeamMember({ role: 'Helper', permissions: 0, user: { id: 'Helper01', username: 'helper' } })])),
      http.get('*/v2/project/:id/organization', () => HttpResponse.json(organization(orgMembers))),
      http.post('*/v2/team/:team/members', async ({ request }) => {
        invited.push(await jsonBody(request));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderRoute(createAppRoutes, { path: '/mod/lanternlight/settings/members' });
    const section = within((await screen.findByRole('heading', { name: 'Organization members' }, { timeout: 10_000 })).closest('section')!);
    expect(screen.getByRole('link', { name: 'Lamplighters' })).toHaveAttribute('href', '/organization/lamplighters');
    // Managing invitations comes from the organization's defaults; removing the project needs an organization permission.
    expect(screen.getByRole('form', { name: 'Invite a member' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove from organization' })).not.toBeInTheDocument();
    expect(section.getByText('Organization owner: every permission')).toBeInTheDocument();
    expect(section.getByText('By default: Upload versions')).toBeInTheDocument();
    const wick = within(section.getByText('wick').closest('li')!);
    await user.click(wick.getByRole('button', { name: 'Override values' }));
    expect(await screen.findByText('wick now has values of their own on this project', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(invited).toEqual([{ user_id: 'OrgArtst', permissions: P.UPLOAD_VERSION, role: 'Artist' }]);
  });

  it("tells an organization member acting with no default permissions what each page needs, never 'Project not found'", async () => {
    signIn();
    serveProject({ organization: 'OrG00001' });
    server.use(
      // He handed the project over with the reference's rule: no row of his own on the project's team.
      http.get('*/v2/project/:id/members', () => HttpResponse.json([])),
      http.get('*/v2/project/:id/organization', () =>
        HttpResponse.json(
          organization([
            buildTeamMember({ team_id: 'OrGtEaM1', user: { id: 'OrgOwner', username: 'founder' } }),
            buildTeamMember({ team_id: 'OrGtEaM1', role: 'Member', permissions: 0, organization_permissions: ORGANIZATION_PERMISSIONS.ADD_PROJECT }),
          ]),
        ),
      ),
      http.get('*/v2/tag/donation_platform', () => HttpResponse.json([])),
    );
    const pages = [
      ['/mod/lanternlight/settings/analytics', 'Analytics', "You don't have access to this project's analytics.", 'View analytics'],
      ['/mod/lanternlight/settings', 'General', "You don't have access to change this project's details.", 'Edit details'],
      ['/mod/lanternlight/settings/links', 'Links', "You don't have access to change this project's links.", 'Edit details'],
      ['/mod/lanternlight/settings/members', 'Members', "You don't have access to manage this project's members.", 'Edit members'],
    ] as const;
    for (const [path, heading, says, permission] of pages) {
      const { unmount, container } = renderRoute(createAppRoutes, { path });
      expect(await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 10_000 })).toBeInTheDocument();
      expect(screen.queryByText('Project not found')).toBeNull();
      const note = within(screen.getByRole('note'));
      expect(note.getByText(says)).toBeInTheDocument();
      expect(note.getByText(new RegExp(`It takes the “${permission}” permission\\. Your permissions on this project are the defaults that Lamplighters gives its members`))).toBeInTheDocument();
      if (heading === 'Analytics') {
        // The chart is not asked for.
        expect(screen.queryByRole('group', { name: 'Metric' })).toBeNull();
        await expectNoAxeViolations(container);
      }
      unmount();
    }
  }, 60_000);

  it('lets an organization manager give the project back to one of its members', async () => {
    signIn({ id: 'OrgOwner', username: 'founder' });
    serveProject({ organization: 'OrG00001' });
    const removed: Array<{ path: string; body: Record<string, unknown> }> = [];
    server.use(
      http.get('*/v2/project/:id/members', () => HttpResponse.json([])),
      http.get('*/v2/project/:id/organization', () =>
        HttpResponse.json(
          organization([
            buildTeamMember({ team_id: 'OrGtEaM1', user: { id: 'OrgOwner', username: 'founder' } }),
            buildTeamMember({ team_id: 'OrGtEaM1', role: 'Member', permissions: 0, user: { id: 'OrgArtst', username: 'wick' } }),
          ]),
        ),
      ),
      http.delete('*/v2/organization/:id/projects/:project', async ({ params, request }) => {
        removed.push({ path: `${String(params.id)}/${String(params.project)}`, body: await jsonBody(request) });
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderRoute(createAppRoutes, { path: '/mod/lanternlight/settings/members' });
    await user.selectOptions(await screen.findByLabelText('New owner', {}, { timeout: 10_000 }), 'wick');
    await user.click(screen.getByRole('button', { name: 'Remove from organization' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Take Lanternlight out of Lamplighters?' }));
    expect(dialog.getByText(/wick becomes the project's owner/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Remove from organization' }));
    expect(await screen.findByText('The project no longer belongs to Lamplighters', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(removed).toEqual([{ path: `OrG00001/${buildProject().id}`, body: { new_owner: 'OrgArtst' } }]);
  });
});
