import type { ServerNotice } from '@cairn/shared/schemas/server-notices';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { jsonBody, signIn } from '../../testing/account';
import { expectNoAxeViolations } from '../../testing/axe';
import { buildServer, buildServerNode } from '../../testing/mocks/servers';
import { server } from '../../testing/mocks/server';
import { renderRoute } from '../../testing/test-utils';
import { createAppRoutes } from '../router';

const node = buildServerNode();
const spare = buildServerNode({ id: 'Node0002', name: 'spare', url: 'http://127.0.0.1:8451', allocated_memory_mib: 0, servers: 0 });

function buildNotice(overrides: Partial<ServerNotice> = {}): ServerNotice {
  return {
    id: 'Note0001',
    level: 'warning',
    title: 'Maintenance',
    message: 'The node restarts at midnight.',
    dismissable: true,
    begins: null,
    expires: null,
    created: '2026-01-05T10:00:00.000Z',
    assigned: { all: true, nodes: [], servers: [] },
    dismissed_count: 3,
    ...overrides,
  };
}

function serveStaffData(notices: ServerNotice[] = []) {
  server.use(
    http.get('*/v2/servers/notices', () => HttpResponse.json({ notices })),
    http.get('*/v2/servers/nodes', () => HttpResponse.json({ nodes: [node, spare] })),
    http.get('*/v2/servers', ({ request }) =>
      new URL(request.url).searchParams.get('all') === 'true' ? HttpResponse.json({ servers: [buildServer({ state: null })] }) : HttpResponse.json({ servers: [] }),
    ),
  );
}

