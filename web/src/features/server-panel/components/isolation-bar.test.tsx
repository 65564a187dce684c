import { AGENT_EXIT_OUT_OF_MEMORY } from '@cairn/shared/schemas/node-agent';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, ws } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createAppRoutes } from '../../../app/router';
import { signIn } from '../../../testing/account';
import { expectNoAxeViolations } from '../../../testing/axe';
import { buildServer } from '../../../testing/mocks/servers';
import { server } from '../../../testing/mocks/server';
import { renderRoute } from '../../../testing/test-utils';

// jsdom cannot draw xterm's canvas, and the console is not what is tested here.
vi.mock('./console-terminal', () => ({ ConsoleTerminal: () => null }));

const CONSOLE_URL = 'ws://node.test/api/servers/Srv00001/console';
const refusedAccess = () => HttpResponse.json({ error: 'unauthorized', description: 'no' }, { status: 401 });

async function openPanel() {
  const rendered = renderRoute(createAppRoutes, { path: '/servers/manage/Srv00001' });
  await screen.findByRole('heading', { name: 'Survival world', level: 1 }, { timeout: 45_000 });
  return rendered;
}

describe('server panel isolation warning', () => {
  it('warns that a node without isolation does not contain plugins and mods', async () => {
    signIn();
    server.use(
      http.get('*/v2/servers/Srv00001', () => HttpResponse.json(buildServer({ isolated: false }))),
      http.get('*/v2/servers/Srv00001/access', refusedAccess),
    );
    const { container } = await openPanel();
    // Announced as a status message, with its title and the explanation in words.
    const bar = screen.getByText('This node does not isolate servers').closest('[role="status"]');
    expect(bar).not.toBeNull();
    expect(bar).toHaveTextContent(/Plugins and mods on this server are not contained/);
    expect(bar).toHaveTextContent(/Only development nodes should run like this/);
    await expectNoAxeViolations(container);
  }, 60_000);

  it('shows no warning on an isolated server, nor when the node did not answer', async () => {
    signIn();
    server.use(
      http.get('*/v2/servers/Srv00001', () => HttpResponse.json(buildServer({ isolated: true }))),
      http.get('*/v2/servers/Srv00001/access', refusedAccess),
    );
    const first = await openPanel();
    expect(screen.queryByText('This node does not isolate servers')).not.toBeInTheDocument();
    first.unmount();
    server.use(http.get('*/v2/servers/Srv00001', () => HttpResponse.json(buildServer({ state: null, isolated: null }))));
    await openPanel();
    expect(screen.queryByText('This node does not isolate servers')).not.toBeInTheDocument();
  }, 60_000);
});

describe('a server stopped for using too much memory', () => {
  it('reads "Stopped: out of memory" in the header and explains it on the overview', async () => {
    signIn();
    server.use(
      http.get('*/v2/servers/Srv00001', () => HttpResponse.json(buildServer({ state: 'crashed', last_exit: AGENT_EXIT_OUT_OF_MEMORY }))),
      http.get('*/v2/servers/Srv00001/access', refusedAccess),
    );
    const { container } = await openPanel();
    const header = within(screen.getByRole('heading', { name: 'Survival world', level: 1 }).closest('header')!);
    expect(header.getByText('Stopped: out of memory')).toBeInTheDocument();
    const notice = screen.getByRole('alert');
    expect(notice).toHaveTextContent('Your server ran out of memory');
    expect(notice).toHaveTextContent(/went past its plan's memory and was stopped/);
    expect(notice).toHaveTextContent(/Upgrade to a plan with more memory/);
    await expectNoAxeViolations(container);
  }, 60_000);

  it('keeps "Crashed" for other exits', async () => {
    signIn();
    server.use(
      http.get('*/v2/servers/Srv00001', () => HttpResponse.json(buildServer({ state: 'crashed', last_exit: 'code 1' }))),
      http.get('*/v2/servers/Srv00001/access', refusedAccess),
    );
    await openPanel();
    const header = within(screen.getByRole('heading', { name: 'Survival world', level: 1 }).closest('header')!);
    expect(header.getByText('Crashed')).toBeInTheDocument();
    expect(screen.queryByText('Stopped: out of memory')).not.toBeInTheDocument();
    expect(screen.queryByText('Your server ran out of memory')).not.toBeInTheDocument();
  }, 60_000);

  it('asks the API again when the console reports the crash, so the reason shows', async () => {
    signIn();
    let crashed = false;
    let reads = 0;
    server.use(
      http.get('*/v2/servers/Srv00001', () => {
        reads += 1;
        return HttpResponse.json(crashed ? buildServer({ state: 'crashed', last_exit: AGENT_EXIT_OUT_OF_MEMORY }) : buildServer({ state: 'running' }));
      }),
      http.get('*/v2/servers/Srv00001/access', () =>
        HttpResponse.json({ console_url: CONSOLE_URL, files_url: 'http://node.test/api/servers/Srv00001/files', token: 'v1.abc.def', expires: '2030-01-01T00:00:00.000Z', permissions: ['console'] }),
      ),
      ws.link(CONSOLE_URL).addEventListener('connection', ({ client }) => {
        client.send(JSON.stringify({ type: 'history', lines: [] }));
        client.send(JSON.stringify({ type: 'state', state: 'running' }));
        setTimeout(() => {
          crashed = true;
          client.send(JSON.stringify({ type: 'state', state: 'crashed' }));
        }, 200);
      }),
    );
    await openPanel();
    expect(await screen.findByText('Stopped: out of memory', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByText('Your server ran out of memory')).toBeInTheDocument();
    await waitFor(() => expect(reads).toBeGreaterThanOrEqual(2));
  }, 60_000);
});

describe('server list', () => {
  it('shows "Stopped: out of memory" on the card of a server the memory limit stopped', async () => {
    signIn();
    server.use(
      http.get('*/v2/servers', () =>
        HttpResponse.json({
          servers: [
            buildServer({ id: 'Srv00001', name: 'Survival world', state: 'crashed', last_exit: AGENT_EXIT_OUT_OF_MEMORY }),
            buildServer({ id: 'Srv00002', name: 'Creative build', state: 'crashed', last_exit: 'signal SIGSEGV' }),
          ],
        }),
      ),
    );
    const { container } = renderRoute(createAppRoutes, { path: '/servers/manage' });
    const list = await screen.findByRole('list', { name: 'Your servers' }, { timeout: 45_000 });
    const survival = within(within(list).getByRole('link', { name: 'Survival world' }).closest('li')!);
    expect(survival.getByText('Stopped: out of memory')).toBeInTheDocument();
    const creative = within(within(list).getByRole('link', { name: 'Creative build' }).closest('li')!);
    expect(creative.getByText('Crashed')).toBeInTheDocument();
    await expectNoAxeViolations(container);
  }, 60_000);
});
