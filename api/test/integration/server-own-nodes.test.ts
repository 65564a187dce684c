import { spawn, type ChildProcess } from 'node:child_process';
import { stat, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import type WsClient from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import { AgentFileListSchema } from '@cairn/shared/schemas/node-agent';
import { NodeEnrolmentResultSchema, OwnNodeEnrolmentSchema, OwnNodeListSchema, OwnNodeSchema } from '@cairn/shared/schemas/own-nodes';
import { PaymentResultSchema, ProductSchema } from '@cairn/shared/schemas/billing';
import { ServerAccessSchema, ServerListSchema, ServerNodeListSchema, ServerSchema, type Server } from '@cairn/shared/schemas/servers';
import { saveSandboxCard } from '../billing/sandbox-harness.js';
import { runJob } from '../helpers/jobs.js';
import { SERVERS_RECONCILE_JOB } from '../../src/modules/servers/provisioning.js';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient } from '../helpers/client.js';
import { eventually, freePort, minecraft, openConsole, pingMotd } from '../helpers/node-agent-process.js';
import { createActors, type Actors, type TestUser } from '../factories/users.js';

/**
 * Bring your own node end to end: the API listening on a real port, a second real node agent
 * started in join mode with the single-use token from "My nodes", reaching the API only through
 * the tunnel it dials out, and a real flying-squid server created, started and used on it.
 */
const agentDir = fileURLToPath(new URL('../../../node-agent/', import.meta.url));
const WebSocket = createRequire(path.join(agentDir, 'package.json'))('ws') as typeof WsClient;

let ctx: TestContext;
let actors: Actors;
let apiUrl: string;
let firstGamePort: number;
const call = testClient(() => ctx.app);

interface JoinedAgent {
  dataDir: string;
  child: ChildProcess;
  /** Every machine-readable line the agent printed. */
  events: Array<{ event: string }>;
  exited: Promise<number | null>;
  stderr: () => string;
}
const agents: JoinedAgent[] = [];

