import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PaymentResultSchema, ProductSchema, SubscriptionEntrySchema, type Product } from '@cairn/shared/schemas/billing';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import { AGENT_EXIT_OUT_OF_MEMORY, AgentNodeInfoSchema, AgentServerSchema } from '@cairn/shared/schemas/node-agent';
import { ServerAccessSchema, ServerBackupListSchema, ServerBackupSchema, ServerListSchema, ServerNodeListSchema, ServerNodeSchema, ServerPropertiesSchema, ServerSchema, ServerStatsSchema, type Server } from '@cairn/shared/schemas/servers';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient } from '../helpers/client.js';
import { runJob } from '../helpers/jobs.js';
import { createActors, insertUserWithTokens, type Actors, type TestUser } from '../factories/users.js';
import { saveSandboxCard } from '../billing/sandbox-harness.js';
import { createRenewals } from '../../src/modules/billing/renewals.js';
import { encodeBase62 } from '../../src/lib/ids.js';
import { servers } from '../../src/db/schema/servers.js';
import { eq } from 'drizzle-orm';
import { AGENT_TOKEN, callAgent, eventually, freePort, minecraft, openConsole, pingMotd, startTestAgent, type TestAgent } from '../helpers/node-agent-process.js';

/**
 * Hosted servers end to end: a real node agent process running real flying-squid servers, bought
 * through billing with a sandbox card and placed by the real provisioning job.
 */
let ctx: TestContext;
let actors: Actors;
let agent: TestAgent;
let small: Product;
let medium: Product;
let now = new Date();
const clock = () => now;

const call = testClient(() => ctx.app);

beforeAll(async () => {
  agent = await startTestAgent();
  const first = await freePort();
  ctx = await createTestContext({
    clock,
    jobs: true,
    env: { NODE_AGENT_URL: agent.url, NODE_AGENT_TOKEN: AGENT_TOKEN, SERVERS_PORT_RANGE: `${first}-${first + 5}` },
  });
  actors = await createActors(ctx.database.db);
  const products = z.array(ProductSchema.strict()).parse((await call('GET', '/v2/billing/products')).json());
  small = products.find((p) => p.metadata.type === 'pyro' && p.metadata.name === 'Small')!;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await agent?.close();
});

const saveCard = (user: TestUser) => saveSandboxCard(ctx.app, user.session);

async function buyServer(user: TestUser, name: string): Promise<Server> {
  const pm = await saveCard(user);
  const response = await call('POST', '/v2/billing/payment', user.session, { payment_method_id: pm, charge: { type: 'new', product_id: small.id, server: { name } } });
  expect(response.statusCode, response.body).toBe(200);
  expect(PaymentResultSchema.strict().parse(response.json()).status).toBe('succeeded');
  const list = ServerListSchema.strict().parse((await call('GET', '/v2/servers', user.session)).json());
  return list.servers.find((s) => s.name === name)!;
}

const getServer = async (user: TestUser, id: string) => {
  const response = await call('GET', `/v2/servers/${id}`, user.session);
  expect(response.statusCode, response.body).toBe(200);
  return ServerSchema.strict().parse(response.json());
};
const untilServer = (user: TestUser, id: string, predicate: (s: Server) => boolean, what: string, timeoutMs = 90_000) =>
  eventually(async () => {
    const server = await getServer(user, id);
    return predicate(server) ? server : undefined;
  }, timeoutMs, what);
/** What the agent itself says, with the node token (the API must pass it on unchanged). */
const fromAgent = async (path: string) => (await callAgent(agent, 'GET', path)).json();
const untilMotd = (port: number, text: string, what: string) => eventually(async () => ((await pingMotd(port)).includes(text) ? true : undefined), 90_000, what);

