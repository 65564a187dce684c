import { chmod, mkdir, mkdtemp, readdir, readFile, readlink, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { ProductSchema, type Product } from '@cairn/shared/schemas/billing';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import {
  ServerAllocationListSchema,
  ServerAllocationSchema,
  ServerBackupSchema,
  ServerListSchema,
  ServerNetworkSchema,
  ServerPlatformListSchema,
  ServerPreferencesSchema,
  ServerSchema,
  ServerStartupSchema,
  SubdomainAvailabilitySchema,
  type Server,
} from '@cairn/shared/schemas/servers';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient } from '../helpers/client.js';
import { insertUserWithTokens, type TestUser } from '../factories/users.js';
import type { TestCard } from '../billing/provider-contract.js';
import { saveSandboxCard } from '../billing/sandbox-harness.js';
import { servers } from '../../src/db/schema/servers.js';
import { billingProducts } from '../../src/db/schema/billing.js';
import { ABANDONED_PURCHASE_MS, createProvisioning } from '../../src/modules/servers/provisioning.js';
import { AGENT_TOKEN, callAgent, consoleHistory, eventually, freePort, startTestAgent, type TestAgent } from '../helpers/node-agent-process.js';

/**
 * Options › Platform, Startup, Network and Preferences against a real node agent: the built-in
 * flying-squid runtime and a java runtime whose `java` is a script (like the agent's own tests)
 * that logs how it was launched and, while a `slow-save` file exists, never confirms a save, so
 * a backup stays in progress.
 */
const FAKE_JAVA = `#!/bin/sh
echo "$0 $* ports=$CAIRN_EXTRA_PORTS" >> launch.txt
echo 'Done (0.1s)! For help, type "help"'
while IFS= read -r line; do
  case "$line" in
    stop) echo "Stopping the server"; exit 0 ;;
    save-all) if [ ! -e slow-save ]; then echo "Saved the game"; fi ;;
    *) echo "Unknown command: $line" ;;
  esac
done
`;
const DOMAIN = 'play.cairn.test';

let ctx: TestContext;
let agent: TestAgent;
let tools: string;
let small: Product;
let firstPort: number;
const PORTS = 8;

const call = testClient(() => ctx.app);
const fileUrl = (id: string, file: string) => `/api/servers/${id}/files/contents?path=${encodeURIComponent(file)}`;
const readNodeFile = async (id: string, file: string) => {
  const response = await callAgent(agent, 'GET', fileUrl(id, file));
  return response.ok ? response.text() : undefined;
};
const writeNodeFile = async (id: string, file: string, text: string) => {
  const response = await callAgent(agent, 'PUT', fileUrl(id, file), text);
  expect(response.ok, await response.clone().text()).toBe(true);
};
const deleteNodeFile = async (id: string, file: string) => {
  const response = await callAgent(agent, 'POST', `/api/servers/${id}/files/delete`, { paths: [file] });
  expect(response.ok).toBe(true);
};
const errorOf = (response: { json: () => unknown }) => ErrorBodySchema.strict().parse(response.json());

beforeAll(async () => {
  tools = await mkdtemp(path.join(os.tmpdir(), 'cairn-server-options-'));
  // JDKs are installed world-readable: the isolated server runs as a user of its own.
  await chmod(tools, 0o755);
  for (const jdk of ['jdk17', 'jdk21']) {
    await mkdir(path.join(tools, jdk, 'bin'), { recursive: true });
    await writeFile(path.join(tools, jdk, 'bin', 'java'), FAKE_JAVA, { mode: 0o755 });
  }
  await mkdir(path.join(tools, 'jars'));
  await writeFile(path.join(tools, 'jars', 'paper-1.21.4.jar'), 'not really a jar');
  agent = await startTestAgent({
    env: {
      NODE_AGENT_JAVA_HOMES: `17=${path.join(tools, 'jdk17')},21=${path.join(tools, 'jdk21')}`,
      NODE_AGENT_JARS_DIR: path.join(tools, 'jars'),
    },
  });
  firstPort = await freePort();
  ctx = await createTestContext({
    jobs: true,
    env: { NODE_AGENT_URL: agent.url, NODE_AGENT_TOKEN: AGENT_TOKEN, SERVERS_PORT_RANGE: `${firstPort}-${firstPort + PORTS - 1}`, SERVERS_DOMAIN: DOMAIN },
  });
  const products = z.array(ProductSchema.strict()).parse((await call('GET', '/v2/billing/products')).json());
  small = products.find((p) => p.metadata.type === 'pyro' && p.metadata.name === 'Small')!;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await agent?.close();
  if (tools) await rm(tools, { recursive: true, force: true });
});

