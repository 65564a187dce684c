import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { dnsRecordsText } from '../../features/server-panel/utils/dns-records';
import { jsonBody, signIn } from '../../testing/account';
import { expectNoAxeViolations } from '../../testing/axe';
import { buildServer, serverOptionsHandlers } from '../../testing/mocks/servers';
import { server } from '../../testing/mocks/server';
import { renderRoute } from '../../testing/test-utils';
import { createAppRoutes } from '../router';

// jsdom cannot draw xterm's canvas; the Overview tab's console is not what these tests look at.
vi.mock('../../features/server-panel/components/console-terminal', () => ({ ConsoleTerminal: () => null }));

const ID = 'Srv00001';

function servePanel(overrides: Parameters<typeof serverOptionsHandlers>[1] = {}) {
  signIn();
  server.use(
    http.get(`*/v2/servers/${ID}`, () => HttpResponse.json(buildServer())),
    http.get(`*/v2/servers/${ID}/access`, () => HttpResponse.json({ error: 'unauthorized', description: 'no' }, { status: 401 })),
    http.get(`*/v2/servers/${ID}/properties`, () => HttpResponse.json({ properties: { motd: 'A Cairn server' } })),
    ...serverOptionsHandlers(ID, overrides),
  );
}

async function openOptions() {
  const rendered = renderRoute(createAppRoutes, { path: `/servers/manage/${ID}` });
  await rendered.user.click(await screen.findByRole('tab', { name: 'Options' }, { timeout: 45_000 }));
  return rendered;
}

