import { EditorView } from '@codemirror/view';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, ws } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { jsonBody, signIn } from '../../testing/account';
import { expectNoAxeViolations } from '../../testing/axe';
import { server } from '../../testing/mocks/server';
import { buildServer } from '../../testing/mocks/servers';
import { renderRoute } from '../../testing/test-utils';
import { createAppRoutes } from '../router';

// jsdom cannot draw xterm's canvas; the Overview tab's terminal is not what this file tests.
vi.mock('../../features/server-panel/components/console-terminal', () => ({ ConsoleTerminal: () => null }));

const NODE = 'http://node.test/api/servers/Srv00001';
const FILES = `${NODE}/files`;

interface Entry {
  type: 'file' | 'directory';
  content?: string;
}

/**
 * A node agent's file routes over an in-memory folder, checking the bearer token on every call
 * as the real agent does (401 for a token it does not take).
 */
function serveNode(options: { tokens?: string[]; acceptedTokens?: string[] } = {}) {
  const tree = new Map<string, Entry>([
    ['/world', { type: 'directory' }],
    ['/world/level.dat', { type: 'file', content: 'LEVEL' }],
    ['/empty', { type: 'directory' }],
    ['/server.properties', { type: 'file', content: 'motd=A Minecraft Server\nmax-players=20\n' }],
    ['/eula.txt', { type: 'file', content: 'eula=true\n' }],
  ]);
  const calls: Array<{ route: string; body?: unknown; query?: string }> = [];
  const tokens = [...(options.tokens ?? ['v1.token.one'])];
  const accepted = new Set(options.acceptedTokens ?? tokens);
  let accessCalls = 0;
  const listTokens: string[] = [];
  const authorized = (request: Request) => accepted.has(request.headers.get('authorization')?.replace(/^Bearer /, '') ?? '');
  const unauthorized = () => HttpResponse.json({ error: 'unauthorized', description: 'authorization: token expired' }, { status: 401 });
  const children = (folder: string) =>
    [...tree.entries()]
      .filter(([path]) => path.slice(0, path.lastIndexOf('/') || 1) === folder && path !== folder)
      .map(([path, entry]) => ({ name: path.slice(path.lastIndexOf('/') + 1), type: entry.type, size: entry.content?.length ?? 0, modified: '2026-01-05T10:00:00.000Z' }))
      .sort((a, b) => Number(b.type === 'directory') - Number(a.type === 'directory') || a.name.localeCompare(b.name));

  const node = ws.link(`ws://node.test/api/servers/Srv00001/console`);
  server.use(
    node.addEventListener('connection', ({ client }) => client.send(JSON.stringify({ type: 'state', state: 'running' }))),
    http.get('*/v2/servers/Srv00001', () => HttpResponse.json(buildServer({ state: 'running' }))),
    http.get('*/v2/servers/Srv00001/access', () => {
      const token = tokens[Math.min(accessCalls++, tokens.length - 1)];
      return HttpResponse.json({ console_url: `ws://node.test/api/servers/Srv00001/console`, files_url: FILES, token, expires: '2030-01-01T00:00:00.000Z', permissions: ['console', 'files.read', 'files.write'] });
    }),
    http.get(`${FILES}/list`, ({ request }) => {
      listTokens.push(request.headers.get('authorization') ?? '');
      if (!authorized(request)) return unauthorized();
      const path = new URL(request.url).searchParams.get('path') ?? '/';
      calls.push({ route: 'list', query: path });
      return HttpResponse.json({ path, entries: children(path) });
    }),
    http.get(`${FILES}/contents`, ({ request }) => {
      if (!authorized(request)) return unauthorized();
      const path = new URL(request.url).searchParams.get('path') ?? '/';
      return HttpResponse.text(tree.get(path)?.content ?? '');
    }),
    http.put(`${FILES}/contents`, async ({ request }) => {
      if (!authorized(request)) return unauthorized();
      const url = new URL(request.url);
      const path = url.searchParams.get('path') ?? '/';
      const content = await request.text();
      calls.push({ route: 'write', query: url.search, body: content });
      if (url.searchParams.get('overwrite') === 'false' && tree.has(path))
        return HttpResponse.json({ error: 'already_exists', description: 'path: a file with this name already exists' }, { status: 409 });
      tree.set(path, { type: 'file', content });
      return HttpResponse.json({ path, size: content.length });
    }),
    http.post(`${FILES}/mkdir`, async ({ request }) => {
      const body = await jsonBody(request);
      calls.push({ route: 'mkdir', body });
      tree.set(String(body.path), { type: 'directory' });
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(`${FILES}/rename`, async ({ request }) => {
      const body = (await jsonBody(request)) as { from: string; to: string };
      calls.push({ route: 'rename', body });
      const entry = tree.get(body.from);
      if (entry) tree.set(body.to, entry);
      tree.delete(body.from);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(`${FILES}/delete`, async ({ request }) => {
      const body = (await jsonBody(request)) as { paths: string[] };
      calls.push({ route: 'delete', body });
      for (const path of body.paths) for (const key of [...tree.keys()]) if (key === path || key.startsWith(`${path}/`)) tree.delete(key);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { tree, calls, listTokens };
}

async function openFilesTab() {
  signIn();
  const rendered = renderRoute(createAppRoutes, { path: '/servers/manage/Srv00001' });
  await rendered.user.click(await screen.findByRole('tab', { name: 'Files' }, { timeout: 45_000 }));
  const table = await screen.findByRole('table', { name: 'Files in Home' }, { timeout: 20_000 });
  return { ...rendered, table };
}

const row = (table: HTMLElement, name: string) => within(table).getByRole('rowheader', { name: new RegExp(`^${name.replace('.', '\\.')}`) }).closest('tr')!;

async function chooseAction(user: ReturnType<typeof renderRoute>['user'], table: HTMLElement, name: string, action: string) {
  await user.click(within(row(table, name)).getByRole('button', { name: `Actions for ${name}` }));
  await user.click(await screen.findByRole('menuitem', { name: action }));
}

describe('server panel Files tab', () => {
  it('browses folders with the breadcrumb, searches and filters, and says when a folder is empty', async () => {
    serveNode();
    const { user, table, container } = await openFilesTab();
    const names = within(table).getAllByRole('rowheader').map((cell) => cell.textContent);
    expect(names).toEqual(['📁empty (Folder)', '📁world (Folder)', '📄eula.txt', '📄server.properties']);
    expect(within(row(table, 'server.properties')).getByText('39 Bytes')).toBeInTheDocument();
    await expectNoAxeViolations(container);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'folders');
    expect(within(table).getAllByRole('rowheader')).toHaveLength(2);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'files');
    await user.type(screen.getByRole('searchbox', { name: 'Search folder' }), 'eula');
    expect(within(table).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['📄eula.txt']);
    await user.clear(screen.getByRole('searchbox', { name: 'Search folder' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'all');

    await user.click(within(table).getByRole('button', { name: 'world' }));
    const world = await screen.findByRole('table', { name: 'Files in /world' });
    expect(within(world).getByRole('rowheader', { name: /level\.dat/ })).toBeInTheDocument();
    const path = screen.getByRole('navigation', { name: 'Folder path' });
    expect(within(path).getByText('world')).toHaveAttribute('aria-current', 'location');
    await user.click(within(path).getByRole('button', { name: 'Home' }));
    await user.click(within(await screen.findByRole('table', { name: 'Files in Home' })).getByRole('button', { name: 'empty' }));
    expect(await screen.findByText('This folder is empty')).toBeInTheDocument();
  }, 60_000);

  it('creates a folder and renames and deletes a file through the item menu', async () => {
    const node = serveNode();
    const { user, table } = await openFilesTab();

    await user.click(screen.getByRole('button', { name: 'Create new…' }));
    await user.click(await screen.findByRole('menuitem', { name: 'New folder' }));
    const folderDialog = await screen.findByRole('dialog', { name: 'New folder' });
    await user.type(within(folderDialog).getByLabelText('Folder name'), 'a/b');
    await user.click(within(folderDialog).getByRole('button', { name: 'Create' }));
    expect(await within(folderDialog).findByText('Enter a name without slashes.')).toBeInTheDocument();
    await user.clear(within(folderDialog).getByLabelText('Folder name'));
    await user.type(within(folderDialog).getByLabelText('Folder name'), 'plugins');
    await user.click(within(folderDialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Folder plugins created')).toBeInTheDocument();
    expect(node.calls.filter((c) => c.route === 'mkdir')).toEqual([{ route: 'mkdir', body: { path: '/plugins' } }]);
    await waitFor(() => expect(within(table).getByRole('button', { name: 'plugins' })).toBeInTheDocument());

    await chooseAction(user, table, 'eula.txt', 'Rename');
    const renameDialog = await screen.findByRole('dialog', { name: 'Rename eula.txt' });
    const field = within(renameDialog).getByLabelText('New name');
    expect(field).toHaveValue('eula.txt');
    await user.clear(field);
    await user.type(field, 'terms.txt{Enter}');
    await waitFor(() => expect(node.calls.filter((c) => c.route === 'rename')).toEqual([{ route: 'rename', body: { from: '/eula.txt', to: '/terms.txt' } }]));
    await waitFor(() => expect(within(table).getByRole('button', { name: 'terms.txt' })).toBeInTheDocument());

    await chooseAction(user, table, 'terms.txt', 'Delete');
    const confirm = await screen.findByRole('dialog', { name: 'Delete terms.txt?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(node.calls.filter((c) => c.route === 'delete')).toEqual([{ route: 'delete', body: { paths: ['/terms.txt'] } }]));
    await waitFor(() => expect(within(table).queryByRole('button', { name: 'terms.txt' })).not.toBeInTheDocument());
    expect(node.tree.has('/terms.txt')).toBe(false);
  }, 60_000);

  it('uploads files in a queue with progress, and shows a per-file error when one already exists', async () => {
    const node = serveNode();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const uploads: Array<{ path: string | null; overwrite: string | null; body: string; auth: string | null }> = [];
    server.use(
      http.post(`${FILES}/upload`, async ({ request }) => {
        const url = new URL(request.url);
        const path = url.searchParams.get('path');
        uploads.push({ path, overwrite: url.searchParams.get('overwrite'), body: await request.text(), auth: request.headers.get('authorization') });
        if (path === '/server.properties') return HttpResponse.json({ error: 'already_exists', description: 'path: a file with this name already exists' }, { status: 409 });
        await held;
        node.tree.set(path ?? '/x', { type: 'file', content: 'hello world' });
        return HttpResponse.json({ path, size: 11 }, { status: 201 });
      }),
    );
    const { user, container, table } = await openFilesTab();
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input).toHaveAccessibleName('Upload files');
    await user.upload(input, [new File(['hello world'], 'notes.txt', { type: 'text/plain' }), new File(['motd=x'], 'server.properties')]);

    const queue = await screen.findByRole('region', { name: 'Uploads' });
    const notes = within(queue).getByText('notes.txt').closest('li')!;
    await waitFor(() => expect(notes).toHaveTextContent('0 Bytes of 11 Bytes'));
    expect(within(notes).getByRole('progressbar', { name: 'notes.txt' })).toHaveAttribute('value', '0');
    expect(within(queue).getByText('server.properties').closest('li')).toHaveTextContent('Waiting');
    release();
    await waitFor(() => expect(notes).toHaveTextContent('Uploaded'));
    expect(within(notes).getByRole('progressbar', { name: 'notes.txt' })).toHaveAttribute('value', '11');
    const failed = within(queue).getByText('server.properties').closest('li')!;
    await waitFor(() => expect(within(failed).getByRole('alert')).toHaveTextContent('Failed: File already exists'));
    expect(uploads).toEqual([
      { path: '/notes.txt', overwrite: 'false', body: 'hello world', auth: 'Bearer v1.token.one' },
      { path: '/server.properties', overwrite: 'false', body: 'motd=x', auth: 'Bearer v1.token.one' },
    ]);
    await waitFor(() => expect(within(table).getByRole('button', { name: 'notes.txt' })).toBeInTheDocument());

    await user.click(within(failed).getByRole('button', { name: 'Dismiss server.properties' }));
    expect(within(queue).queryByText('server.properties')).not.toBeInTheDocument();
    await user.click(within(queue).getByRole('button', { name: 'Clear finished' }));
    expect(screen.queryByRole('region', { name: 'Uploads' })).not.toBeInTheDocument();
    await expectNoAxeViolations(container);
  }, 60_000);

  it('uploads files dropped on the tab into the open folder, and cancels one while it is sent', async () => {
    serveNode();
    const paths: Array<string | null> = [];
    server.use(
      http.post(`${FILES}/upload`, async ({ request }) => {
        paths.push(new URL(request.url).searchParams.get('path'));
        // Never answers: the upload stays in flight until it is cancelled.
        await new Promise(() => {});
        return HttpResponse.json({});
      }),
    );
    const { user, table } = await openFilesTab();
    await user.click(within(table).getByRole('button', { name: 'world' }));
    const world = await screen.findByRole('table', { name: 'Files in /world' });
    const files = [new File(['abc'], 'dropped.txt')];
    const dataTransfer = { files, types: ['Files'] };
    fireEvent.dragEnter(world, { dataTransfer });
    expect(await screen.findByText('Drop files to upload them to /world')).toBeInTheDocument();
    fireEvent.drop(world, { dataTransfer });
    expect(screen.queryByText('Drop files to upload them to /world')).not.toBeInTheDocument();
    const queue = await screen.findByRole('region', { name: 'Uploads' });
    await waitFor(() => expect(paths).toEqual(['/world/dropped.txt']));
    await user.click(within(queue).getByRole('button', { name: 'Cancel upload of dropped.txt' }));
    await waitFor(() => expect(within(queue).getByText('dropped.txt').closest('li')).toHaveTextContent('Cancelled'));
  }, 60_000);

  it('opens a text file in the editor, saves with Ctrl+S, and guards unsaved changes', async () => {
    const node = serveNode();
    const { user, table, container } = await openFilesTab();
    await user.click(within(table).getByRole('button', { name: 'server.properties' }));
    await vi.waitFor(() => expect(container.querySelector('.cm-content')).not.toBeNull(), { timeout: 15_000 });
    const content = container.querySelector<HTMLElement>('.cm-content')!;
    expect(content).toHaveAccessibleName('Contents of server.properties');
    await waitFor(() => expect(content).toHaveTextContent('motd=A Minecraft Server'));
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    const view = EditorView.findFromDOM(container.querySelector<HTMLElement>('.cm-editor')!)!;
    act(() => view.dispatch({ changes: { from: 5, to: 23, insert: 'Our world' } }));
    expect(await screen.findByText('Unsaved changes')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to files' }));
    const discard = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    await user.click(within(discard).getByRole('button', { name: 'Cancel' }));

    await user.keyboard('{Control>}s{/Control}');
    expect(await screen.findByText('server.properties saved')).toBeInTheDocument();
    expect(node.calls.filter((c) => c.route === 'write')).toEqual([{ route: 'write', query: '?path=%2Fserver.properties&overwrite=true', body: 'motd=Our world\nmax-players=20\n' }]);
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument());
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole('button', { name: 'Back to files' }));
    expect(await screen.findByRole('table', { name: 'Files in Home' })).toBeInTheDocument();
  }, 60_000);

  it('fetches a new node token when the node answers 401', async () => {
    // The console takes one of the stale tokens; the file list gets the other, then a fresh one.
    const node = serveNode({ tokens: ['v1.token.stale', 'v1.token.stale', 'v1.token.fresh'], acceptedTokens: ['v1.token.fresh'] });
    const { table } = await openFilesTab();
    expect(within(table).getByRole('button', { name: 'server.properties' })).toBeInTheDocument();
    expect(node.listTokens).toEqual(['Bearer v1.token.stale', 'Bearer v1.token.fresh']);
  }, 60_000);
});
