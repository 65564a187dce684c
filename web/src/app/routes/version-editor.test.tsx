import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../testing/account';
import { expectNoAxeViolations } from '../../testing/axe';
import { buildTeamMember, buildVersion } from '../../testing/mocks/catalogue';
import { buildErrorBody } from '../../testing/mocks/factories';
import { server } from '../../testing/mocks/server';
import { renderRoute } from '../../testing/test-utils';
import { createAppRoutes } from '../router';

/** The signed-in user owns Lanternlight with every permission. */
function signInAsOwner(permissions = 1023) {
  signIn();
  server.use(
    http.get('*/v2/project/:id/members', () => HttpResponse.json([buildTeamMember({ permissions })])),
    http.get('*/v2/user/:id/follows', () => HttpResponse.json([])),
  );
}

const inference = {
  name: 'Lanternlight',
  version_number: '2.0.0',
  version_type: 'beta',
  loaders: ['fabric', 'quilt', 'not-a-loader'],
  game_versions: ['1.21'],
  dependencies: [],
  project_type: 'mod',
  format: 'fabric',
};

/** A file dropped on the page, outside the upload card. */
function dropOnPage(file: File) {
  const dataTransfer = { types: ['Files'], files: [file] };
  const over = new Event('dragover', { bubbles: true, cancelable: true });
  const drop = new Event('drop', { bubbles: true, cancelable: true });
  Object.assign(over, { dataTransfer });
  Object.assign(drop, { dataTransfer });
  act(() => {
    document.body.dispatchEvent(over);
    document.body.dispatchEvent(drop);
  });
}

const jar = () => new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04])], 'lanternlight-2.0.0.jar', { type: 'application/java-archive' });

