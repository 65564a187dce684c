import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import { ServerBackupListSchema, ServerNodeSchema, ServerSchema, type Server } from '@cairn/shared/schemas/servers';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient, type Method } from '../helpers/client.js';
import { createActors, type Actors } from '../factories/users.js';
import { insertServer } from '../factories/servers.js';
import { createProvisioning } from '../../src/modules/servers/provisioning.js';
import { AGENT_TOKEN, callAgent, eventually, freePort, pingMotd, startTestAgent, type TestAgent } from '../helpers/node-agent-process.js';
import { sftpLogin } from '../helpers/sftp-client.js';
import { ServerSftpPasswordSchema } from '@cairn/shared/schemas/server-sftp';

/**
 * Moving a server between two real node agents: its world, files and backups arrive on the new
 * node, it answers there with the same motd, and the old node no longer has it.
 */
let ctx: TestContext;
let actors: Actors;
let agentA: TestAgent;
let agentB: TestAgent;
let serverId: string;
const TOKEN_B = 'server-move-test-node-b-token-0123456789';
const TOKEN_C = 'server-move-test-node-c-token-0123456789';

const call = testClient(() => ctx.app);
const asAdmin = (method: Method, url: string, payload?: object) => call(method, url, actors.admin.session, payload);

const getServer = async () => ServerSchema.strict().parse((await asAdmin('GET', `/v2/servers/${serverId}`)).json());
const untilServer = (predicate: (s: Server) => boolean, what: string) => eventually(async () => ((s) => (predicate(s) ? s : undefined))(await getServer()), 90_000, what);
const untilMotd = (port: number, text: string) => eventually(async () => ((await pingMotd(port)).includes(text) ? true : undefined), 90_000, `motd ${text}`);
async function registerNode(name: string, agent: TestAgent, token: string, memoryMib: number) {
  const response = await asAdmin('POST', '/v2/servers/nodes', { name, url: agent.url, token, memory_mib: memoryMib });
  expect(response.statusCode, response.body).toBe(201);
  return ServerNodeSchema.strict().parse(response.json());
}
const move = (nodeId: string) => asAdmin('POST', `/v2/servers/${serverId}/move`, { node_id: nodeId });

beforeAll(async () => {
  [agentA, agentB] = await Promise.all([startTestAgent(), startTestAgent({ token: TOKEN_B })]);
  const first = await freePort();
  const portRange = { first, last: first + 5 };
  ctx = await createTestContext({ env: { NODE_AGENT_URL: agentA.url, NODE_AGENT_TOKEN: AGENT_TOKEN, SERVERS_PORT_RANGE: `${portRange.first}-${portRange.last}` } });
  actors = await createActors(ctx.database.db);
  // A paid server placed by the real provisioning steps (the only node yet is A).
  serverId = await insertServer(ctx.database.db, { ownerId: actors.user.id, name: 'Moving World' });
  const provisioning = createProvisioning({ db: ctx.database.db, portRange, graceDays: 7 });
  await eventually(async () => ((await provisioning.reconcile(serverId)) ? undefined : true), 90_000, 'placed and installed');
  await untilServer((s) => s.status === 'available' && s.state === 'running', 'running on A');
}, 180_000);
afterAll(async () => {
  await ctx?.close();
  await Promise.all([agentA?.close(), agentB?.close()]);
});

