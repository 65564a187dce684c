import type { ServerBackup } from '@cairn/shared/schemas/servers';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createAppRoutes } from '../../../app/router';
import { jsonBody, signIn } from '../../../testing/account';
import { expectNoAxeViolations } from '../../../testing/axe';
import { buildServer } from '../../../testing/mocks/servers';
import { server } from '../../../testing/mocks/server';
import { renderRoute } from '../../../testing/test-utils';

// jsdom cannot draw xterm's canvas, and the Overview tab's console is not what is tested here.
vi.mock('./console-terminal', () => ({ ConsoleTerminal: () => null }));

const backup = (overrides: Partial<ServerBackup> & Pick<ServerBackup, 'id' | 'name'>): ServerBackup => ({
  state: 'ready',
  size: 2048,
  created: '2026-11-20T10:00:00.000Z',
  automated: false,
  locked: false,
  error: null,
  progress: null,
  download_url: null,
  download_expires: null,
  ...overrides,
});

const schedule = { enabled: false, interval_hours: 6, last_run: null, next_run: null, last_skipped: null };

/** The panel of a server in `state`, its backups, and a record of what the tab sends. */
function servePanel(state: 'running' | 'stopped', backups: ServerBackup[], maxBackups = 3) {
  const sent: Array<{ method: string; path: string; body: unknown }> = [];
  const record = async ({ request }: { request: Request }) => {
    const body = request.headers.get('content-type')?.includes('json') ? await jsonBody(request) : null;
    sent.push({ method: request.method, path: new URL(request.url).pathname, body });
    return new HttpResponse(null, { status: 204 });
  };
  server.use(
    http.get('*/v2/servers/Srv00001', () => HttpResponse.json(buildServer({ state }))),
    http.get('*/v2/servers/Srv00001/access', () => HttpResponse.json({ error: 'unauthorized', description: 'no' }, { status: 401 })),
    http.get('*/v2/servers/Srv00001/backups', () => HttpResponse.json({ backups, max_backups: maxBackups })),
    http.get('*/v2/servers/Srv00001/autobackup', () => HttpResponse.json(schedule)),
    http.post('*/v2/servers/Srv00001/backups', record),
    http.post('*/v2/servers/Srv00001/backups/:backup/:action', record),
    http.patch('*/v2/servers/Srv00001/backups/:backup', record),
    http.put('*/v2/servers/Srv00001/autobackup', record),
  );
  return sent;
}

async function openBackups() {
  const rendered = renderRoute(createAppRoutes, { path: '/servers/manage/Srv00001' });
  await rendered.user.click(await screen.findByRole('tab', { name: 'Backups' }, { timeout: 45_000 }));
  await screen.findByRole('heading', { name: /^Backups/, level: 2 }, { timeout: 10_000 });
  return rendered;
}

describe('server panel Backups tab', () => {
  it('lists backups newest first with badges, progress and failures; full slots disable creating with the reason', async () => {
    signIn();
    const sent = servePanel('stopped', [
      backup({ id: 'aaaaaaaaaaa1', name: 'Old world', locked: true, download_url: 'http://node.test/archive?signature=x', created: '2026-11-01T10:00:00.000Z' }),
      backup({ id: 'aaaaaaaaaaa2', name: 'Nightly', automated: true, state: 'failed', error: 'Failed to create backup: the storage quota is full', created: '2026-11-10T10:00:00.000Z' }),
      backup({ id: 'aaaaaaaaaaa3', name: 'Before the update', state: 'creating', progress: 42, created: '2026-11-20T10:00:00.000Z' }),
    ]);
    const { user, container } = await openBackups();

    expect(screen.getByLabelText('3 of 3 backup slots used')).toHaveAttribute('data-tone', 'danger');
    const create = screen.getByRole('button', { name: 'Create backup' });
    expect(create).toBeDisabled();
    expect(create).toHaveAccessibleDescription('A backup is already in progress');

    const cards = within(screen.getByRole('tabpanel')).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Before the update', 'Nightly', 'Old world']);
    const [creating, failed, locked] = cards.map((card) => within(card));
    expect(creating!.getByText('Creating backup…')).toBeInTheDocument();
    expect(creating!.getByRole('progressbar', { name: 'Progress of Before the update' })).toHaveAttribute('value', '42');
    expect(failed!.getByText('Automated')).toBeInTheDocument();
    expect(failed!.getByRole('alert')).toHaveTextContent('Failed to create backup: the storage quota is full');
    expect(locked!.getByText('Locked')).toBeInTheDocument();
    expect(locked!.getByRole('link', { name: 'Download' })).toHaveAttribute('href', 'http://node.test/archive?signature=x');

    await user.click(creating!.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(sent).toContainEqual({ method: 'POST', path: '/v2/servers/Srv00001/backups/aaaaaaaaaaa3/cancel', body: null }));
    await user.click(locked!.getByRole('button', { name: 'More actions for Old world' }));
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Unlock' }));
    await waitFor(() => expect(sent).toContainEqual({ method: 'PATCH', path: '/v2/servers/Srv00001/backups/aaaaaaaaaaa1', body: { locked: false } }));
    await expectNoAxeViolations(container);
  }, 60_000);

  it('creates a backup named "Backup #n" only with the running preference, restores after confirming, and sets automatic backups', async () => {
    signIn();
    const sent = servePanel('running', [backup({ id: 'bbbbbbbbbbb1', name: 'Backup #1' })], 16);
    const { user } = await openBackups();

    expect(screen.getByLabelText('1 of 16 backup slots used')).toHaveAttribute('data-tone', 'normal');
    const create = screen.getByRole('button', { name: 'Create backup' });
    expect(create).toHaveAccessibleDescription('Cannot create backup while server is running');
    await user.click(screen.getByLabelText('Create backups while the server is running'));
    expect(create).toBeEnabled();
    await user.click(create);
    const dialog = within(await screen.findByRole('dialog', { name: 'Create a backup' }));
    expect(dialog.getByLabelText('Name')).toHaveValue('Backup #2');
    await user.clear(dialog.getByLabelText('Name'));
    await user.click(dialog.getByRole('button', { name: 'Create backup' }));
    expect(dialog.getByText('Give the backup a name of 1 to 48 characters.')).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Name'), 'Before the raid');
    await user.click(dialog.getByRole('button', { name: 'Create backup' }));
    await waitFor(() => expect(sent).toContainEqual({ method: 'POST', path: '/v2/servers/Srv00001/backups', body: { name: 'Before the raid' } }));

    await user.click(screen.getByRole('button', { name: 'More actions for Backup #1' }));
    await user.click(screen.getByRole('menuitem', { name: 'Restore' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Restore Backup #1?' }));
    expect(confirm.getByText(/overwrites all files/)).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Restore backup' }));
    await waitFor(() => expect(sent).toContainEqual({ method: 'POST', path: '/v2/servers/Srv00001/backups/bbbbbbbbbbb1/restore', body: null }));

    await user.click(screen.getByRole('button', { name: 'Auto backups' }));
    const auto = within(await screen.findByRole('dialog', { name: 'Automatic backups' }));
    await user.click(auto.getByLabelText('Back up automatically'));
    await user.click(auto.getByLabelText('Every 12 hours'));
    await user.click(auto.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toContainEqual({ method: 'PUT', path: '/v2/servers/Srv00001/autobackup', body: { enabled: true, interval_hours: 12 } }));
  }, 60_000);
});