// Each test renders whole pages through lazy routes: give a busy machine time.
describe('version upload and edit', { timeout: 60_000 }, () => {
  // jsdom has no layout; the changelog's CodeMirror measures ranges when it scrolls the cursor into view.
  beforeAll(() => {
    const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
    Range.prototype.getClientRects ??= noRects;
    Range.prototype.getBoundingClientRect ??= () => new DOMRect();
  });

  it('opens the form from the versions page with the file, pre-filled from the inference answer, and creates the version', async () => {
    signInAsOwner();
    let inferredFile: string | undefined;
    let sent: Record<string, unknown> | undefined;
    let sentParts: string[] = [];
    const created = buildVersion({ id: 'VeRsNew1', version_number: '2.0.0', name: 'Lanternlight', version_type: 'beta', loaders: ['fabric', 'quilt'], game_versions: ['1.21'] });
    server.use(
      http.post('*/v2/version/infer', async ({ request }) => {
        // (jsdom's FormData loses the file name on its way to msw; a real browser sends it.)
        const part = (await request.formData()).get('file');
        inferredFile = part !== null && typeof part !== 'string' ? 'file part' : undefined;
        return HttpResponse.json(inference);
      }),
      http.post('*/v2/version', async ({ request }) => {
        const form = await request.formData();
        sent = JSON.parse(String(form.get('data'))) as Record<string, unknown>;
        sentParts = [...form.keys()];
        return HttpResponse.json(created);
      }),
      http.get('*/v2/project/:id/version/VeRsNew1', () => HttpResponse.json(created)),
    );
    const { user, router, container } = renderRoute(createAppRoutes, { path: '/mod/lanternlight/versions' });
    await screen.findByRole('heading', { level: 2, name: 'Upload a version' }, { timeout: 15_000 });
    await expectNoAxeViolations(container);
    await user.upload(screen.getByLabelText('Choose a file'), jar());

    await screen.findByRole('form', { name: 'Upload a version' }, { timeout: 15_000 });
    expect(router.state.location.pathname).toBe('/mod/lanternlight/version/create');
    expect(await screen.findByText('lanternlight-2.0.0.jar')).toBeInTheDocument();
    await expect.poll(() => (screen.getByLabelText('Version number') as HTMLInputElement).value).toBe('2.0.0');
    expect(inferredFile).toBe('file part');
    expect(screen.getByLabelText('Version title')).toHaveValue('Lanternlight');
    expect(screen.getByLabelText('Release channel')).toHaveValue('beta');
    expect(screen.getByRole('checkbox', { name: 'Fabric' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Quilt' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '1.21' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '1.20.4' })).not.toBeChecked();
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole('button', { name: 'Create version' }));
    await screen.findByText('Version created', undefined, { timeout: 15_000 });
    await expect.poll(() => router.state.location.pathname, { timeout: 15_000 }).toBe('/mod/lanternlight/version/VeRsNew1');
    expect(sentParts).toEqual(['data', 'file-0']);
    expect(sent).toMatchObject({
      project_id: 'PrOj0001',
      file_parts: ['file-0'],
      primary_file: 'file-0',
      version_number: '2.0.0',
      version_title: 'Lanternlight',
      release_channel: 'beta',
      loaders: ['fabric', 'quilt'],
      game_versions: ['1.21'],
      status: 'listed',
    });
  });

  it('stays empty when the file cannot be read, and lists what is missing instead of sending', async () => {
    signInAsOwner();
    let posted = false;
    server.use(
      http.post('*/v2/version/infer', () => HttpResponse.json(buildErrorBody({ error: 'invalid_input', description: 'Not a mod file' }), { status: 400 })),
      http.post('*/v2/version', () => {
        posted = true;
        return HttpResponse.json({});
      }),
    );
    const { user } = renderRoute(createAppRoutes, { path: '/mod/lanternlight/version/create' });
    await screen.findByRole('form', { name: 'Upload a version' }, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: 'Create version' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Choose a file to upload.')).toBeInTheDocument();
    expect(within(alert).getByText('Enter a version number.')).toBeInTheDocument();
    expect(within(alert).getByText('Choose at least one loader.')).toBeInTheDocument();
    expect(within(alert).getByText('Choose at least one game version.')).toBeInTheDocument();

    await user.upload(screen.getByLabelText('Primary file'), jar());
    await screen.findByText('lanternlight-2.0.0.jar');
    await expect.poll(() => screen.queryByText('Reading details from the file…')).toBeNull();
    expect(screen.getByLabelText('Version number')).toHaveValue('');
    // At most 32 characters can be typed; spaces are refused by the rule.
    await user.type(screen.getByLabelText('Version number'), `${'x'.repeat(32)}y`);
    expect(screen.getByLabelText('Version number')).toHaveValue('x'.repeat(32));
    await user.clear(screen.getByLabelText('Version number'));
    await user.type(screen.getByLabelText('Version number'), '1.0 beta');
    await user.click(screen.getByRole('button', { name: 'Create version' }));
    expect(await screen.findAllByText('The version number may only use letters, digits and !@$()`.+,_"-')).not.toHaveLength(0);
    expect(posted).toBe(false);
  });

  it('selects a range of game versions with shift-click and shows snapshots on demand', async () => {
    signInAsOwner();
    server.use(http.post('*/v2/version/infer', () => HttpResponse.json(inference)));
    const { user } = renderRoute(createAppRoutes, { path: '/mod/lanternlight/version/create' });
    await screen.findByRole('form', { name: 'Upload a version' }, { timeout: 15_000 });
    expect(screen.queryByRole('checkbox', { name: '24w14a' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: '1.21' }));
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('checkbox', { name: '1.20.2' }));
    await user.keyboard('{/Shift}');
    for (const version of ['1.21', '1.20.4', '1.20.2']) expect(screen.getByRole('checkbox', { name: version })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '1.20.1' })).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Show all versions' }));
    expect(screen.getByRole('checkbox', { name: '24w14a' })).not.toBeChecked();
  });

  it('adds a dependency found by name, on any or one version, and refuses a duplicate', async () => {
    signInAsOwner();
    const satchelVersion = buildVersion({ id: 'VeRs0003', project_id: 'PrOj0002', version_number: '2.0.0' });
    server.use(http.get('*/v2/version/:id', () => HttpResponse.json(satchelVersion)));
    const { user } = renderRoute(createAppRoutes, { path: '/mod/lanternlight/version/create' });
    await screen.findByRole('form', { name: 'Upload a version' }, { timeout: 15_000 });
    await user.type(screen.getByLabelText('Find a project to depend on'), 'sat');
    const results = await screen.findByRole('list', { name: 'Matching projects' });
    await user.click(await within(results).findByRole('button', { name: 'Choose Satchel' }));
    const chosen = screen.getByRole('group', { name: 'Dependency on Satchel' });
    await within(chosen).findByRole('option', { name: '2.0.0' });
    await user.selectOptions(within(chosen).getByLabelText('Version'), '2.0.0');
    await user.selectOptions(within(chosen).getByLabelText('Dependency type'), 'optional');
    await user.click(within(chosen).getByRole('button', { name: 'Add dependency' }));
    const list = screen.getByRole('list', { name: 'Chosen dependencies' });
    expect(await within(list).findByText('Satchel')).toBeInTheDocument();
    expect(await within(list).findByText('Optional · version 2.0.0')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Find a project to depend on'), 'sat');
    await user.click(await screen.findByRole('button', { name: 'Choose Satchel' }));
    await screen.findByRole('option', { name: '2.0.0' });
    await user.selectOptions(screen.getByLabelText('Version'), '2.0.0');
    await user.click(screen.getByRole('button', { name: 'Add dependency' }));
    expect(await screen.findByText('Dependency already added')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
  });

  it('shows Edit and Delete to members, saves changed fields, and deletes after confirming', async () => {
    signInAsOwner();
    let patched: unknown;
    let deleted = '';
    server.use(
      http.patch('*/v2/version/:id', async ({ request }) => {
        patched = await request.json();
        return new HttpResponse(null, { status: 204 });
      }),
      http.delete('*/v2/version/:id', ({ params }) => {
        deleted = String(params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, router } = renderRoute(createAppRoutes, { path: '/mod/lanternlight/version/VeRs0001' });
    await user.click(await screen.findByRole('link', { name: 'Edit' }, { timeout: 15_000 }));
    await screen.findByRole('form', { name: 'Edit version' }, { timeout: 15_000 });
    expect(router.state.location.pathname).toBe('/mod/lanternlight/version/VeRs0001/edit');
    expect(screen.getByLabelText('Version number')).toHaveValue('1.0.0');
    await user.clear(screen.getByLabelText('Version number'));
    await user.type(screen.getByLabelText('Version number'), '1.0.1');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Version saved', undefined, { timeout: 15_000 });
    expect(patched).toEqual({ version_number: '1.0.1' });
    await expect.poll(() => router.state.location.pathname, { timeout: 15_000 }).toBe('/mod/lanternlight/version/VeRs0001');

    await user.click(await screen.findByRole('button', { name: 'Delete' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete version' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Version deleted', undefined, { timeout: 15_000 });
    expect(deleted).toBe('VeRs0001');
    await expect.poll(() => router.state.location.pathname, { timeout: 15_000 }).toBe('/mod/lanternlight/versions');
  });

  it('shows members the Versions tab of a project with no versions, and a page-wide drop opens the form', async () => {
    signInAsOwner();
    server.use(http.get('*/v2/project/:id/version', () => HttpResponse.json([])));
    const { user, router } = renderRoute(createAppRoutes, { path: '/mod/lanternlight' });
    const tabs = await screen.findByRole('navigation', { name: 'Project sections' }, { timeout: 15_000 });
    await user.click(await within(tabs).findByRole('link', { name: 'Versions' }, { timeout: 15_000 }));
    await screen.findByRole('heading', { level: 2, name: 'Upload a version' }, { timeout: 15_000 });
    expect(screen.getByText('No versions yet.')).toBeInTheDocument();
    dropOnPage(jar());
    await screen.findByRole('form', { name: 'Upload a version' }, { timeout: 15_000 });
    expect(router.state.location.pathname).toBe('/mod/lanternlight/version/create');
    expect(await screen.findByText('lanternlight-2.0.0.jar')).toBeInTheDocument();
  });

  it('schedules a new version: created hidden, then POST /schedule with the chosen status', async () => {
    signInAsOwner();
    let sent: Record<string, unknown> | undefined;
    let schedule: unknown;
    const created = buildVersion({ id: 'VeRsNew2', version_number: '2.0.0' });
    server.use(
      http.post('*/v2/version/infer', () => HttpResponse.json(inference)),
      http.post('*/v2/version', async ({ request }) => {
        sent = JSON.parse(String((await request.formData()).get('data'))) as Record<string, unknown>;
        return HttpResponse.json(created);
      }),
      http.post('*/v2/version/:id/schedule', async ({ request, params }) => {
        schedule = { id: params.id, ...((await request.json()) as object) };
        return new HttpResponse(null, { status: 204 });
      }),
      http.get('*/v2/project/:id/version/VeRsNew2', () => HttpResponse.json(created)),
    );
    const { user } = renderRoute(createAppRoutes, { path: '/mod/lanternlight/version/create' });
    await screen.findByRole('form', { name: 'Upload a version' }, { timeout: 15_000 });
    await user.upload(screen.getByLabelText('Primary file', { selector: 'input[type="file"]' }), jar());
    await expect.poll(() => (screen.getByLabelText('Version number') as HTMLInputElement).value, { timeout: 15_000 }).toBe('2.0.0');
    await user.selectOptions(screen.getByLabelText('Visibility'), 'unlisted');
    await user.selectOptions(screen.getByLabelText('When'), 'schedule');
    const time = screen.getByLabelText('Publication time');
    await user.type(time, '2020-01-01T10:00');
    await user.click(screen.getByRole('button', { name: 'Create version' }));
    expect(await screen.findAllByText('Choose a publication time in the future.')).not.toHaveLength(0);
    expect(sent).toBeUndefined();

    await user.clear(time);
    await user.type(time, '2999-05-01T10:30');
    await user.click(screen.getByRole('button', { name: 'Create version' }));
    await screen.findByText('Version created', undefined, { timeout: 15_000 });
    expect(sent).toMatchObject({ status: 'draft' });
    expect(schedule).toEqual({ id: 'VeRsNew2', time: new Date('2999-05-01T10:30').toISOString(), requested_status: 'unlisted' });
  });

  it('uploads an image into the changelog of an existing version in the version context', async () => {
    signInAsOwner();
    let imageQuery: Record<string, string> | undefined;
    let patched: { changelog?: string } | undefined;
    server.use(
      http.post('*/v2/image', ({ request }) => {
        imageQuery = Object.fromEntries(new URL(request.url).searchParams);
        return HttpResponse.json({ id: 'ImAg0001', url: 'https://cdn.cairn.test/images/lantern.png', size: 10, created: '2026-01-01T00:00:00Z', owner_id: 'UsEr0001', context: 'version', version_id: 'VeRs0001' });
      }),
      http.patch('*/v2/version/:id', async ({ request }) => {
        patched = (await request.json()) as { changelog?: string };
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, container } = renderRoute(createAppRoutes, { path: '/mod/lanternlight/version/VeRs0001/edit' });
    await screen.findByRole('form', { name: 'Edit version' }, { timeout: 15_000 });
    const toolbar = await screen.findByRole('toolbar', { name: 'Formatting' }, { timeout: 15_000 });
    expect(within(toolbar).getByRole('button', { name: 'Bold' })).toBeInTheDocument();
    const input = container.querySelector<HTMLInputElement>('input[type="file"][accept^="image/"]');
    expect(input).not.toBeNull();
    await user.upload(input!, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'lantern.png', { type: 'image/png' }));
    await expect.poll(() => imageQuery, { timeout: 15_000 }).toEqual({ ext: 'png', context: 'version', version_id: 'VeRs0001' });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Version saved', undefined, { timeout: 15_000 });
    expect(patched?.changelog).toContain('![description](https://cdn.cairn.test/images/lantern.png)');
  });

  it('hides the upload card and member actions from visitors', async () => {
    renderRoute(createAppRoutes, { path: '/mod/lanternlight/versions' });
    await screen.findByRole('table', undefined, { timeout: 15_000 });
    expect(screen.queryByRole('heading', { name: 'Upload a version' })).toBeNull();
  });
});
