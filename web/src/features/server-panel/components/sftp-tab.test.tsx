import type { ServerSftp } from '@cairn/shared/schemas/server-sftp';
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

const KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOq0Yd3Vj0aLJZp7w6uRTVg3wN1xVQkG9l5wS7bqk1YB';

/** The SFTP answers of one server; `sftp` is what GET answers now, and what the tab sends is recorded. */
function serveSftp(initial: ServerSftp) {
  let sftp = initial;
  const sent: Array<{ method: string; path: string; body: unknown }> = [];
  server.use(
    http.get('*/v2/servers/Srv00001', () => HttpResponse.json(buildServer({ state: 'running' }))),
    http.get('*/v2/servers/Srv00001/access', () => HttpResponse.json({ error: 'unauthorized', description: 'no' }, { status: 401 })),
    http.get('*/v2/servers/Srv00001/sftp', () => HttpResponse.json(sftp)),
    http.post('*/v2/servers/Srv00001/sftp/password', ({ request }) => {
      sent.push({ method: 'POST', path: new URL(request.url).pathname, body: null });
      sftp = { ...sftp, password_set: true };
      return HttpResponse.json({ username: sftp.username, password: 'Gen3rated-Secret-Passw0rd' });
    }),
    http.put('*/v2/servers/Srv00001/sftp/keys', async ({ request }) => {
      const body = (await jsonBody(request)) as { public_keys: string[] };
      sent.push({ method: 'PUT', path: new URL(request.url).pathname, body });
      if (body.public_keys.some((key) => !key.startsWith('ssh-'))) {
        return HttpResponse.json({ error: 'invalid_input', description: 'public_keys.0: must be an OpenSSH public key line' }, { status: 400 });
      }
      sftp = { ...sftp, public_keys: body.public_keys.map((key) => ({ key, fingerprint: 'SHA256:abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG' })) };
      return HttpResponse.json(sftp);
    }),
  );
  return sent;
}

const login: ServerSftp = {
  available: true,
  host: 'node.example.test',
  port: 2022,
  username: 'owner.Srv00001',
  host_key_fingerprint: 'SHA256:ZmluZ2VycHJpbnQtb2YtdGhlLW5vZGUtaG9zdC1rZXk',
  password_set: false,
  public_keys: [],
  can_write: true,
};

describe('server panel SFTP tab', () => {
  it('shows how to connect, shows a generated password once in a dialog, and reports a bad key by its field', async () => {
    signIn();
    const sent = serveSftp(login);
    const { user, container } = renderRoute(createAppRoutes, { path: '/servers/manage/Srv00001' });
    await user.click(await screen.findByRole('tab', { name: 'SFTP' }, { timeout: 45_000 }));
    await screen.findByRole('heading', { name: 'SFTP access', level: 2 }, { timeout: 10_000 });

    expect(await screen.findByText('node.example.test')).toBeInTheDocument();
    expect(screen.getByText('2022')).toBeInTheDocument();
    expect(screen.getByText('owner.Srv00001')).toBeInTheDocument();
    expect(screen.getByText(login.host_key_fingerprint!)).toBeInTheDocument();
    for (const name of ['Copy host', 'Copy port', 'Copy username', 'Copy fingerprint']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole('button', { name: 'Generate password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your new SFTP password' });
    expect(within(dialog).getByText('Gen3rated-Secret-Passw0rd')).toBeInTheDocument();
    expect(within(dialog).getByText(/will not be shown again/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy password' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByText('Gen3rated-Secret-Passw0rd')).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: 'Generate new password' })).toBeInTheDocument();
    expect(sent).toContainEqual({ method: 'POST', path: '/v2/servers/Srv00001/sftp/password', body: null });

    const keys = screen.getByRole('textbox', { name: 'Public keys, one per line' });
    await user.type(keys, 'not a key');
    await user.click(screen.getByRole('button', { name: 'Save keys' }));
    await waitFor(() => expect(keys).toHaveAccessibleDescription(expect.stringContaining('public_keys.0: must be an OpenSSH public key line')));
    await user.clear(keys);
    await user.type(keys, `${KEY} laptop`);
    await user.click(screen.getByRole('button', { name: 'Save keys' }));
    await waitFor(() => expect(sent).toContainEqual({ method: 'PUT', path: '/v2/servers/Srv00001/sftp/keys', body: { public_keys: [`${KEY} laptop`] } }));
    expect(await screen.findByRole('list', { name: 'Your public keys' })).toHaveTextContent('laptop');
    expect(screen.getByRole('button', { name: 'Revoke SFTP access' })).toBeInTheDocument();
  }, 90_000);
});
