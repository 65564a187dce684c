import type { Server } from '@cairn/shared/schemas/servers';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, ws } from 'msw';
import { useEffect, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ConsoleTerminalProps } from '../../features/server-panel/components/console-terminal';
import { jsonBody, signIn } from '../../testing/account';
import { expectNoAxeViolations } from '../../testing/axe';
import { buildPaymentMethod } from '../../testing/mocks/billing';
import { buildServer, buildServerPlanProduct, serverOptionsHandlers } from '../../testing/mocks/servers';
import { server } from '../../testing/mocks/server';
import { renderRoute } from '../../testing/test-utils';
import { createAppRoutes } from '../router';

// jsdom cannot draw xterm's canvas: the terminal is replaced at its component boundary by one
// that shows the same lines as text, so the data flow (history, new lines) is what is tested.
vi.mock('../../features/server-panel/components/console-terminal', () => ({
  ConsoleTerminal: function TextTerminal({ label, lines, subscribe }: ConsoleTerminalProps) {
    const [shown, setShown] = useState<readonly string[]>(() => [...lines()]);
    useEffect(() => subscribe((output) => setShown((previous) => (output.kind === 'reset' ? [...output.lines] : [...previous, output.line]))), [subscribe]);
    return (
      <pre role="log" aria-label={label}>
        {shown.join('\n')}
      </pre>
    );
  },
}));

const CONSOLE_URL = 'ws://node.test/api/servers/Srv00001/console';

function serveProducts() {
  server.use(
    http.get('*/v2/billing/products', () =>
      HttpResponse.json([buildServerPlanProduct('Small', 600, 10), buildServerPlanProduct('Medium', 2400, 2, { cpu: 4, ram: 8192 }), buildServerPlanProduct('Large', 14400, 0, { cpu: 8, ram: 49152 })]),
    ),
  );
}

function serveServers(servers: Server[]) {
  server.use(http.get('*/v2/servers', () => HttpResponse.json({ servers })));
}