const saveCard = (user: TestUser, card: TestCard) => saveSandboxCard(ctx.app, user.session, card);

const buy = async (user: TestUser, name: string, card: TestCard = 'visa') =>
  call('POST', '/v2/billing/payment', user.session, { payment_method_id: await saveCard(user, card), charge: { type: 'new', product_id: small.id, server: { name } } });

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
const running = (loader: string) => (s: Server) => s.status === 'available' && s.state === 'running' && s.loader === loader;

/**
 * The game process of a server: on an isolated node the only process running as the server's own
 * user (its sandbox's wrappers run as root); on an unisolated one the process working in its folder.
 */
async function gameProcesses(serverId: string): Promise<number[]> {
  const folder = path.join(agent.dataDir, 'servers', serverId);
  const records = JSON.parse(await readFile(path.join(agent.dataDir, 'servers.json'), 'utf8')) as Array<{ id: string; uid?: number }>;
  const uid = records.find((record) => record.id === serverId)?.uid;
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const owner = /^Uid:\s+(\d+)/m.exec(await readFile(`/proc/${entry}/status`, 'utf8').catch(() => ''))?.[1];
    if (Number(owner) === uid || (await readlink(`/proc/${entry}/cwd`).catch(() => '')) === folder) pids.push(Number(entry));
  }
  return pids;
}