/** `node-agent/src/main.ts --join <api-url> <token>`: what the join command runs, from the sources. */
async function startJoinedAgent(args: string[], dataDir?: string): Promise<JoinedAgent> {
  const dir = dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'cairn-own-node-')));
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts', ...args], {
    cwd: agentDir,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      NODE_AGENT_DATA_DIR: dir,
      NODE_AGENT_GAME_HOST: '127.0.0.1',
      NODE_AGENT_ISOLATION: process.env.CI === 'true' ? 'on' : 'auto',
      NODE_AGENT_UID_BASE: String(5_000_000 + Math.floor(Math.random() * 1_000_000) * 64),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const events: JoinedAgent['events'] = [];
  readline.createInterface({ input: child.stdout! }).on('line', (line) => {
    if (line.startsWith('{"event":')) events.push(JSON.parse(line) as { event: string });
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const agent = { dataDir: dir, child, events, exited, stderr: () => stderr };
  agents.push(agent);
  return agent;
}

const untilEvent = (agent: JoinedAgent, event: string, timeoutMs = 60_000) =>
  eventually(async () => agent.events.find((e) => e.event === event), timeoutMs, `the agent's ${event} (${agent.stderr().slice(-400)})`);

beforeAll(async () => {
  const port = await freePort();
  apiUrl = `http://127.0.0.1:${port}`;
  firstGamePort = await freePort();
  ctx = await createTestContext({ jobs: true, env: { PUBLIC_API_URL: apiUrl, SERVERS_PORT_RANGE: `${firstGamePort}-${firstGamePort + 3}` } });
  await ctx.app.listen({ host: '127.0.0.1', port });
  actors = await createActors(ctx.database.db);
}, 120_000);

afterAll(async () => {
  for (const agent of agents) {
    if (agent.child.exitCode === null && agent.child.signalCode === null) agent.child.kill('SIGTERM');
    await agent.exited;
    await rm(agent.dataDir, { recursive: true, force: true });
  }
  await ctx?.close();
}, 60_000);

async function newJoinCommand(user: TestUser, name: string) {
  const response = await call('POST', '/v2/servers/own-nodes/enrolments', user.session, { name });
  expect(response.statusCode, response.body).toBe(201);
  return OwnNodeEnrolmentSchema.strict().parse(response.json());
}

const myNodes = async (user: TestUser) => {
  const response = await call('GET', '/v2/servers/own-nodes', user.session);
  expect(response.statusCode, response.body).toBe(200);
  return OwnNodeListSchema.strict().parse(response.json()).nodes;
};

const getServer = async (user: TestUser, id: string): Promise<Server> => {
  const response = await call('GET', `/v2/servers/${id}`, user.session);
  expect(response.statusCode, response.body).toBe(200);
  return ServerSchema.strict().parse(response.json());
};

describe('bring your own node', () => {
  let agent: JoinedAgent;
  let token: string;
  let nodeId: string;
  let server: Server;

  beforeAll(async () => {
    const join = await newJoinCommand(actors.user, 'Basement box');
    token = join.token;
    // The command the panel shows starts this repository's agent against this API.
    expect(join.command).toBe(`node node-agent/dist/src/main.js --join ${apiUrl} ${join.token}`);
    agent = await startJoinedAgent(['--join', apiUrl, token]);
    await untilEvent(agent, 'tunnel_connected');
    nodeId = (
      await vi.waitFor(
        async () => {
          const [node] = await myNodes(actors.user);
          if (!node?.connected || node.memory_total_mib === 0) throw new Error('not reported yet');
          return node;
        },
        { timeout: 30_000, interval: 200 },
      )
    ).id;
  }, 120_000);

  it('stores the credential readable by the agent only, and lists the node with capacity and isolation', async () => {
    const file = path.join(agent.dataDir, 'own-node-credential.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const stored = NodeEnrolmentResultSchema.extend({ api_url: z.string() }).parse(JSON.parse(await readFile(file, 'utf8')));
    expect(stored.node_id).toBe(nodeId);
    const [node] = await myNodes(actors.user);
    expect(node).toMatchObject({ name: 'Basement box', connected: true, servers: 0, limits: { max_servers: null, max_memory_mib: null } });
    expect(node!.cpu_cores).toBeGreaterThan(0);
    expect(node!.isolation).not.toBeNull();
    // Nobody else sees it, and the platform's node list (admins) leaves it out.
    expect(await myNodes(actors.stranger)).toEqual([]);
    const platform = ServerNodeListSchema.strict().parse((await call('GET', '/v2/servers/nodes', actors.admin.session)).json());
    expect(platform.nodes.map((n) => n.id)).not.toContain(nodeId);
  });

  it('refuses the enrolment token a second time', async () => {
    const again = await call('POST', '/v2/node-enrolment', undefined, { token });
    expect(again.statusCode).toBe(401);
    expect(ErrorBodySchema.parse(again.json())).toMatchObject({ error: 'invalid_enrolment_token' });
    expect(again.json<{ description: string }>().description).toMatch(/^token:/);
  });

  it('is never used by platform placement: a paid server waits for a platform node', async () => {
    const products = z.array(ProductSchema.strict()).parse((await call('GET', '/v2/billing/products')).json());
    const small = products.find((p) => p.metadata.type === 'pyro' && p.metadata.name === 'Small')!;
    const pm = await saveSandboxCard(ctx.app, actors.creator.session);
    const paid = await call('POST', '/v2/billing/payment', actors.creator.session, { payment_method_id: pm, charge: { type: 'new', product_id: small.id, server: { name: 'Paid world' } } });
    expect(PaymentResultSchema.strict().parse(paid.json()).status).toBe('succeeded');
    const bought = ServerListSchema.strict().parse((await call('GET', '/v2/servers', actors.creator.session)).json()).servers.find((s) => s.name === 'Paid world')!;
    await runJob(ctx.jobs!, SERVERS_RECONCILE_JOB, { serverId: bought.id });
    // The own node is connected, healthy and has room, yet the paid server is not placed there.
    expect(await getServer(actors.creator, bought.id)).toMatchObject({ status: 'unprovisioned', node: null });
  }, 60_000);

  it('creates a server on the node without a plan, within the limits the owner set, and runs it', async () => {
    const limited = await call('PATCH', `/v2/servers/own-nodes/${nodeId}`, actors.user.session, { max_servers: 1, max_memory_mib: 2048 });
    expect(limited.statusCode, limited.body).toBe(200);
    expect(OwnNodeSchema.strict().parse(limited.json()).limits).toEqual({ max_servers: 1, max_memory_mib: 2048 });
    // Someone else's node is not theirs to use.
    const foreign = await call('POST', `/v2/servers/own-nodes/${nodeId}/servers`, actors.stranger.session, { name: 'Not mine', memory_mib: 512 });
    expect(foreign.statusCode).toBe(404);
    const tooBig = await call('POST', `/v2/servers/own-nodes/${nodeId}/servers`, actors.user.session, { name: 'Huge', memory_mib: 4096 });
    expect(tooBig.statusCode, tooBig.body).toBe(409);
    expect(tooBig.json<{ error: string; description: string }>()).toMatchObject({ error: 'node_limit', description: expect.stringMatching(/^memory_mib:/) });

    const created = await call('POST', `/v2/servers/own-nodes/${nodeId}/servers`, actors.user.session, { name: 'Home world', memory_mib: 512 });
    expect(created.statusCode, created.body).toBe(201);
    server = ServerSchema.strict().parse(created.json());
    expect(server).toMatchObject({ subscription_id: null, plan: { name: 'Own node', ram: 512 }, node: { id: nodeId, name: 'Basement box' } });
    expect(server.net).toEqual({ host: '127.0.0.1', port: firstGamePort });

    const second = await call('POST', `/v2/servers/own-nodes/${nodeId}/servers`, actors.user.session, { name: 'Second', memory_mib: 512 });
    expect(second.statusCode).toBe(409);
    expect(second.json<{ error: string }>().error).toBe('node_limit');

    // Installed and started through the tunnel: a real flying-squid answers on the node's game port.
    await eventually(async () => {
      const current = await getServer(actors.user, server.id);
      return current.status === 'available' && current.state === 'running' ? current : undefined;
    }, 120_000, 'the own-node server running');
    await eventually(async () => ((await pingMotd(firstGamePort).catch(() => '')).includes('Home world') ? true : undefined), 60_000, 'the motd');

    // Listed with the caller's servers, without billing.
    const list = await call('GET', '/v2/servers', actors.user.session);
    expect(list.json<{ servers: Server[] }>().servers.map((s) => s.id)).toContain(server.id);
    expect((await myNodes(actors.user))[0]).toMatchObject({ servers: 1, allocated_memory_mib: 512 });
  }, 240_000);

  it('relays the console and the files to the browser through the API', async () => {
    const access = ServerAccessSchema.strict().parse((await call('GET', `/v2/servers/${server.id}/access`, actors.user.session)).json());
    expect(access.console_url.startsWith(`${apiUrl.replace('http', 'ws')}/v2/node-relay/${nodeId}/`)).toBe(true);
    const socket = await openConsole(`${access.console_url}?token=${encodeURIComponent(access.token)}`);
    try {
      await eventually(async () => socket.messages.find((m) => m.type === 'history'), 15_000, 'the relayed console history');
      // A player's chat on the node reaches the browser's console through the tunnel.
      const client = minecraft.createClient({ host: '127.0.0.1', port: firstGamePort, username: 'Tunneller', auth: 'offline', version: '1.21.4' });
      try {
        await new Promise<void>((resolve, reject) => {
          client.once('playerJoin', () => resolve());
          client.once('error', reject);
        });
        await new Promise((resolve) => setTimeout(resolve, 500));
        client.chat('hello through the tunnel');
        await eventually(async () => (socket.messages.some((m) => m.line?.includes('<Tunneller> hello through the tunnel')) ? true : undefined), 30_000, 'chat on the relayed console');
      } finally {
        client.end('done');
      }
    } finally {
      socket.close();
    }
    await expect(openConsole(`${access.console_url}?token=not-a-token`)).rejects.toThrow(/401/);

    const listed = await fetch(`${access.files_url}/list?path=${encodeURIComponent('/')}`, { headers: { authorization: `Bearer ${access.token}` } });
    expect(listed.status).toBe(200);
    const files = AgentFileListSchema.parse(await listed.json());
    expect(JSON.stringify(files)).toContain('server.properties');
    const refused = await fetch(`${access.files_url}/list?path=${encodeURIComponent('/')}`);
    expect(refused.status).toBe(401);
  }, 60_000);

  it('manages the server through the same panel routes (power, backups)', async () => {
    const backup = await call('POST', `/v2/servers/${server.id}/backups`, actors.user.session, { name: 'Before revoking' });
    expect(backup.statusCode, backup.body).toBe(202);
    const stopped = await call('POST', `/v2/servers/${server.id}/power`, actors.user.session, { action: 'stop' });
    expect(stopped.statusCode, stopped.body).toBe(204);
  }, 60_000);

  it('revocation closes the tunnel at once and the credential no longer opens one', async () => {
    const stored = JSON.parse(await readFile(path.join(agent.dataDir, 'own-node-credential.json'), 'utf8')) as { credential: string; tunnel_url: string };
    const revoked = await call('DELETE', `/v2/servers/own-nodes/${nodeId}`, actors.user.session);
    expect(revoked.statusCode, revoked.body).toBe(204);
    await untilEvent(agent, 'tunnel_revoked', 15_000);
    expect(await agent.exited).toBe(2);
    expect(await myNodes(actors.user)).toEqual([]);
    expect((await call('GET', `/v2/servers/${server.id}`, actors.user.session)).statusCode).toBe(404);
    const status = await new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(stored.tunnel_url, { headers: { authorization: `Bearer ${stored.credential}` } });
      socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.once('open', () => reject(new Error('the revoked credential opened a tunnel')));
      socket.once('error', reject);
    });
    expect(status).toBe(401);
    // Started again, the agent is no longer enrolled and says so.
    const restarted = await startJoinedAgent(['--join'], agent.dataDir);
    expect(await restarted.exited).toBe(1);
    expect(restarted.stderr()).toMatch(/not enrolled/);
  }, 60_000);
});