describe('/servers plans', () => {
  it('shows each plan with resources, price per period and stock; out of stock cannot be bought', async () => {
    serveProducts();
    const { user, container } = renderRoute(createAppRoutes, { path: '/servers' });
    const plans = await screen.findByRole('region', { name: 'Plans' }, { timeout: 45_000 });
    const small = within(within(plans).getByRole('listitem', { name: 'Small' }));
    expect(small.getByText('2 GB of memory')).toBeInTheDocument();
    expect(small.getByText('16 GB of storage')).toBeInTheDocument();
    expect(small.getByText('2 shared CPUs')).toBeInTheDocument();
    expect(small.getByText('$6.00 / month')).toBeInTheDocument();
    expect(small.queryByText(/Low stock/)).not.toBeInTheDocument();
    expect(within(within(plans).getByRole('listitem', { name: 'Medium' })).getByText('Low stock: 2 servers left')).toBeInTheDocument();
    const large = within(within(plans).getByRole('listitem', { name: 'Large' }));
    expect(large.getByText('Out of stock')).toBeInTheDocument();
    expect(large.getByRole('button', { name: /Get Large/ })).toBeDisabled();

    await user.click(within(plans).getByRole('radio', { name: /Yearly/ }));
    expect(small.getByText('$60.00 / year')).toBeInTheDocument();
    await expectNoAxeViolations(container);
  }, 60_000);

  it('sends a signed-out visitor to sign in before buying', async () => {
    serveProducts();
    const { user, router } = renderRoute(createAppRoutes, { path: '/servers' });
    await user.click(await screen.findByRole('button', { name: /Get Small/ }, { timeout: 45_000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/sign-in'));
    expect(router.state.location.search).toContain('redirect=%2Fservers');
  });

  it('buys a plan: the name first, then the saved card, posting the server with the charge, then the list', async () => {
    signIn();
    serveProducts();
    let servers: Server[] = [];
    server.use(
      http.get('*/v2/servers', () => HttpResponse.json({ servers })),
      http.get('*/v2/billing/payment_methods', () => HttpResponse.json([buildPaymentMethod({ id: 'pm_1', primary: true })])),
      http.get('*/v2/billing/subscriptions', () => HttpResponse.json([])),
      http.get('*/v2/billing/payments', () => HttpResponse.json([])),
      http.get('*/v2/user/*', () => HttpResponse.json({})),
    );
    let body: Record<string, unknown> | undefined;
    server.use(
      http.post('*/v2/billing/payment', async ({ request }) => {
        body = await jsonBody(request);
        servers = [buildServer({ id: 'SrvNew01', name: 'My world', status: 'unprovisioned', state: null, net: null, node: null })];
        return HttpResponse.json({ charge_id: 'Chg00001', payment_intent_id: 'pi_1', status: 'succeeded', client_secret: null, price_id: 'PlanSmallP', total: 600, currency_code: 'USD', failure: null });
      }),
    );
    const { user, router } = renderRoute(createAppRoutes, { path: '/servers' });
    await user.click(await screen.findByRole('button', { name: /Get Small/ }, { timeout: 45_000 }));
    const nameDialog = within(await screen.findByRole('dialog', { name: 'New Small server' }));
    await user.click(nameDialog.getByRole('button', { name: 'Continue to payment' }));
    expect(nameDialog.getByText('Enter a name of 1 to 48 characters.')).toBeInTheDocument();
    await user.type(nameDialog.getByLabelText('Server name'), 'My world');
    await user.click(nameDialog.getByRole('button', { name: 'Continue to payment' }));

    const payDialog = within(await screen.findByRole('dialog', { name: 'Pay for your Small server' }));
    await user.click(await payDialog.findByRole('button', { name: /\$6\.00/ }));
    await waitFor(() => expect(body).toBeDefined());
    await waitFor(() => expect(router.state.location.pathname).toBe('/servers/manage'), { timeout: 10_000 });
    expect(body).toEqual({ payment_method_id: 'pm_1', charge: { type: 'new', product_id: 'PlanSmall', interval: 'monthly', server: { name: 'My world' } } });
    expect(await screen.findByRole('link', { name: 'My world' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('Setting up…')).toBeInTheDocument();
  }, 60_000);
});

describe('/servers/manage', () => {
  it('lists servers with state, plan and address; suspended ones say why; search filters', async () => {
    signIn();
    serveServers([
      buildServer({ id: 'Srv00001', name: 'Survival world', state: 'running' }),
      buildServer({ id: 'Srv00002', name: 'Creative build', state: 'stopped', game_version: '1.20.1', net: { host: '127.0.0.1', port: 25602 } }),
      buildServer({ id: 'Srv00003', name: 'Old realm', status: 'suspended', suspension_reason: 'paymentfailed' }),
      buildServer({ id: 'Srv00004', name: 'Banned place', status: 'suspended', suspension_reason: 'support' }),
    ]);
    const { user, container } = renderRoute(createAppRoutes, { path: '/servers/manage' });
    const list = await screen.findByRole('list', { name: 'Your servers' }, { timeout: 45_000 });
    const survival = within(within(list).getByRole('link', { name: 'Survival world' }).closest('li')!);
    expect(survival.getByText('Running')).toBeInTheDocument();
    expect(survival.getByText('Small plan')).toBeInTheDocument();
    expect(survival.getByText('127.0.0.1:25601')).toBeInTheDocument();
    expect(survival.getByRole('button', { name: 'Copy address' })).toBeInTheDocument();

    const old = within(within(list).getByText('Old realm').closest('li')!);
    expect(old.queryByRole('link', { name: 'Old realm' })).not.toBeInTheDocument();
    expect(old.getByText('The last payment for this server failed.')).toBeInTheDocument();
    expect(old.getByRole('link', { name: 'Resubscribe' })).toHaveAttribute('href', '/settings/billing');
    const banned = within(within(list).getByText('Banned place').closest('li')!);
    expect(banned.getByText('Contact support to find out more.')).toBeInTheDocument();
    expect(banned.queryByRole('link', { name: 'Resubscribe' })).not.toBeInTheDocument();
    await expectNoAxeViolations(container);

    const search = screen.getByRole('searchbox', { name: /Search servers/ });
    await user.type(search, 'stopped');
    expect(within(list).getByText('Creative build')).toBeInTheDocument();
    expect(within(list).queryByText('Survival world')).not.toBeInTheDocument();
    await user.clear(search);
    await user.type(search, '1.20');
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    await user.clear(search);
    await user.type(search, 'nothing like this');
    expect(screen.getByText('No servers match your search.')).toBeInTheDocument();
  }, 60_000);

  it('shows the empty state, and an error with Reload that loads again', async () => {
    signIn();
    let fail = true;
    server.use(http.get('*/v2/servers', () => (fail ? HttpResponse.json({ error: 'internal', description: 'down' }, { status: 500 }) : HttpResponse.json({ servers: [] }))));
    const { user } = renderRoute(createAppRoutes, { path: '/servers/manage' });
    expect(await screen.findByRole('heading', { name: 'Servers could not be loaded' }, { timeout: 45_000 })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByText('You have no servers yet. Pick a plan to get one.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New server' })).toHaveAttribute('href', '/servers#plan');
  }, 60_000);
});

describe('/servers/manage/:id panel', () => {
  function serveConsole(onCommand: (command: string) => void) {
    const node = ws.link(CONSOLE_URL);
    server.use(
      http.get('*/v2/servers/Srv00001/access', () =>
        HttpResponse.json({ console_url: CONSOLE_URL, files_url: 'http://node.test/api/servers/Srv00001/files', token: 'v1.abc.def', expires: '2030-01-01T00:00:00.000Z', permissions: ['console', 'control'] }),
      ),
      node.addEventListener('connection', ({ client }) => {
        expect(client.url.searchParams.get('token')).toBe('v1.abc.def');
        client.send(JSON.stringify({ type: 'history', lines: ['[server] Preparing spawn area', '[server] Done'] }));
        client.send(JSON.stringify({ type: 'state', state: 'running' }));
        client.send(JSON.stringify({ type: 'stats', stats: { cpu_percent: 42.4, memory_bytes: 104857600, memory_limit_bytes: 2147483648, disk_bytes: 1048576, disk_limit_bytes: 17179869184 } }));
        client.addEventListener('message', (event) => {
          const message = JSON.parse(String(event.data)) as { type: string; command: string };
          onCommand(message.command);
          client.send(JSON.stringify({ type: 'line', stream: 'stdout', line: `[server] ran ${message.command}` }));
        });
      }),
    );
  }

  it('streams the console (history, new lines), shows stats, sends commands with history, and power actions', async () => {
    signIn();
    server.use(http.get('*/v2/servers/Srv00001', () => HttpResponse.json(buildServer({ state: 'running' }))));
    const commands: string[] = [];
    serveConsole((command) => commands.push(command));
    const actions: unknown[] = [];
    server.use(http.post('*/v2/servers/Srv00001/power', async ({ request }) => (actions.push(await jsonBody(request)), new HttpResponse(null, { status: 202 }))));
    const { user, container } = renderRoute(createAppRoutes, { path: '/servers/manage/Srv00001' });

    expect(await screen.findByRole('heading', { name: 'Survival world', level: 1 }, { timeout: 45_000 })).toBeInTheDocument();
    const log = await screen.findByRole('log', { name: 'Console output' });
    await waitFor(() => expect(log).toHaveTextContent('[server] Done'));
    expect(within(screen.getByTestId('resource-cpu')).getByText('42 %')).toBeInTheDocument();
    expect(within(screen.getByTestId('resource-memory')).getByText('100.00 MiB of 2.00 GiB')).toBeInTheDocument();

    const input = await screen.findByRole('textbox', { name: /Command/ });
    await user.type(input, 'say hello{Enter}');
    await waitFor(() => expect(log).toHaveTextContent('[server] ran say hello'));
    await user.type(input, 'list{Enter}');
    await waitFor(() => expect(commands).toEqual(['say hello', 'list']));
    expect(input).toHaveValue('');
    await user.type(input, '{ArrowUp}');
    expect(input).toHaveValue('list');
    await user.type(input, '{ArrowUp}');
    expect(input).toHaveValue('say hello');
    await user.type(input, '{ArrowDown}{ArrowDown}');
    expect(input).toHaveValue('');

    const power = within(screen.getByRole('group', { name: 'Power' }));
    await user.click(power.getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(actions).toEqual([{ action: 'stop' }]));
    await user.click(power.getByRole('button', { name: 'More power actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Kill server' }));
    await waitFor(() => expect(actions).toEqual([{ action: 'stop' }, { action: 'kill' }]));
    await act(async () => {});
    await expectNoAxeViolations(container);
  }, 60_000);

  it('shows the runtime’s commands under the command line: a click writes one, Tab completes one', async () => {
    signIn();
    server.use(http.get('*/v2/servers/Srv00001', () => HttpResponse.json(buildServer({ state: 'running' }))));
    const commands: string[] = [];
    serveConsole((command) => commands.push(command));
    const { user, container } = renderRoute(createAppRoutes, { path: '/servers/manage/Srv00001' });

    const input = await screen.findByRole('textbox', { name: /Command/ }, { timeout: 45_000 });
    expect(input).toHaveAccessibleDescription(/Tab completes a command.*help lists every command/);
    const common = within(screen.getByRole('list', { name: 'Common commands' }));
    expect(common.getAllByRole('button').map((b) => b.textContent)).toEqual(expect.arrayContaining(['help', 'list', 'say', 'stop', 'save-all']));

    await user.click(common.getByRole('button', { name: 'Write list in the command line' }));
    expect(input).toHaveFocus();
    expect(input).toHaveValue('list ');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(commands).toEqual(['list']));

    // Tab completes the one command a start can be, and keeps the focus in the line.
    await user.type(input, 'sav');
    await user.tab();
    expect(input).toHaveValue('save-all ');
    expect(input).toHaveFocus();
    // With nothing to complete, Tab moves on as usual.
    await user.clear(input);
    await user.tab();
    expect(input).not.toHaveFocus();
    await act(async () => {});
    await expectNoAxeViolations(container);
  }, 60_000);

  it('says it could not connect when the node refuses the socket', async () => {
    signIn();
    server.use(
      http.get('*/v2/servers/Srv00001', () => HttpResponse.json(buildServer({ state: 'stopped' }))),
      http.get('*/v2/servers/Srv00001/access', () => HttpResponse.json({ error: 'unauthorized', description: 'no' }, { status: 401 })),
    );
    renderRoute(createAppRoutes, { path: '/servers/manage/Srv00001' });
    expect(await screen.findByText('Could not connect to the server.', undefined, { timeout: 45_000 })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Command/ })).not.toBeInTheDocument();
  }, 60_000);

  it('shows the preparing screen while installing, and not found for a missing server', async () => {
    signIn();
    server.use(http.get('*/v2/servers/Srv00001', () => HttpResponse.json(buildServer({ status: 'installing', state: 'installing' }))));
    const first = renderRoute(createAppRoutes, { path: '/servers/manage/Srv00001' });
    expect(await screen.findByRole('heading', { name: "We're preparing your server" }, { timeout: 45_000 })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Power' })).not.toBeInTheDocument();
    first.unmount();
    server.use(http.get('*/v2/servers/Missing1', () => HttpResponse.json({ error: 'not_found', description: 'The requested server was not found' }, { status: 404 })));
    renderRoute(createAppRoutes, { path: '/servers/manage/Missing1' });
    expect(await screen.findByRole('heading', { name: 'Server not found' })).toBeInTheDocument();
  }, 60_000);

  it('edits server.properties as a typed form and saves only what changed', async () => {
    signIn();
    server.use(
      http.get('*/v2/servers/Srv00001', () => HttpResponse.json(buildServer())),
      http.get('*/v2/servers/Srv00001/access', () => HttpResponse.json({ error: 'unauthorized', description: 'no' }, { status: 401 })),
      http.get('*/v2/servers/Srv00001/properties', () =>
        HttpResponse.json({ properties: { motd: 'A Cairn server', gamemode: 'survival', difficulty: 'easy', 'max-players': '20', 'view-distance': '10', pvp: 'true', 'white-list': 'false', 'online-mode': 'false', 'server-port': '25601', 'spawn-protection': '16' } }),
      ),
    );
    server.use(...serverOptionsHandlers('Srv00001'));
    let saved: Record<string, unknown> | undefined;
    server.use(http.patch('*/v2/servers/Srv00001/properties', async ({ request }) => ((saved = await jsonBody(request)), new HttpResponse(null, { status: 204 }))));
    const { user, container } = renderRoute(createAppRoutes, { path: '/servers/manage/Srv00001' });
    await user.click(await screen.findByRole('tab', { name: 'Options' }, { timeout: 45_000 }));
    const form = within(await screen.findByRole('form', { name: 'Properties' }));
    expect(form.getByLabelText('Message of the day')).toHaveValue('A Cairn server');
    expect(form.queryByDisplayValue('25601')).not.toBeInTheDocument();
    expect(form.getByLabelText('Property 1 name')).toHaveValue('spawn-protection');

    await user.clear(form.getByLabelText('Maximum players'));
    await user.type(form.getByLabelText('Maximum players'), '5000');
    await user.selectOptions(form.getByLabelText('Difficulty'), 'hard');
    await user.click(form.getByLabelText('Players can fight each other'));
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(form.getByText('Enter a whole number from 1 to 1000.')).toBeInTheDocument();
    expect(saved).toBeUndefined();

    await user.clear(form.getByLabelText('Maximum players'));
    await user.type(form.getByLabelText('Maximum players'), '8');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toEqual({ properties: { difficulty: 'hard', 'max-players': '8', pvp: 'false' } }));
    await waitFor(() => expect(form.queryByRole('button', { name: 'Reset' })).not.toBeInTheDocument());
    await expectNoAxeViolations(container);
  }, 60_000);
});