describe('nodes', () => {
  it('registers the configured agent at start and lists it with capacity and health for admins only', async () => {
    const response = await call('GET', '/v2/servers/nodes', actors.admin.session);
    expect(response.statusCode, response.body).toBe(200);
    const { nodes } = ServerNodeListSchema.strict().parse(response.json());
    expect(nodes).toEqual([expect.objectContaining({ url: agent.url, healthy: true, servers: 0, allocated_memory_mib: 0 })]);
    expect(nodes[0]!.memory_mib).toBeGreaterThan(1024);
    // The node's isolation as it answered just now, passed on as is.
    const info = AgentNodeInfoSchema.parse(await fromAgent('/api/node'));
    expect(nodes[0]!.isolation).toEqual(info.isolation);
    expect(nodes[0]!.isolation).toMatchObject({ enabled: expect.any(Boolean), mechanism: expect.stringMatching(/^(bubblewrap|none)$/), warnings: expect.any(Array) });
    expect((await call('GET', '/v2/servers/nodes', actors.user.session)).statusCode).toBe(401);
  });

  it('refuses to add a node that does not answer with its token', async () => {
    const response = await call('POST', '/v2/servers/nodes', actors.admin.session, { name: 'bad', url: agent.url, token: 'x'.repeat(40) });
    expect(response.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(response.json())).toMatchObject({ error: 'node_unreachable', description: expect.stringMatching(/^url: /) });
  });
});

