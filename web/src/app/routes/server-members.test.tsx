import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { jsonBody, signIn } from '../../testing/account';
import { expectNoAxeViolations } from '../../testing/axe';
import { buildServer } from '../../testing/mocks/servers';
import { server } from '../../testing/mocks/server';
import { renderRoute } from '../../testing/test-utils';
import { createAppRoutes } from '../router';

// jsdom cannot draw xterm's canvas; the Overview tab's console is not what these tests look at.
vi.mock('../../features/server-panel/components/console-terminal', () => ({ ConsoleTerminal: () => null }));

const ID = 'Srv00001';
const owner = { id: 'Usr00001', username: 'owner', avatar_url: null };
const helper = { id: 'Usr00002', username: 'helper', avatar_url: null };

function servePanel(standing: { my_role: string; my_permissions: string[] }, members: object[] = []) {
  signIn();
  server.use(
    http.get(`*/v2/servers/${ID}`, () => HttpResponse.json(buildServer({ state: 'running' }))),
    http.get(`*/v2/servers/${ID}/access`, () => HttpResponse.json({ error: 'unauthorized', description: 'no' }, { status: 401 })),
    http.get(`*/v2/servers/${ID}/members`, () => HttpResponse.json({ owner, members, ...standing })),
  );
}

const entry = (id: number, kind: string, action: string, detail: string) => ({ id: String(id), actor: helper, kind, action, detail, created: '2026-11-29T10:00:00.000Z' });

describe('server members and activity tabs', () => {
  it('invites by username with a role, and offers the permission checkboxes for a custom role', async () => {
    servePanel({ my_role: 'owner', my_permissions: ['console_read', 'console_write', 'power', 'files_read', 'files_write', 'backups', 'content', 'options', 'members', 'sftp'] });
    let invited: unknown;
    server.use(
      http.post(`*/v2/servers/${ID}/members`, async ({ request }) => {
        invited = await jsonBody(request);
        return HttpResponse.json({ user: helper, role: 'custom', permissions: ['console_read', 'files_read'], accepted: false, created: '2026-11-29T10:00:00.000Z' }, { status: 201 });
      }),
    );
    const { user, container } = renderRoute(createAppRoutes, { path: `/servers/manage/${ID}` });
    await user.click(await screen.findByRole('tab', { name: 'Members' }, { timeout: 45_000 }));
    const tab = within(await screen.findByRole('tabpanel', { name: 'Members' }));
    await tab.findByText('Your role here: Owner');
    const invite = within(tab.getByRole('form', { name: 'Invite someone' }));
    expect(invite.getByRole('checkbox', { name: 'Change files' })).toBeDisabled();
    await user.click(invite.getByRole('button', { name: 'Send invitation' }));
    expect(await invite.findByText('Enter the username of the person to invite.')).toBeInTheDocument();
    await user.type(invite.getByLabelText('Username'), 'helper');
    // A custom role starts from the preset it replaces (Limited).
    await user.selectOptions(invite.getByLabelText('Role'), 'custom');
    expect(invite.getByRole('checkbox', { name: 'Send console commands' })).toBeChecked();
    await user.click(invite.getByRole('checkbox', { name: 'Start, stop and restart' }));
    await user.click(invite.getByRole('checkbox', { name: 'Browse and download files' }));
    await user.click(invite.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(invited).toEqual({ username: 'helper', role: 'custom', permissions: ['console_read', 'console_write', 'files_read'] }));
    await expectNoAxeViolations(container);
  }, 60_000);

  it('shows a Limited member only the tabs and actions they may use', async () => {
    servePanel({ my_role: 'limited', my_permissions: ['console_read', 'console_write', 'power'] }, [
      { user: helper, role: 'limited', permissions: ['console_read', 'console_write', 'power'], accepted: true, created: '2026-11-29T10:00:00.000Z' },
    ]);
    renderRoute(createAppRoutes, { path: `/servers/manage/${ID}` });
    // Limited keeps power; the buttons show once the panel knows the member's permissions.
    await screen.findByRole('group', { name: 'Power' }, { timeout: 45_000 });
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(expect.arrayContaining(['Overview', 'Members', 'Activity']));
    for (const hidden of ['Content', 'Files', 'Backups', 'Options']) expect(tabs).not.toContain(hidden);
  }, 60_000);

  it('leaves out the power buttons without the power permission', async () => {
    servePanel({ my_role: 'custom', my_permissions: ['console_read'] });
    const { user } = renderRoute(createAppRoutes, { path: `/servers/manage/${ID}` });
    // The Members tab says the role: by then the panel knows the permissions.
    await user.click(await screen.findByRole('tab', { name: 'Members' }, { timeout: 45_000 }));
    await screen.findByText('Your role here: Custom');
    expect(screen.queryByRole('group', { name: 'Power' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Files' })).not.toBeInTheDocument();
  }, 60_000);

  it('says the console is not part of the role instead of opening it, for a member without console_read', async () => {
    servePanel({ my_role: 'custom', my_permissions: ['files_read'] });
    renderRoute(createAppRoutes, { path: `/servers/manage/${ID}` });
    await screen.findByText('Your role on this server does not include the console. The other tabs show what you may use here.', undefined, { timeout: 45_000 });
    expect(screen.queryByRole('heading', { name: 'Console' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Files' })).toBeInTheDocument();
  }, 60_000);

  it('pages the activity log and filters it by kind', async () => {
    servePanel({ my_role: 'custom', my_permissions: ['console_read'] });
    const asked: string[] = [];
    server.use(
      http.get(`*/v2/servers/${ID}/activity`, ({ request }) => {
        const url = new URL(request.url);
        asked.push(url.search);
        if (url.searchParams.get('cursor')) return HttpResponse.json({ entries: [entry(1, 'power', 'restart', '')], next_cursor: null });
        if (url.searchParams.get('kind') === 'files') return HttpResponse.json({ entries: [entry(3, 'files', 'write', '/notes.txt')], next_cursor: null });
        return HttpResponse.json({ entries: [entry(2, 'console', 'command', 'say hi')], next_cursor: '1764410400000.2' });
      }),
    );
    const { user, container } = renderRoute(createAppRoutes, { path: `/servers/manage/${ID}` });
    await user.click(await screen.findByRole('tab', { name: 'Activity' }, { timeout: 45_000 }));
    const tab = within(await screen.findByRole('tabpanel', { name: 'Activity' }));
    expect(await tab.findByRole('cell', { name: 'say hi' })).toBeInTheDocument();
    await user.click(tab.getByRole('button', { name: 'Show older activity' }));
    expect(await tab.findByRole('cell', { name: 'Power: restart' })).toBeInTheDocument();
    await user.selectOptions(tab.getByLabelText('Kind'), 'files');
    expect(await tab.findByRole('cell', { name: '/notes.txt' })).toBeInTheDocument();
    expect(asked.some((search) => search.includes('cursor=1764410400000.2'))).toBe(true);
    await expectNoAxeViolations(container);
  }, 60_000);
});