describe('/admin/servers/notices', () => {
  it('is the 404 page for moderators', async () => {
    signIn({ role: 'moderator' });
    renderRoute(createAppRoutes, { path: '/admin/servers/notices' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 15_000 })).toBeInTheDocument();
  });

  it('lists notices and creates one for chosen nodes and servers', async () => {
    signIn({ role: 'admin' });
    serveStaffData([buildNotice()]);
    let sent: Record<string, unknown> | undefined;
    server.use(
      http.post('*/v2/servers/notices', async ({ request }) => {
        sent = await jsonBody(request);
        return HttpResponse.json(buildNotice({ id: 'Note0002', level: 'critical', title: null }), { status: 201 });
      }),
    );
    const { user, container } = renderRoute(createAppRoutes, { path: '/admin/servers/notices' });
    const table = await screen.findByRole('table', { name: 'Server notices' }, { timeout: 15_000 });
    const row = within(table).getByRole('row', { name: /Maintenance/ });
    expect(within(row).getByText('Warning')).toBeInTheDocument();
    expect(within(row).getByText('All servers')).toBeInTheDocument();
    expect(within(row).getByText('By 3 servers')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Server notices' })).toHaveAttribute('aria-current', 'page');
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole('button', { name: 'Create notice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a notice' });
    await user.click(within(dialog).getByRole('button', { name: 'Create notice' }));
    expect(await within(dialog).findByText('Enter a message.')).toBeInTheDocument();
    expect(sent).toBeUndefined();

    await user.selectOptions(within(dialog).getByLabelText('Level'), 'critical');
    await user.type(within(dialog).getByLabelText(/Message/), 'Disks are being replaced.');
    await user.click(within(dialog).getByLabelText('spare'));
    await user.click(within(dialog).getByLabelText(/Survival world/));
    await user.click(within(dialog).getByRole('button', { name: 'Create notice' }));
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent).toEqual({
      level: 'critical',
      title: null,
      message: 'Disks are being replaced.',
      dismissable: true,
      begins: null,
      expires: null,
      assign: { all: false, node_ids: ['Node0002'], server_ids: ['Srv00001'] },
    });
    expect(await screen.findByText('Notice created')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the API error next to the field, and deletes after confirming', async () => {
    signIn({ role: 'admin' });
    serveStaffData([buildNotice()]);
    let deleted = false;
    server.use(
      http.patch('*/v2/servers/notices/Note0001', () => HttpResponse.json({ error: 'invalid_input', description: 'expires: must be after begins' }, { status: 400 })),
      http.delete('*/v2/servers/notices/Note0001', () => {
        deleted = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderRoute(createAppRoutes, { path: '/admin/servers/notices' });
    await user.click(await screen.findByRole('button', { name: 'Edit notice Note0001' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit notice' });
    expect(within(dialog).getByLabelText(/Message/)).toHaveValue('The node restarts at midnight.');
    await user.click(within(dialog).getByRole('button', { name: 'Save notice' }));
    expect(await within(dialog).findByText('must be after begins')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Expires')).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Delete notice Note0001' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this notice?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toBe(true));
    expect(await screen.findByText('Notice deleted')).toBeInTheDocument();
  });
});

describe('/servers/admin', () => {
  it('lists nodes with capacity and health, and every server with staff actions', async () => {
    signIn({ role: 'admin' });
    serveStaffData();
    let suspended: Record<string, unknown> | undefined;
    let moved: Record<string, unknown> | undefined;
    server.use(
      http.post('*/v2/servers/Srv00001/suspend', async ({ request }) => {
        suspended = await jsonBody(request);
        return HttpResponse.json(buildServer({ status: 'suspended', suspension_reason: 'other' }));
      }),
      http.post('*/v2/servers/Srv00001/move', async ({ request }) => {
        moved = await jsonBody(request);
        return HttpResponse.json({ error: 'move_failed', description: 'The server could not be moved to spare; it stays on local' }, { status: 409 });
      }),
    );
    const { user, container } = renderRoute(createAppRoutes, { path: '/servers/admin' });
    const nodes = await screen.findByRole('table', { name: 'Nodes' }, { timeout: 15_000 });
    const local = within(within(nodes).getByRole('row', { name: /local/ }));
    expect(local.getByText('Healthy')).toBeInTheDocument();
    expect(local.getByText('2 of 8 GB')).toBeInTheDocument();
    const servers = screen.getByRole('table', { name: 'All servers' });
    const row = within(within(servers).getByRole('row', { name: /Survival world/ }));
    expect(row.getByText('local')).toBeInTheDocument();
    expect(row.getByText('Small')).toBeInTheDocument();
    await expectNoAxeViolations(container);

    await user.click(row.getByRole('button', { name: 'Suspend Survival world' }));
    const suspend = await screen.findByRole('dialog', { name: 'Suspend Survival world' });
    await user.selectOptions(within(suspend).getByLabelText('Reason'), 'other');
    await user.click(within(suspend).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(suspended).toEqual({ reason: 'other' }));
    expect(await screen.findByText('Server suspended')).toBeInTheDocument();

    await user.click(row.getByRole('button', { name: 'Move Survival world to another node' }));
    const move = await screen.findByRole('dialog', { name: 'Move Survival world' });
    expect(within(within(move).getByLabelText('Move to node')).getAllByRole('option').map((o) => o.textContent)).toEqual(['spare (8192 MiB free)']);
    await user.click(within(move).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(moved).toEqual({ node_id: 'Node0002' }));
    expect(await within(move).findByText(/it stays on local/)).toBeInTheDocument();
  });

  it('adds a node through the create-node route', async () => {
    signIn({ role: 'admin' });
    serveStaffData();
    let sent: Record<string, unknown> | undefined;
    server.use(
      http.post('*/v2/servers/nodes', async ({ request }) => {
        sent = await jsonBody(request);
        return HttpResponse.json({ error: 'node_unreachable', description: 'url: no node agent answers at this address with this token' }, { status: 400 });
      }),
    );
    const { user } = renderRoute(createAppRoutes, { path: '/servers/admin' });
    const form = await screen.findByRole('form', { name: 'Add a node' }, { timeout: 15_000 });
    await user.type(within(form).getByLabelText(/^Name/), 'second');
    await user.type(within(form).getByLabelText(/Agent address/), 'http://10.0.0.2:8450');
    await user.type(within(form).getByLabelText(/Node token/), 'short');
    await user.click(within(form).getByRole('button', { name: 'Add a node' }));
    expect(await within(form).findByText('The node token has at least 32 characters.')).toBeInTheDocument();
    await user.clear(within(form).getByLabelText(/Node token/));
    await user.type(within(form).getByLabelText(/Node token/), 'x'.repeat(40));
    await user.click(within(form).getByRole('button', { name: 'Add a node' }));
    await waitFor(() => expect(sent).toEqual({ name: 'second', url: 'http://10.0.0.2:8450', token: 'x'.repeat(40) }));
    expect(await within(form).findByText('no node agent answers at this address with this token')).toBeInTheDocument();
  });
});

describe('notices on the panel', () => {
  it('shows active notices above the tabs and dismisses a dismissable one', async () => {
    signIn();
    let notices = [
      { id: 'Note0001', level: 'warning', title: 'Maintenance', message: 'Restart at midnight.', dismissable: true, begins: null, expires: null },
      { id: 'Note0002', level: 'critical', title: null, message: 'Disk trouble.', dismissable: false, begins: null, expires: null },
      { id: 'Note0003', level: 'survey', title: 'Tell us', message: 'https://survey.test/1', dismissable: true, begins: null, expires: null },
    ];
    let dismissed = '';
    server.use(
      http.get('*/v2/servers/Srv00001', () => HttpResponse.json(buildServer({ status: 'suspended', suspension_reason: 'support' }))),
      http.get('*/v2/servers/Srv00001/notices', () => HttpResponse.json({ notices })),
      http.post('*/v2/servers/Srv00001/notices/:nid/dismiss', ({ params }) => {
        dismissed = String(params.nid);
        notices = notices.filter((n) => n.id !== dismissed);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, container } = renderRoute(createAppRoutes, { path: '/servers/manage/Srv00001' });
    const region = await screen.findByRole('region', { name: 'Notices about this server' }, { timeout: 15_000 });
    expect(within(region).getByText('Maintenance')).toBeInTheDocument();
    expect(within(region).getByText('Restart at midnight.')).toBeInTheDocument();
    expect(within(region).getByText('Critical')).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'Take the survey' })).toHaveAttribute('href', 'https://survey.test/1');
    expect(within(region).queryByText('https://survey.test/1')).not.toBeInTheDocument();
    // Two dismissable notices, the critical one has no Dismiss button.
    expect(within(region).getAllByRole('button', { name: 'Dismiss' })).toHaveLength(2);
    await expectNoAxeViolations(container);

    await user.click(within(region).getAllByRole('button', { name: 'Dismiss' })[0]!);
    await waitFor(() => expect(dismissed).toBe('Note0001'));
    await waitFor(() => expect(within(region).queryByText('Maintenance')).not.toBeInTheDocument());
    expect(within(region).getByText('Disk trouble.')).toBeInTheDocument();
  });
});
