import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PaymentResultSchema, ProductSchema } from '@cairn/shared/schemas/billing';
import { AgentNodeInfoSchema } from '@cairn/shared/schemas/node-agent';
import { ServerActivityPageSchema } from '@cairn/shared/schemas/server-members';
import { ServerSftpPasswordSchema, ServerSftpSchema, type ServerSftp } from '@cairn/shared/schemas/server-sftp';
import { ServerListSchema, ServerSchema } from '@cairn/shared/schemas/servers';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient } from '../helpers/client.js';
import { insertUserWithTokens, type TestUser } from '../factories/users.js';
import { saveSandboxCard } from '../billing/sandbox-harness.js';
import { AGENT_TOKEN, callAgent, eventually, freePort, startTestAgent, type TestAgent } from '../helpers/node-agent-process.js';
import { generateSshKey, sftpLogin } from '../helpers/sftp-client.js';
import { serverMembers } from '../../src/db/schema/server-members.js';
import { encodeBase62 } from '../../src/lib/ids.js';

/**
 * SFTP logins from the panel (docs/api/servers.md, "SFTP") against a real node agent: the
 * generated password is answered once and opens the server's files to a real SFTP client, keys
 * are checked, members get what their permissions allow, and revoking ends an open session.
 */
describe('server SFTP logins', () => {
  let ctx: TestContext;
  let agent: TestAgent;
  let owner: TestUser;
  let reader: TestUser;
  let limited: TestUser;
  let serverId: string;
  const call = testClient(() => ctx.app);

  const sftpOf = async (user: TestUser): Promise<ServerSftp> => {
    const response = await call('GET', `/v2/servers/${serverId}/sftp`, user.session);
    expect(response.statusCode, response.body).toBe(200);
    return ServerSftpSchema.strict().parse(response.json());
  };
  const newPassword = async (user: TestUser) => {
    const response = await call('POST', `/v2/servers/${serverId}/sftp/password`, user.session);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return ServerSftpPasswordSchema.strict().parse(response.json());
  };

  beforeAll(async () => {
    agent = await startTestAgent();
    const first = await freePort();
    ctx = await createTestContext({ jobs: true, env: { NODE_AGENT_URL: agent.url, NODE_AGENT_TOKEN: AGENT_TOKEN, SERVERS_PORT_RANGE: `${first}-${first + 3}` } });
    const products = z.array(ProductSchema.strict()).parse((await call('GET', '/v2/billing/products')).json());
    const small = products.find((p) => p.metadata.type === 'pyro' && p.metadata.name === 'Small')!;
    const db = ctx.database.db;
    owner = await insertUserWithTokens(db);
    reader = await insertUserWithTokens(db);
    limited = await insertUserWithTokens(db);
    const card = await saveSandboxCard(ctx.app, owner.session);
    const paid = await call('POST', '/v2/billing/payment', owner.session, { payment_method_id: card, charge: { type: 'new', product_id: small.id, server: { name: 'SFTP world' } } });
    expect(PaymentResultSchema.strict().parse(paid.json()).status).toBe('succeeded');
    serverId = ServerListSchema.strict().parse((await call('GET', '/v2/servers', owner.session)).json()).servers[0]!.id;
    await eventually(async () => {
      const server = ServerSchema.strict().parse((await call('GET', `/v2/servers/${serverId}`, owner.session)).json());
      return server.status === 'available' ? server : undefined;
    }, 120_000, 'the server installed');
    // Members written directly: invitations are server-members.test.ts's subject.
    await db.insert(serverMembers).values([
      { serverId, userId: reader.id, role: 'custom', permissions: ['sftp', 'files_read'], accepted: true },
      { serverId, userId: limited.id, role: 'limited', permissions: ['console_read', 'console_write', 'power'], accepted: true },
    ]);
  }, 300_000);

  afterAll(async () => {
    await ctx?.close();
    await agent?.close();
  });

  it('shows the node, the login name and the host key; a generated password is answered once and logs a real client in', async () => {
    const node = AgentNodeInfoSchema.parse(await (await callAgent(agent, 'GET', '/api/node')).json());
    const before = await sftpOf(owner);
    expect(before).toEqual({
      available: true,
      host: '127.0.0.1',
      port: agent.sftpPort,
      username: `${owner.username.toLowerCase()}.${serverId}`,
      host_key_fingerprint: node.sftp!.host_key_fingerprint,
      password_set: false,
      public_keys: [],
      can_write: true,
    });

    const { username, password } = await newPassword(owner);
    expect(username).toBe(before.username);
    expect(password.length).toBeGreaterThanOrEqual(24);
    const after = await sftpOf(owner);
    expect(after.password_set).toBe(true);
    expect(JSON.stringify(after)).not.toContain(password);

    const session = await sftpLogin(agent.sftpPort, { username, password });
    try {
      expect(session.fingerprint).toBe(before.host_key_fingerprint);
      expect(await session.list('/')).toContain('server.properties');
      await session.put('/from-sftp.txt', 'written over sftp');
      expect(await session.get('/from-sftp.txt')).toBe('written over sftp');
    } finally {
      session.end();
    }
    // The node's report of the login and the write reaches the activity log (read imports it).
    await eventually(async () => {
      const page = ServerActivityPageSchema.parse((await call('GET', `/v2/servers/${serverId}/activity?limit=100`, owner.session)).json());
      const mine = page.entries.filter((entry) => entry.actor?.id === encodeBase62(owner.id)).map((entry) => `${entry.kind} ${entry.action} ${entry.detail}`);
      return mine.includes('files sftp_login with a password') && mine.includes('files sftp_write /from-sftp.txt') && mine.includes(`files sftp_password ${username}`) ? mine : undefined;
    }, 20_000, 'the SFTP login and write in the activity log');

    // A new password replaces the old one.
    const second = await newPassword(owner);
    await expect(sftpLogin(agent.sftpPort, { username, password })).rejects.toThrow();
    (await sftpLogin(agent.sftpPort, { username, password: second.password })).end();
  });

  it('checks public keys, naming the field, and lets a listed key log in', async () => {
    const bad = await call('PUT', `/v2/servers/${serverId}/sftp/keys`, owner.session, { public_keys: ['ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIA== laptop'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string; description: string }>().description).toMatch(/^public_keys\.0: /);
    const garbage = await call('PUT', `/v2/servers/${serverId}/sftp/keys`, owner.session, { public_keys: ['not a key'] });
    expect(garbage.json<{ description: string }>().description).toMatch(/^public_keys\.0: /);

    const key = generateSshKey();
    const saved = await call('PUT', `/v2/servers/${serverId}/sftp/keys`, owner.session, { public_keys: [`${key.public}   my laptop`, key.public] });
    expect(saved.statusCode, saved.body).toBe(200);
    const sftp = ServerSftpSchema.strict().parse(saved.json());
    expect(sftp.public_keys).toHaveLength(1);
    expect(sftp.public_keys[0]!.key).toBe(`${key.public} my laptop`);
    expect(sftp.public_keys[0]!.fingerprint).toMatch(/^SHA256:/);
    const session = await sftpLogin(agent.sftpPort, { username: sftp.username, privateKey: key.private });
    expect(await session.get('/from-sftp.txt')).toBe('written over sftp');
    session.end();
  });

  it('gives a member with sftp and files_read a read-only login, and refuses members without sftp', async () => {
    expect((await call('GET', `/v2/servers/${serverId}/sftp`, limited.session)).statusCode).toBe(403);
    expect((await call('POST', `/v2/servers/${serverId}/sftp/password`, limited.session)).statusCode).toBe(403);
    expect((await call('GET', `/v2/servers/${serverId}/sftp`, (await insertUserWithTokens(ctx.database.db)).session)).statusCode).toBe(404);

    expect((await sftpOf(reader)).can_write).toBe(false);
    const { username, password } = await newPassword(reader);
    const session = await sftpLogin(agent.sftpPort, { username, password });
    try {
      expect(await session.get('/from-sftp.txt')).toBe('written over sftp');
      await expect(session.put('/reader.txt', 'no')).rejects.toMatchObject({ code: 3 });
      // Removing the member ends their open SFTP session and their login.
      const removed = await call('DELETE', `/v2/servers/${serverId}/members/${encodeBase62(reader.id)}`, owner.session);
      expect(removed.statusCode, removed.body).toBe(204);
      await session.closed;
    } finally {
      session.end();
    }
    await expect(sftpLogin(agent.sftpPort, { username, password })).rejects.toThrow();
  });

  it('revokes the login: the open session ends at once and nothing logs in any more', async () => {
    const { username, password } = await newPassword(owner);
    const session = await sftpLogin(agent.sftpPort, { username, password });
    const revoked = await call('DELETE', `/v2/servers/${serverId}/sftp`, owner.session);
    expect(revoked.statusCode, revoked.body).toBe(204);
    await session.closed;
    await expect(sftpLogin(agent.sftpPort, { username, password })).rejects.toThrow();
    expect(await sftpOf(owner)).toMatchObject({ password_set: false, public_keys: [] });
    expect((await call('DELETE', `/v2/servers/${serverId}/sftp`, owner.session)).statusCode).toBe(404);
  });
});