describe('server options sections', () => {
  it('Platform: picks a jar platform and version, confirms, and posts the reinstall', async () => {
    servePanel();
    let posted: unknown;
    server.use(http.post(`*/v2/servers/${ID}/reinstall`, async ({ request }) => ((posted = await jsonBody(request)), HttpResponse.json(buildServer({ status: 'installing' }), { status: 202 }))));
    const { user, container } = await openOptions();
    const platform = within(await screen.findByRole('region', { name: 'Platform' }));
    const install = await platform.findByRole('button', { name: 'Install' });
    await user.click(platform.getByRole('radio', { name: /Paper/ }));
    await user.selectOptions(platform.getByLabelText('Game version'), '1.20.6');
    await user.click(install);
    const dialog = within(await screen.findByRole('dialog', { name: 'Change platform' }));
    expect(dialog.getByText(/Paper 1\.20\.6 is installed/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Install' }));
    await waitFor(() => expect(posted).toEqual({ loader: 'paper', game_version: '1.20.6', erase: false }));
    await expectNoAxeViolations(container);
  }, 60_000);

  it('Startup: explains the built-in platform has none; on a jar platform validates flags and saves the Java version', async () => {
    servePanel({ startup: { supported: true, invocation: '', java_version: null, java_versions: [17, 21] } });
    let saved: unknown;
    server.use(http.patch(`*/v2/servers/${ID}/startup`, async ({ request }) => ((saved = await jsonBody(request)), HttpResponse.json({}))));
    const { user } = await openOptions();
    const startup = within(await screen.findByRole('form', { name: 'Startup' }));
    await user.type(startup.getByLabelText('Startup flags'), '-Xss1M; rm');
    await user.selectOptions(startup.getByLabelText('Java version'), '17');
    await user.click(startup.getByRole('button', { name: 'Save startup options' }));
    expect(await startup.findByText('Remove shell characters such as ; & | $ or quotes.')).toBeInTheDocument();
    expect(saved).toBeUndefined();
    await user.clear(startup.getByLabelText('Startup flags'));
    await user.type(startup.getByLabelText('Startup flags'), '-XX:+UseG1GC');
    await user.click(startup.getByRole('button', { name: 'Save startup options' }));
    await waitFor(() => expect(saved).toEqual({ invocation: '-XX:+UseG1GC', java_version: 17 }));
  }, 60_000);

  it('Network: checks the address, adds, renames and deletes allocations, and lists the DNS records', async () => {
    servePanel({
      network: {
        subdomain: 'my-world',
        domain: 'play.cairn.test',
        dns_records: [
          { type: 'A', name: 'my-world.play.cairn.test', content: '203.0.113.5' },
          { type: 'SRV', name: '_minecraft._tcp.my-world.play.cairn.test', content: '0 5 25601 my-world.play.cairn.test' },
        ],
      },
    });
    const calls: string[] = [];
    server.use(
      http.get('*/v2/servers/subdomains/:name/available', () => HttpResponse.json({ available: true, reason: null })),
      http.post(`*/v2/servers/${ID}/subdomain`, async ({ request }) => (calls.push(`subdomain ${JSON.stringify(await jsonBody(request))}`), HttpResponse.json({}))),
      http.post(`*/v2/servers/${ID}/allocations`, async ({ request }) => (calls.push(`add ${JSON.stringify(await jsonBody(request))}`), HttpResponse.json({}, { status: 201 }))),
      http.get(`*/v2/servers/${ID}/allocations`, () =>
        HttpResponse.json({ allocations: [{ port: 25601, name: 'Primary', primary: true }, { port: 25602, name: 'Voice', primary: false }], max: 32 }),
      ),
      http.patch(`*/v2/servers/${ID}/allocations/25602`, async ({ request }) => (calls.push(`rename ${JSON.stringify(await jsonBody(request))}`), HttpResponse.json({}))),
      http.delete(`*/v2/servers/${ID}/allocations/25602`, () => (calls.push('delete 25602'), new HttpResponse(null, { status: 204 }))),
    );
    const { user, container } = await openOptions();
    const network = within(await screen.findByRole('region', { name: 'Network' }));
    const field = await network.findByLabelText('Subdomain');
    await waitFor(() => expect(field).toHaveValue('my-world'));
    await user.clear(field);
    await user.type(field, 'ab');
    expect(network.getByText(/Use 5 to 32 letters/)).toBeInTheDocument();
    await user.type(field, 'cde');
    expect(await network.findByText('This address is available.')).toBeInTheDocument();
    await user.click(network.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(calls).toContain('subdomain {"subdomain":"abcde"}'));

    expect(network.getByRole('cell', { name: '_minecraft._tcp.my-world.play.cairn.test' })).toBeInTheDocument();
    await user.type(network.getByLabelText('New allocation name'), 'Map');
    await user.click(network.getByRole('button', { name: 'New allocation' }));
    await waitFor(() => expect(calls).toContain('add {"name":"Map"}'));

    await user.click(await network.findByRole('button', { name: 'Rename Voice' }));
    const rename = within(await screen.findByRole('dialog', { name: 'Rename allocation' }));
    await user.clear(rename.getByLabelText('Name'));
    await user.type(rename.getByLabelText('Name'), 'Voice chat');
    await user.click(rename.getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(calls).toContain('rename {"name":"Voice chat"}'));

    await user.click(network.getByRole('button', { name: 'Delete Voice' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete allocation' }));
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls).toContain('delete 25602'));
    expect(network.queryByRole('button', { name: 'Delete Primary' })).not.toBeInTheDocument();
    await expectNoAxeViolations(container);
  }, 60_000);

  it('Preferences: hides the address, asks before power actions until "Don\'t ask me again", and saves auto restart on the server', async () => {
    servePanel();
    const powered: unknown[] = [];
    let autoRestart: unknown;
    server.use(
      http.post(`*/v2/servers/${ID}/power`, async ({ request }) => (powered.push(await jsonBody(request)), new HttpResponse(null, { status: 204 }))),
      http.patch(`*/v2/servers/${ID}/preferences`, async ({ request }) => ((autoRestart = await jsonBody(request)), HttpResponse.json({ auto_restart: true }))),
    );
    const { user } = await openOptions();
    const preferences = within(await screen.findByRole('region', { name: 'Preferences' }));
    // Shown in the header and in Info; the preference hides the header label only.
    expect(screen.getAllByText('127.0.0.1:25601')).toHaveLength(2);
    await user.click(preferences.getByLabelText('Hide address label'));
    expect(screen.getAllByText('127.0.0.1:25601')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Copy address' })).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(`cairn:server-preferences:${ID}`) ?? '{}')).toMatchObject({ hideAddress: true });

    await user.click(preferences.getByLabelText('Power action confirmation'));
    await user.click(screen.getByRole('button', { name: 'Start' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirming power action' }));
    expect(powered).toEqual([]);
    await user.click(dialog.getByLabelText("Don't ask me again"));
    await user.click(dialog.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(powered).toEqual([{ action: 'start' }]));
    expect(preferences.getByLabelText('Power action confirmation')).not.toBeChecked();

    await waitFor(() => expect(preferences.getByLabelText('Auto restart')).toBeEnabled());
    await user.click(preferences.getByLabelText('Auto restart'));
    await waitFor(() => expect(autoRestart).toEqual({ auto_restart: true }));
    localStorage.clear();
  }, 60_000);

  it('names the platform one way everywhere: header, Options, Info, Content and the server list', async () => {
    servePanel();
    server.use(http.get(`*/v2/servers/${ID}/content`, () => HttpResponse.json({ loaders: ['flying-squid'], game_version: '1.21.4', content: [] })));
    const { user, unmount } = await openOptions();
    expect(await screen.findByText('Installed: Vanilla 1.21.4')).toBeInTheDocument();
    // The header's label and the Info table's Platform row.
    expect(screen.getAllByText('Vanilla 1.21.4')).toHaveLength(2);
    const platform = within(screen.getByRole('region', { name: 'Platform' }));
    expect(await platform.findByRole('radio', { name: /Vanilla/ })).toBeChecked();
    await user.click(screen.getByRole('tab', { name: 'Content' }));
    expect(await screen.findByText('Content made for Vanilla 1.21.4 can be installed. Changes apply the next time the server starts.')).toBeInTheDocument();
    // The runtime (flying-squid) and raw loader ids stay internal.
    expect(document.body).not.toHaveTextContent(/flying-squid|\(vanilla\)/i);
    unmount();

    server.use(http.get('*/v2/servers', () => HttpResponse.json({ servers: [buildServer(), buildServer({ id: 'Srv00002', name: 'Plugin world', loader: 'paper', game_version: '1.20.6' })] })));
    renderRoute(createAppRoutes, { path: '/servers/manage' });
    const list = await screen.findByRole('list', { name: 'Your servers' }, { timeout: 45_000 });
    expect(within(within(list).getByRole('link', { name: 'Survival world' }).closest('li')!).getByText('Vanilla 1.21.4')).toBeInTheDocument();
    expect(within(within(list).getByRole('link', { name: 'Plugin world' }).closest('li')!).getByText('Paper 1.20.6')).toBeInTheDocument();
  }, 60_000);

  it('exports DNS records as zone-file lines', () => {
    expect(dnsRecordsText([{ type: 'CNAME', name: 'a.example.com', content: 'node.example.com' }, { type: 'SRV', name: '_minecraft._tcp.a.example.com', content: '0 5 25601 a.example.com' }])).toBe(
      'a.example.com. 3600 IN CNAME node.example.com.\n_minecraft._tcp.a.example.com. 3600 IN SRV 0 5 25601 a.example.com\n',
    );
  });
});