describe('a purchased server', () => {
  let owner: TestUser;
  let server: Server;
  let port: number;

  beforeAll(async () => {
    owner = await insertUserWithTokens(ctx.database.db);
  });

  it('needs server options for a plan purchase and refuses them for other products', async () => {
    const pm = await saveCard(owner);
    const missing = await call('POST', '/v2/billing/payment', owner.session, { payment_method_id: pm, charge: { type: 'new', product_id: small.id } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ description: string }>().description).toMatch(/^charge\.server: /);
    const products = z.array(ProductSchema.strict()).parse((await call('GET', '/v2/billing/products')).json());
    const plus = products.find((p) => p.metadata.type === 'midas')!;
    const refused = await call('POST', '/v2/billing/payment', owner.session, { payment_method_id: pm, charge: { type: 'new', product_id: plus.id, server: { name: 'x' } } });
    expect(refused.statusCode).toBe(400);
  });

  it('is placed on the node by the provisioning job, started, and answers a ping with its name as motd', async () => {
    const started = performance.now();
    server = await buyServer(owner, 'Test World');
    expect(server).toMatchObject({ owner_id: encodeBase62(owner.id), game: 'minecraft', game_version: '1.21.4', loader: 'vanilla', plan: { name: 'Small', ram: 2048, max_backups: 4 } });
    const subs = z.array(SubscriptionEntrySchema.strict()).parse((await call('GET', '/v2/billing/subscriptions', owner.session)).json());
    expect(subs.find((s) => s.subscription.id === server.subscription_id)?.subscription.metadata).toEqual({ type: 'pyro', id: server.id });

    const ready = await untilServer(owner, server.id, (s) => s.status === 'available' && s.state === 'running', 'available and running');
    expect(ready.net).toEqual({ host: '127.0.0.1', port: expect.any(Number) });
    expect(ready.node?.name).toBeTruthy();
    const onNode = AgentServerSchema.parse(await fromAgent(`/api/servers/${server.id}`));
    expect(ready).toMatchObject({ isolated: onNode.isolated, last_exit: null });
    expect(ready.isolated).toBe(AgentNodeInfoSchema.parse(await fromAgent('/api/node')).isolation.enabled);
    port = ready.net!.port;
    await untilMotd(port, 'Test World', 'first ping');
    console.log(`servers: purchase to playable ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const stats = ServerStatsSchema.strict().parse((await call('GET', `/v2/servers/${server.id}/stats`, owner.session)).json());
    expect(stats.memory_limit_bytes).toBe(2048 * 1024 * 1024);
  }, 180_000);

  it('shows the server to its owner and admins only', async () => {
    expect((await call('GET', `/v2/servers/${server.id}`, actors.stranger.session)).statusCode).toBe(404);
    expect((await call('GET', `/v2/servers/${server.id}`, actors.moderator.session)).statusCode).toBe(404);
    expect((await call('GET', `/v2/servers/${server.id}`)).statusCode).toBe(401);
    expect((await call('GET', `/v2/servers/${server.id}`, actors.admin.session)).statusCode).toBe(200);
    expect(ServerListSchema.parse((await call('GET', '/v2/servers', actors.stranger.session)).json()).servers).toEqual([]);
    const all = ServerListSchema.parse((await call('GET', '/v2/servers?all=true', actors.admin.session)).json());
    expect(all.servers.map((s) => s.id)).toContain(server.id);
    expect((await call('GET', '/v2/servers?all=true', owner.session)).statusCode).toBe(401);
  });

  it("streams a joined player's chat to the console opened with the access token, which opens nothing else", async () => {
    const access = ServerAccessSchema.strict().parse((await call('GET', `/v2/servers/${server.id}/access`, owner.session)).json());
    expect(access.console_url).toBe(`${agent.url.replace('http', 'ws')}/api/servers/${server.id}/console`);
    expect(access.permissions).toEqual(['console', 'control', 'files.read', 'files.write', 'backups']);
    const consoleSocket = await openConsole(`${access.console_url}?token=${encodeURIComponent(access.token)}`);
    const client = minecraft.createClient({ host: '127.0.0.1', port, username: 'Tester', auth: 'offline', version: '1.21.4' });
    try {
      await new Promise<void>((resolve, reject) => {
        client.once('playerJoin', () => resolve());
        client.once('error', reject);
      });
      const sent = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 500));
      client.chat('hello through cairn');
      await eventually(async () => (consoleSocket.messages.some((m) => m.line?.includes('<Tester> hello through cairn')) ? true : undefined), 30_000, 'chat on the console');
      console.log(`servers: chat to console ${(performance.now() - sent - 500).toFixed(0)} ms`);
    } finally {
      client.end('done');
      consoleSocket.close();
    }
    // The same token is good for this server's files, and for no other server.
    const own = await fetch(`${access.files_url}/list?path=/`, { headers: { authorization: `Bearer ${access.token}` } });
    expect(own.status).toBe(200);
    const other = await fetch(`${agent.url}/api/servers/someoneelse/files/list?path=/`, { headers: { authorization: `Bearer ${access.token}` } });
    expect(other.status).toBe(403);
    await expect(openConsole(`${agent.url.replace('http', 'ws')}/api/servers/someoneelse/console?token=${encodeURIComponent(access.token)}`)).rejects.toThrow(/403/);
    expect((await call('GET', `/v2/servers/${server.id}/access`, actors.stranger.session)).statusCode).toBe(404);
  }, 90_000);

  it('says why it stopped when it exits by itself (last_exit), and clears it when started again', async () => {
    // The game server's own stop command: an exit the agent did not ask for, so a crash.
    const sent = await callAgent(agent, 'POST', `/api/servers/${server.id}/command`, { command: 'stop' });
    expect(sent.status).toBeLessThan(300);
    const crashed = await untilServer(owner, server.id, (s) => s.state === 'crashed', 'crashed', 60_000);
    const onNode = AgentServerSchema.parse(await fromAgent(`/api/servers/${server.id}`));
    expect(crashed.last_exit).toEqual(expect.any(String));
    expect(crashed.last_exit).toBe(onNode.last_exit);
    expect(crashed.last_exit).not.toBe(AGENT_EXIT_OUT_OF_MEMORY);
    expect(crashed.isolated).toBe(onNode.isolated);

    expect((await call('POST', `/v2/servers/${server.id}/power`, owner.session, { action: 'start' })).statusCode).toBe(204);
    const running = await untilServer(owner, server.id, (s) => s.state === 'running', 'running again after the crash');
    expect(running.last_exit).toBeNull();
    await untilMotd(port, 'Test World', 'ping after the crash');
  }, 120_000);

  it('applies a motd change after a restart, and refuses the node-owned port', async () => {
    const refused = await call('PATCH', `/v2/servers/${server.id}/properties`, owner.session, { properties: { 'server-port': '1' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ description: string }>().description).toMatch(/^properties\.server-port: /);
    const changed = await call('PATCH', `/v2/servers/${server.id}/properties`, owner.session, { properties: { motd: 'Renamed by the owner' } });
    expect(changed.statusCode, changed.body).toBe(200);
    const read = ServerPropertiesSchema.strict().parse((await call('GET', `/v2/servers/${server.id}/properties`, owner.session)).json());
    expect(read.properties.motd).toBe('Renamed by the owner');
    expect((await call('POST', `/v2/servers/${server.id}/power`, owner.session, { action: 'restart' })).statusCode).toBe(204);
    await untilMotd(port, 'Renamed by the owner', 'ping after restart');
  }, 120_000);

  it('backs up and restores (a change made after the backup is gone), with locks and the plan maximum', async () => {
    const url = `/v2/servers/${server.id}/backups`;
    const listBackups = async () => ServerBackupListSchema.strict().parse((await call('GET', url, owner.session)).json());
    const createBackup = async (name: string) => {
      const response = await call('POST', url, owner.session, { name });
      expect(response.statusCode, response.body).toBe(202);
      const created = ServerBackupSchema.strict().parse(response.json());
      await eventually(async () => ((await listBackups()).backups.find((b) => b.id === created.id)?.state === 'ready' ? true : undefined), 60_000, `backup ${name}`);
      return created.id;
    };
    const first = await createBackup('Before');
    expect((await listBackups()).max_backups).toBe(4);

    const access = ServerAccessSchema.parse((await call('GET', `/v2/servers/${server.id}/access`, owner.session)).json());
    const marker = `${access.files_url}/contents?path=${encodeURIComponent('/world-change.txt')}`;
    const auth = { authorization: `Bearer ${access.token}` };
    const written = await fetch(marker, { method: 'PUT', headers: { ...auth, 'content-type': 'text/plain' }, body: 'made after the backup' });
    expect(written.status).toBe(200);
    expect((await fetch(marker, { headers: auth })).status).toBe(200);

    expect((await call('POST', `${url}/${first}/restore`, owner.session)).statusCode).toBe(204);
    await eventually(async () => ((await fetch(marker, { headers: auth })).status === 404 ? true : undefined), 60_000, 'change gone');
    await untilServer(owner, server.id, (s) => s.state === 'running', 'running after restore');

    const locked = ServerBackupSchema.strict().parse((await call('PATCH', `${url}/${first}`, owner.session, { locked: true, name: 'Kept' })).json());
    expect(locked).toMatchObject({ locked: true, name: 'Kept', automated: false });
    expect((await call('DELETE', `${url}/${first}`, owner.session)).statusCode).toBe(409);
    for (const name of ['Two', 'Three', 'Four']) await createBackup(name);
    const full = await call('POST', url, owner.session, { name: 'Five' });
    expect(full.statusCode).toBe(409);
    expect(full.json<{ description: string }>().description).toMatch(/^Failed to create backup/);
    expect((await call('GET', url, actors.stranger.session)).statusCode).toBe(404);
    expect((await call('PATCH', `${url}/${first}`, owner.session, { locked: false })).statusCode).toBe(200);
    expect((await call('DELETE', `${url}/${first}`, owner.session)).statusCode).toBe(204);
    expect((await listBackups()).backups.map((b) => b.name)).toEqual(['Two', 'Three', 'Four']);
  }, 180_000);

  it('moves to the new plan limits on an upgrade', async () => {
    const products = z.array(ProductSchema.strict()).parse((await call('GET', '/v2/billing/products')).json());
    medium = products.find((p) => p.metadata.type === 'pyro' && p.metadata.name === 'Medium')!;
    const ram = medium.metadata.type === 'pyro' ? medium.metadata.ram : 0;
    const upgrade = await call('PATCH', `/v2/billing/subscription/${server.subscription_id}`, owner.session, { product: medium.id });
    expect(upgrade.statusCode, upgrade.body).toBe(200);
    const upgraded = await untilServer(owner, server.id, (s) => s.plan.name === 'Medium', 'on the Medium plan', 10_000);
    expect(upgraded.plan).toMatchObject({ ram, max_backups: 8 });
    await eventually(async () => {
      const stats = ServerStatsSchema.parse((await call('GET', `/v2/servers/${server.id}/stats`, owner.session)).json());
      return stats.memory_limit_bytes === ram * 1024 * 1024 ? true : undefined;
    }, 30_000, 'new memory limit on the node');
  }, 60_000);

  it('is stopped by an admin suspension (power refused) and runs again when unsuspended', async () => {
    expect((await call('POST', `/v2/servers/${server.id}/suspend`, owner.session, { reason: 'support' })).statusCode).toBe(401);
    const suspended = ServerSchema.strict().parse((await call('POST', `/v2/servers/${server.id}/suspend`, actors.admin.session, { reason: 'support' })).json());
    expect(suspended).toMatchObject({ status: 'suspended', suspension_reason: 'support' });
    const power = await call('POST', `/v2/servers/${server.id}/power`, owner.session, { action: 'start' });
    expect(power.statusCode).toBe(409);
    expect(power.json<{ description: string }>().description).toContain('suspended');
    await untilServer(owner, server.id, (s) => s.state === 'stopped', 'stopped');
    const back = ServerSchema.strict().parse((await call('POST', `/v2/servers/${server.id}/unsuspend`, actors.admin.session)).json());
    expect(back).toMatchObject({ status: 'available', suspension_reason: null });
    await untilServer(owner, server.id, (s) => s.state === 'running', 'running again');
  }, 120_000);

  it('survives the agent being killed: the API still shows it and it runs again after the agent restarts', async () => {
    await agent.kill9();
    const meanwhile = await getServer(owner, server.id);
    expect(meanwhile).toMatchObject({ status: 'available', state: null, last_exit: null, isolated: null, net: { port } });
    await agent.restart();
    await untilServer(owner, server.id, (s) => s.state === 'running', 'running after agent restart');
    await untilMotd(port, 'Renamed by the owner', 'ping after agent restart');
  }, 180_000);

  it('is suspended when the cancelled subscription ends and back when the customer resubscribes', async () => {
    const edit = await call('PATCH', `/v2/billing/subscription/${server.subscription_id}`, owner.session, { cancelled: true });
    expect(edit.statusCode, edit.body).toBe(200);
    now = new Date(Date.now() + 40 * 86_400_000);
    await createRenewals({ db: ctx.database.db, provider: ctx.sandbox.provider, clock }).endCancelledSubscriptions();
    const suspended = await untilServer(owner, server.id, (s) => s.status === 'suspended', 'suspended');
    expect(suspended.suspension_reason).toBe('cancelled');
    await untilServer(owner, server.id, (s) => s.state === 'stopped', 'stopped after cancel');
    expect((await call('GET', `/v2/servers/${server.id}/access`, owner.session)).statusCode).toBe(409);

    const resume = await call('PATCH', `/v2/billing/subscription/${server.subscription_id}`, owner.session, { cancelled: false });
    expect(resume.statusCode, resume.body).toBe(200);
    await untilServer(owner, server.id, (s) => s.status === 'available' && s.state === 'running', 'available after resubscribing');
    now = new Date();
  }, 120_000);

  it('keeps a second purchase unprovisioned while no node has room for it', async () => {
    // Cap the node at what the first server uses.
    const used = medium.metadata.type === 'pyro' ? medium.metadata.ram : 0;
    const capped = await call('POST', '/v2/servers/nodes', actors.admin.session, { name: 'local', url: agent.url, token: AGENT_TOKEN, memory_mib: used + 1024 });
    expect(capped.statusCode, capped.body).toBe(201);
    expect(ServerNodeSchema.strict().parse(capped.json())).toMatchObject({ memory_mib: used + 1024, allocated_memory_mib: used, servers: 1 });
    const buyer = await insertUserWithTokens(ctx.database.db);
    const second = await buyServer(buyer, 'Waiting World');
    // A placement attempt for it has run to completion (and found no room).
    await runJob(ctx.jobs!, 'servers.reconcile', { serverId: second.id });
    const waiting = await getServer(buyer, second.id);
    expect(waiting).toMatchObject({ status: 'unprovisioned', state: null, last_exit: null, isolated: null, net: null, node: null });
    expect((await call('POST', `/v2/servers/${second.id}/power`, buyer.session, { action: 'start' })).statusCode).toBe(409);
  }, 60_000);

  it('deletes a suspended server from its node once the grace period is over', async () => {
    expect((await call('PATCH', `/v2/billing/subscription/${server.subscription_id}`, owner.session, { cancelled: true })).statusCode).toBe(200);
    now = new Date(Date.now() + 80 * 86_400_000);
    await createRenewals({ db: ctx.database.db, provider: ctx.sandbox.provider, clock }).endCancelledSubscriptions();
    await untilServer(owner, server.id, (s) => s.status === 'suspended', 'suspended again');
    const onNode = () => callAgent(agent, 'GET', `/api/servers/${server.id}`);
    expect((await onNode()).status).toBe(200);
    // Still within the grace period: a reconcile (run to completion) keeps the data.
    await runJob(ctx.jobs!, 'servers.reconcile', { serverId: server.id });
    expect((await onNode()).status).toBe(200);
    await ctx.database.db.update(servers).set({ deleteAfter: new Date(Date.now() - 1000) }).where(eq(servers.id, server.id));
    await ctx.jobs!.send('servers.reconcile', { serverId: server.id });
    await eventually(async () => ((await onNode()).status === 404 ? true : undefined), 30_000, 'deleted from the node');
    // The row is marked deleted in the transaction that follows the node's deletion.
    await eventually(async () => ((await call('GET', `/v2/servers/${server.id}`, owner.session)).statusCode === 404 ? true : undefined), 10_000, 'gone from the API');
  }, 90_000);
});