describe('moving a server', () => {
  let port: number;
  let sftpLoginOnA: { username: string; password: string };

  it('has a changed motd, a file and a backup on node A', async () => {
    const changed = await call('PATCH', `/v2/servers/${serverId}/properties`, actors.user.session, { properties: { motd: 'Carried Across' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await call('POST', `/v2/servers/${serverId}/power`, actors.user.session, { action: 'restart' })).statusCode).toBe(204);
    const wrote = await callAgent(agentA, 'PUT', `/api/servers/${serverId}/files/contents?path=notes/moved.txt`, 'kept across nodes');
    expect(wrote.status).toBe(200);
    expect((await call('POST', `/v2/servers/${serverId}/backups`, actors.user.session, { name: 'Before the move' })).statusCode).toBe(202);
    await eventually(async () => {
      const list = ServerBackupListSchema.strict().parse((await call('GET', `/v2/servers/${serverId}/backups`, actors.user.session)).json());
      return list.backups.some((b) => b.state === 'ready') ? true : undefined;
    }, 60_000, 'backup ready');
    const running = await untilServer((s) => s.state === 'running', 'running after restart');
    port = running.net!.port;
    await untilMotd(port, 'Carried Across');
    // An SFTP login made on A (docs/api/servers.md, "SFTP") must follow the server.
    const generated = await call('POST', `/v2/servers/${serverId}/sftp/password`, actors.user.session);
    expect(generated.statusCode, generated.body).toBe(200);
    sftpLoginOnA = ServerSftpPasswordSchema.strict().parse(generated.json());
    (await sftpLogin(agentA.sftpPort, sftpLoginOnA)).end();
  }, 180_000);

  it('refuses non-admins, unknown nodes, the node it is on, and a node without room', async () => {
    expect((await call('POST', `/v2/servers/${serverId}/move`, actors.user.session, { node_id: 'zzzzzzzz' })).statusCode).toBe(401);
    expect((await call('POST', `/v2/servers/${serverId}/move`, actors.moderator.session, { node_id: 'zzzzzzzz' })).statusCode).toBe(401);
    const unknown = await move('zzzzzzzz');
    expect(unknown.statusCode).toBe(400);
    expect(ErrorBodySchema.strict().parse(unknown.json())).toMatchObject({ error: 'unknown_node', description: expect.stringMatching(/^node_id: /) });
    const here = (await getServer()).node!.id;
    expect((await move(here)).statusCode).toBe(400);
    const bad = await asAdmin('POST', `/v2/servers/${serverId}/move`, { node: 'x' });
    expect(bad.statusCode).toBe(400);

    const small = await registerNode('node-b', agentB, TOKEN_B, 1024);
    const full = await move(small.id);
    expect(full.statusCode).toBe(409);
    expect(ErrorBodySchema.strict().parse(full.json())).toMatchObject({ error: 'node_full', description: expect.stringMatching(/^node_id: .*1024 MiB.*2048 MiB/) });
    // Refused before anything was touched: still on A.
    expect((await getServer()).node?.id).toBe(here);
  });

  it('moves it to node B: same motd, file and backup there, gone from A', async () => {
    const nodeB = await registerNode('node-b', agentB, TOKEN_B, 8192);
    const response = await move(nodeB.id);
    expect(response.statusCode, response.body).toBe(200);
    const moved = ServerSchema.strict().parse(response.json());
    expect(moved.node).toEqual({ id: nodeB.id, name: 'node-b' });
    expect(moved.state).toBe('running');
    await untilMotd(moved.net!.port, 'Carried Across');

    const file = await callAgent(agentB, 'GET', `/api/servers/${serverId}/files/contents?path=notes/moved.txt`);
    expect(await file.text()).toBe('kept across nodes');
    const backups = ServerBackupListSchema.strict().parse((await call('GET', `/v2/servers/${serverId}/backups`, actors.user.session)).json());
    expect(backups.backups.map((b) => b.name)).toContain('Before the move');

    expect((await callAgent(agentA, 'GET', `/api/servers/${serverId}`)).status).toBe(404);
    expect(existsSync(path.join(agentA.dataDir, 'servers', serverId))).toBe(false);
    expect(existsSync(path.join(agentB.dataDir, 'servers', serverId, 'notes', 'moved.txt'))).toBe(true);

    // The SFTP login was pushed to B before the move committed, and A forgot it with the server.
    const session = await sftpLogin(agentB.sftpPort, sftpLoginOnA);
    expect(await session.get('/notes/moved.txt')).toBe('kept across nodes');
    session.end();
    await expect(sftpLogin(agentA.sftpPort, sftpLoginOnA)).rejects.toThrow();
  }, 180_000);

  it('leaves the server where it was, running again, when the target fails mid-move', async () => {
    const agentC = await startTestAgent({ token: TOKEN_C });
    const nodeC = await registerNode('node-c', agentC, TOKEN_C, 8192);
    await agentC.close();
    const response = await move(nodeC.id);
    expect([409, 503]).toContain(response.statusCode);
    expect(ErrorBodySchema.strict().parse(response.json())).toMatchObject({ error: 'move_failed', description: expect.stringMatching(/stays on node-b/) });
    const after = await untilServer((s) => s.state === 'running', 'running again on B');
    expect(after.node?.name).toBe('node-b');
    await untilMotd(after.net!.port, 'Carried Across');
  }, 180_000);
});