describe('server options', () => {
  let owner: TestUser;
  let server: Server;
  const url = (suffix: string) => `/v2/servers/${server.id}${suffix}`;

  beforeAll(async () => {
    owner = await insertUserWithTokens(ctx.database.db);
    const response = await buy(owner, 'Options World');
    expect(response.statusCode, response.body).toBe(200);
    server = ServerListSchema.strict().parse((await call('GET', '/v2/servers', owner.session)).json()).servers[0]!;
    server = await untilServer(owner, server.id, running('vanilla'), 'vanilla running');
  }, 120_000);

  it("lists the platforms of the server's node: built-in vanilla and the operator's jars", async () => {
    const response = await call('GET', url('/platforms'), owner.session);
    expect(response.statusCode, response.body).toBe(200);
    expect(ServerPlatformListSchema.strict().parse(response.json()).platforms).toEqual([
      { loader: 'vanilla', runtime: 'flying-squid', game_versions: ['1.21.4'] },
      { loader: 'paper', runtime: 'java', game_versions: ['1.21.4'] },
    ]);
  });

  it('has no startup options on the built-in platform', async () => {
    const startup = ServerStartupSchema.strict().parse((await call('GET', url('/startup'), owner.session)).json());
    expect(startup).toEqual({ supported: false, invocation: '', java_version: null, java_versions: [17, 21] });
    const refused = await call('PATCH', url('/startup'), owner.session, { invocation: '-Xss1M' });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toMatchObject({ error: 'startup_unsupported', description: expect.stringMatching(/^invocation: /) });
  });

  it('reinstalls onto an operator jar keeping the world, refusing unknown platforms and a second install meanwhile', async () => {
    await writeNodeFile(server.id, 'world/keep.txt', 'mine');
    const unknown = await call('POST', url('/reinstall'), owner.session, { loader: 'fabric', game_version: '1.21.4', erase: false });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).description).toMatch(/^loader: fabric is not offered/);
    const badVersion = await call('POST', url('/reinstall'), owner.session, { loader: 'paper', game_version: '1.20.1', erase: false });
    expect(errorOf(badVersion).description).toMatch(/^game_version: /);

    const reinstall = await call('POST', url('/reinstall'), owner.session, { loader: 'paper', game_version: '1.21.4', erase: false });
    expect(reinstall.statusCode, reinstall.body).toBe(202);
    expect(ServerSchema.strict().parse(reinstall.json())).toMatchObject({ status: 'installing', loader: 'paper', game_version: '1.21.4' });
    const again = await call('POST', url('/reinstall'), owner.session, { loader: 'vanilla', game_version: '1.21.4', erase: false });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).error).toBe('server_installing');
    expect((await call('PATCH', url('/startup'), owner.session, { invocation: '-Xss1M' })).statusCode).toBe(409);

    await untilServer(owner, server.id, running('paper'), 'paper running');
    expect(await readNodeFile(server.id, 'world/keep.txt')).toBe('mine');
    expect(await readNodeFile(server.id, 'server.jar')).toBe('not really a jar');
    expect(await readNodeFile(server.id, 'launch.txt')).toMatch(/-Xmx2048M -jar server\.jar nogui/);
  }, 120_000);

  it('validates startup flags and Java versions against the JDKs of the node, and applies them at the next start', async () => {
    const shell = await call('PATCH', url('/startup'), owner.session, { invocation: '-Xss1M; rm -rf /' });
    expect(shell.statusCode).toBe(400);
    expect(errorOf(shell).description).toMatch(/'invocation'/);
    const long = await call('PATCH', url('/startup'), owner.session, { invocation: '-X'.repeat(300) });
    expect(errorOf(long).description).toMatch(/'invocation'/);
    const missing = await call('PATCH', url('/startup'), owner.session, { java_version: 8 });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing)).toEqual({ error: 'java_unavailable', description: "java_version: Java 8 is not installed on this server's node (it has 17, 21)" });
    expect((await call('PATCH', url('/startup'), owner.session, { java_version: 9 })).statusCode).toBe(400);

    const saved = await call('PATCH', url('/startup'), owner.session, { invocation: '-XX:+UseG1GC -Dcairn.test=1', java_version: 17 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(ServerStartupSchema.strict().parse(saved.json())).toEqual({ supported: true, invocation: '-XX:+UseG1GC -Dcairn.test=1', java_version: 17, java_versions: [17, 21] });
    expect(ServerStartupSchema.strict().parse((await call('GET', url('/startup'), owner.session)).json()).java_version).toBe(17);

    expect((await call('POST', url('/power'), owner.session, { action: 'restart' })).statusCode).toBe(204);
    const launches = await eventually(async () => {
      const lines = (await readNodeFile(server.id, 'launch.txt'))?.trim().split('\n') ?? [];
      return lines.length >= 2 ? lines : undefined;
    }, 30_000, 'restarted');
    expect(launches.at(-1)).toContain(`${path.join(tools, 'jdk17', 'bin', 'java')} -XX:+UseG1GC -Dcairn.test=1 -Xms256M -Xmx2048M -jar server.jar nogui`);
  }, 60_000);

  it('refuses a platform change while a backup is in progress and allows it at the maximum backups', async () => {
    await untilServer(owner, server.id, running('paper'), 'paper running again');
    await writeNodeFile(server.id, 'slow-save', 'yes');
    const slow = await call('POST', url('/backups'), owner.session, { name: 'Slow' });
    expect(slow.statusCode, slow.body).toBe(202);
    const refused = await call('POST', url('/reinstall'), owner.session, { loader: 'vanilla', game_version: '1.21.4', erase: false });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({ error: 'backup_in_progress', description: expect.stringMatching(/^loader: while a backup is being created or restored, changing the platform is blocked/) });
    await deleteNodeFile(server.id, 'slow-save');
    const backupReady = async (id: string) =>
      eventually(async () => {
        const list = z.object({ backups: z.array(ServerBackupSchema) }).parse((await call('GET', url('/backups'), owner.session)).json());
        return list.backups.find((b) => b.id === id && b.state === 'ready');
      }, 30_000, 'backup ready');
    await backupReady(ServerBackupSchema.parse(slow.json()).id);
    for (const name of ['Two', 'Three', 'Four']) {
      const created = await call('POST', url('/backups'), owner.session, { name });
      expect(created.statusCode, created.body).toBe(202);
      await backupReady(ServerBackupSchema.parse(created.json()).id);
    }
    expect((await call('POST', url('/backups'), owner.session, { name: 'Five' })).statusCode).toBe(409);

    const reinstall = await call('POST', url('/reinstall'), owner.session, { loader: 'vanilla', game_version: '1.21.4', erase: false });
    expect(reinstall.statusCode, reinstall.body).toBe(202);
    await untilServer(owner, server.id, running('vanilla'), 'vanilla again');
    expect(await readNodeFile(server.id, 'world/keep.txt')).toBe('mine');
  }, 180_000);

  it('erases all data when asked', async () => {
    const reinstall = await call('POST', url('/reinstall'), owner.session, { loader: 'paper', game_version: '1.21.4', erase: true });
    expect(reinstall.statusCode, reinstall.body).toBe(202);
    await untilServer(owner, server.id, running('paper'), 'paper after erase');
    expect(await readNodeFile(server.id, 'world/keep.txt')).toBeUndefined();
    expect((await readNodeFile(server.id, 'launch.txt'))?.trim().split('\n')).toHaveLength(1);
  }, 120_000);

  it('restarts a crashed server when auto restart is on, and leaves it crashed when off', async () => {
    expect(ServerPreferencesSchema.strict().parse((await call('GET', url('/preferences'), owner.session)).json())).toEqual({ auto_restart: false });
    const on = await call('PATCH', url('/preferences'), owner.session, { auto_restart: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(ServerPreferencesSchema.strict().parse(on.json())).toEqual({ auto_restart: true });

    const [pid] = await gameProcesses(server.id);
    expect(pid).toBeDefined();
    process.kill(pid!, 'SIGKILL');
    await eventually(async () => {
      const pids = await gameProcesses(server.id);
      return pids.length === 1 && pids[0] !== pid ? true : undefined;
    }, 20_000, 'restarted by the node');
    await untilServer(owner, server.id, running('paper'), 'running after the crash', 20_000);

    expect((await call('PATCH', url('/preferences'), owner.session, { auto_restart: false })).statusCode).toBe(200);
    const [second] = await gameProcesses(server.id);
    process.kill(second!, 'SIGKILL');
    await untilServer(owner, server.id, (s) => s.state === 'crashed', 'crashed', 20_000);
    // The node decides on a restart in the same step that records the crash (autoRestart in
    // node-agent/src/server-manager.ts): the crash line is followed at once by "Auto restart: …"
    // when it restarts, so a crash the node reports with no such line after it stays crashed.
    const lines = await consoleHistory(agent, server.id);
    const crashes = lines.flatMap((line, i) => (line.includes('Server exited unexpectedly') ? [i] : []));
    expect(crashes.length, lines.join('\n')).toBeGreaterThanOrEqual(2);
    const [restarted, stayed] = crashes.slice(-2) as [number, number];
    expect(lines[restarted + 1]).toContain('Auto restart: starting the server again');
    expect(lines.slice(stayed + 1).filter((line) => line.includes('Auto restart'))).toEqual([]);
    expect((await getServer(owner, server.id)).state).toBe('crashed');
    expect((await call('POST', url('/power'), owner.session, { action: 'start' })).statusCode).toBe(204);
  }, 90_000);

  it('gives extra ports from the node range, renames and releases them, never the primary one', async () => {
    const initial = ServerAllocationListSchema.strict().parse((await call('GET', url('/allocations'), owner.session)).json());
    expect(initial).toEqual({ allocations: [{ port: server.net!.port, name: 'Primary', primary: true }], max: 32 });
    const first = ServerAllocationSchema.strict().parse((await call('POST', url('/allocations'), owner.session, { name: 'Voice' })).json());
    const second = ServerAllocationSchema.strict().parse((await call('POST', url('/allocations'), owner.session, { name: 'Map' })).json());
    for (const a of [first, second]) {
      expect(a.port).toBeGreaterThanOrEqual(firstPort);
      expect(a.port).toBeLessThan(firstPort + PORTS);
    }
    expect(new Set([server.net!.port, first.port, second.port]).size).toBe(3);
    expect((await call('POST', url('/allocations'), owner.session, { name: '' })).statusCode).toBe(400);

    const renamed = await call('PATCH', url(`/allocations/${first.port}`), owner.session, { name: 'Voice chat' });
    expect(ServerAllocationSchema.strict().parse(renamed.json())).toEqual({ port: first.port, name: 'Voice chat', primary: false });
    const primary = await call('DELETE', url(`/allocations/${server.net!.port}`), owner.session);
    expect(primary.statusCode).toBe(400);
    expect(errorOf(primary).description).toBe('port: the primary port cannot be deleted');
    expect((await call('DELETE', url('/allocations/1'), owner.session)).statusCode).toBe(404);
    expect((await call('DELETE', url(`/allocations/${second.port}`), owner.session)).statusCode).toBe(204);
    const after = ServerAllocationListSchema.strict().parse((await call('GET', url('/allocations'), owner.session)).json());
    expect(after.allocations.map((a) => [a.port, a.name])).toEqual([[server.net!.port, 'Primary'], [first.port, 'Voice chat']]);

    // The game gets its extra ports at the next start.
    expect((await call('POST', url('/power'), owner.session, { action: 'restart' })).statusCode).toBe(204);
    await eventually(async () => ((await readNodeFile(server.id, 'launch.txt'))?.trim().endsWith(`ports=${first.port}`) ? true : undefined), 30_000, 'ports passed');
  }, 60_000);

  it('takes a valid, unique custom address and shows it as the server address with its DNS records', async () => {
    for (const bad of ['abcd', 'a'.repeat(33), 'bad_name', '-world']) {
      const response = await call('POST', url('/subdomain'), owner.session, { subdomain: bad });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).description).toMatch(/'subdomain'/);
    }
    const reserved = await call('POST', url('/subdomain'), owner.session, { subdomain: 'admin' });
    expect(errorOf(reserved)).toEqual({ error: 'subdomain_reserved', description: 'subdomain: admin is reserved' });

    const set = await call('POST', url('/subdomain'), owner.session, { subdomain: 'My-World' });
    expect(set.statusCode, set.body).toBe(200);
    expect(ServerNetworkSchema.strict().parse(set.json())).toEqual({
      subdomain: 'my-world',
      domain: DOMAIN,
      dns_records: [
        { type: 'A', name: `my-world.${DOMAIN}`, content: '127.0.0.1' },
        { type: 'SRV', name: `_minecraft._tcp.my-world.${DOMAIN}`, content: `0 5 ${server.net!.port} my-world.${DOMAIN}` },
      ],
    });
    expect((await getServer(owner, server.id)).net).toEqual({ host: `my-world.${DOMAIN}`, port: server.net!.port });

    const check = async (name: string) => SubdomainAvailabilitySchema.strict().parse((await call('GET', `/v2/servers/subdomains/${name}/available`, owner.session)).json());
    expect(await check('MY-WORLD')).toEqual({ available: false, reason: 'subdomain: my-world is already taken' });
    expect(await check('other-world')).toEqual({ available: true, reason: null });
    expect((await call('GET', '/v2/servers/subdomains/ab/available', owner.session)).statusCode).toBe(400);

    // Another customer's server cannot take it.
    const other = await insertUserWithTokens(ctx.database.db);
    await buy(other, 'Declined', 'declined');
    const [row] = await ctx.database.db.select().from(servers).where(eq(servers.ownerId, other.id));
    await ctx.database.db.update(servers).set({ status: 'available' }).where(eq(servers.id, row!.id));
    const taken = await call('POST', `/v2/servers/${row!.id}/subdomain`, other.session, { subdomain: 'my-world' });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken)).toEqual({ error: 'subdomain_taken', description: 'subdomain: my-world is already taken' });
    await ctx.database.db.delete(servers).where(eq(servers.id, row!.id));
  });

  it('refuses an upgrade to a plan that is out of stock or that the node has no room for', async () => {
    const products = z.array(ProductSchema.strict()).parse((await call('GET', '/v2/billing/products')).json());
    const medium = products.find((p) => p.metadata.type === 'pyro' && p.metadata.name === 'Medium')!;
    const upgrade = () => call('PATCH', `/v2/billing/subscription/${server.subscription_id}?dry=true`, owner.session, { product: medium.id });

    const admin = await insertUserWithTokens(ctx.database.db, { role: 'admin' });
    const cap = (memory_mib: number) => call('POST', '/v2/servers/nodes', admin.session, { name: 'local', url: agent.url, token: AGENT_TOKEN, memory_mib });
    expect((await cap(4096)).statusCode).toBe(201);
    const noRoom = await upgrade();
    expect(noRoom.statusCode).toBe(400);
    expect(errorOf(noRoom)).toMatchObject({ error: 'node_capacity', description: expect.stringMatching(/^product: the server's node does not have room/) });
    expect((await cap(65_536)).statusCode).toBe(201);
    expect((await upgrade()).statusCode).toBe(200);

    const mediumRow = (await ctx.database.db.select().from(billingProducts)).find((p) => p.metadata.type === 'pyro' && p.metadata.name === 'Medium')!;
    if (mediumRow.metadata.type !== 'pyro') throw new Error('Medium is a server plan');
    await ctx.database.db.update(billingProducts).set({ metadata: { ...mediumRow.metadata, stock: 0 } }).where(eq(billingProducts.id, mediumRow.id));
    const soldOut = await upgrade();
    expect(soldOut.statusCode).toBe(400);
    expect(errorOf(soldOut)).toEqual({ error: 'out_of_stock', description: 'product: this plan is out of stock, so the server cannot be upgraded to it' });
    await ctx.database.db.update(billingProducts).set({ metadata: mediumRow.metadata }).where(eq(billingProducts.id, mediumRow.id));
    expect((await call('POST', url('/power'), owner.session, { action: 'stop' })).statusCode).toBe(204);
  });
});

describe('unpaid purchases', () => {
  it('never shows the server of a declined or unconfirmed purchase and removes its row after a day', async () => {
    const buyer = await insertUserWithTokens(ctx.database.db);
    const declined = await buy(buyer, 'Declined World', 'declined');
    expect(declined.json<{ status?: string }>().status).not.toBe('succeeded');
    const pending = await buy(buyer, 'Unconfirmed World', 'requires_3ds');
    expect(pending.json<{ status?: string }>().status).toBe('requires_action');

    const rows = await ctx.database.db.select().from(servers).where(eq(servers.ownerId, buyer.id));
    expect(rows.map((r) => r.status)).toEqual(['unprovisioned', 'unprovisioned']);
    expect(ServerListSchema.strict().parse((await call('GET', '/v2/servers', buyer.session)).json()).servers).toEqual([]);
    expect((await call('GET', `/v2/servers/${rows[0]!.id}`, buyer.session)).statusCode).toBe(404);

    const provisioning = (offsetMs: number) =>
      createProvisioning({ db: ctx.database.db, portRange: { first: firstPort, last: firstPort + PORTS - 1 }, graceDays: 14, now: () => new Date(Date.now() + offsetMs) });
    await provisioning(60_000).reconcile(rows[0]!.id);
    expect((await ctx.database.db.select().from(servers).where(eq(servers.id, rows[0]!.id)))[0]!.deleted).toBeNull();
    await provisioning(ABANDONED_PURCHASE_MS + 60_000).reconcile(rows[0]!.id);
    expect((await ctx.database.db.select().from(servers).where(eq(servers.id, rows[0]!.id)))[0]!.deleted).not.toBeNull();
  });
});
