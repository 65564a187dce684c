import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SERVER_PERMISSIONS, type ServerPermission } from '@cairn/shared/constants/server-permissions';
import { PaymentResultSchema, ProductSchema, type Product } from '@cairn/shared/schemas/billing';
import { ServerActivityPageSchema, ServerMemberListSchema, ServerMemberSchema, type ServerActivityPage } from '@cairn/shared/schemas/server-members';
import { ServerAccessSchema, ServerListSchema, ServerSchema, type ServerAccess } from '@cairn/shared/schemas/servers';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient } from '../helpers/client.js';
import { runJob } from '../helpers/jobs.js';
import { insertUserWithTokens, type TestUser } from '../factories/users.js';
import { saveSandboxCard } from '../billing/sandbox-harness.js';
import { AGENT_TOKEN, eventually, freePort, openConsole, startTestAgent, type TestAgent } from '../helpers/node-agent-process.js';
import { serverActivity } from '../../src/db/schema/server-members.js';
import { encodeBase62 } from '../../src/lib/ids.js';

/**
 * Sharing a server (docs/api/server-members.md) against a real node agent and a real
 * flying-squid server: invitations through notifications, what each role may do through the API
 * and on the node, revocation while a console socket is open, and the activity log of it all.
 */
describe('server members and the activity log', () => {
  let ctx: TestContext;
  let agent: TestAgent;
  let small: Product;
  let owner: TestUser;
  let limited: TestUser;
  let editor: TestUser;
  let custom: TestUser;
  let stranger: TestUser;
  let serverId: string;
  const call = testClient(() => ctx.app);

  const invite = async (by: TestUser, user: TestUser, body: { role: string; permissions?: string[] }) => {
    const response = await call('POST', `/v2/servers/${serverId}/members`, by.session, { username: user.username, ...body });
    expect(response.statusCode, response.body).toBe(201);
    return ServerMemberSchema.strict().parse(response.json());
  };
  const accept = async (user: TestUser) => expect((await call('POST', `/v2/servers/${serverId}/invitation`, user.session)).statusCode).toBe(204);
  const accessOf = async (user: TestUser): Promise<ServerAccess> => {
    const response = await call('GET', `/v2/servers/${serverId}/access`, user.session);
    expect(response.statusCode, response.body).toBe(200);
    return ServerAccessSchema.strict().parse(response.json());
  };
  const files = (access: ServerAccess, method: string, route: string, text?: string) =>
    fetch(`${access.files_url}/${route}`, { method, headers: { authorization: `Bearer ${access.token}`, ...(text === undefined ? {} : { 'content-type': 'text/plain' }) }, body: text });
  const activity = async (query = ''): Promise<ServerActivityPage> => {
    const response = await call('GET', `/v2/servers/${serverId}/activity${query}`, owner.session);
    expect(response.statusCode, response.body).toBe(200);
    return ServerActivityPageSchema.strict().parse(response.json());
  };
  const untilLogged = (check: (page: ServerActivityPage) => boolean, what: string) =>
    eventually(async () => {
      const page = await activity('?limit=100');
      return check(page) ? page : undefined;
    }, 20_000, what);
  const logged = (page: ServerActivityPage, user: TestUser, kind: string, action: string, detail?: string) =>
    page.entries.some((e) => e.actor?.id === encodeBase62(user.id) && e.kind === kind && e.action === action && (detail === undefined || e.detail.includes(detail)));

  beforeAll(async () => {
    agent = await startTestAgent();
    const first = await freePort();
    ctx = await createTestContext({ jobs: true, env: { NODE_AGENT_URL: agent.url, NODE_AGENT_TOKEN: AGENT_TOKEN, SERVERS_PORT_RANGE: `${first}-${first + 3}` } });
    const products = z.array(ProductSchema.strict()).parse((await call('GET', '/v2/billing/products')).json());
    small = products.find((p) => p.metadata.type === 'pyro' && p.metadata.name === 'Small')!;
    const db = ctx.database.db;
    owner = await insertUserWithTokens(db);
    limited = await insertUserWithTokens(db);
    editor = await insertUserWithTokens(db);
    custom = await insertUserWithTokens(db);
    stranger = await insertUserWithTokens(db);
    const card = await saveSandboxCard(ctx.app, owner.session);
    const paid = await call('POST', '/v2/billing/payment', owner.session, { payment_method_id: card, charge: { type: 'new', product_id: small.id, server: { name: 'Shared world' } } });
    expect(PaymentResultSchema.strict().parse(paid.json()).status).toBe('succeeded');
    serverId = ServerListSchema.strict().parse((await call('GET', '/v2/servers', owner.session)).json()).servers[0]!.id;
    await eventually(async () => {
      const server = ServerSchema.strict().parse((await call('GET', `/v2/servers/${serverId}`, owner.session)).json());
      return server.status === 'available' && server.state === 'running' ? server : undefined;
    }, 120_000, 'the shared server running');
  }, 300_000);

  afterAll(async () => {
    await ctx?.close();
    await agent?.close();
  });

  it('invites by username through a notification; the server is hidden until accepted', async () => {
    const member = await invite(owner, limited, { role: 'limited' });
    expect(member).toMatchObject({ role: 'limited', accepted: false, permissions: ['console_read', 'console_write', 'power'] });
    expect((await call('GET', `/v2/servers/${serverId}`, limited.session)).statusCode).toBe(404);
    const notifications = (await call('GET', `/v2/user/${encodeBase62(limited.id)}/notifications`, limited.session)).json<Array<{ body: { type: string }; actions: Array<{ title: string; action_route: [string, string] }> }>>();
    const invitation = notifications.find((n) => n.body.type === 'server_invite')!;
    expect(invitation.actions).toEqual([
      { title: 'Accept', action_route: ['POST', `servers/${serverId}/invitation`] },
      { title: 'Deny', action_route: ['DELETE', `servers/${serverId}/invitation`] },
    ]);
    await accept(limited);
    const list = ServerListSchema.strict().parse((await call('GET', '/v2/servers', limited.session)).json());
    expect(list.servers.map((s) => s.id)).toEqual([serverId]);

    // Declining removes the invitation; a repeated or unknown username is refused naming the field.
    await invite(owner, stranger, { role: 'editor' });
    expect((await call('DELETE', `/v2/servers/${serverId}/invitation`, stranger.session)).statusCode).toBe(204);
    expect((await call('GET', `/v2/servers/${serverId}`, stranger.session)).statusCode).toBe(404);
    const again = await call('POST', `/v2/servers/${serverId}/members`, owner.session, { username: limited.username, role: 'editor' });
    expect(again.statusCode).toBe(409);
    const unknown = await call('POST', `/v2/servers/${serverId}/members`, owner.session, { username: 'nobody-by-this-name', role: 'editor' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ description: string }>().description).toMatch(/^username:/);
    const noPermissions = await call('POST', `/v2/servers/${serverId}/members`, owner.session, { username: custom.username, role: 'custom' });
    expect(noPermissions.statusCode).toBe(400);
    expect(noPermissions.json<{ description: string }>().description).toMatch(/permissions/);
  });

  it('lets a Limited member open the console and send commands but not touch files, backups or options', async () => {
    const access = await accessOf(limited);
    expect(access.permissions).toEqual(['console', 'control']);
    expect((await files(access, 'GET', 'list?path=/')).status).toBe(403);
    expect((await files(access, 'PUT', 'contents?path=/limited.txt', 'no')).status).toBe(403);
    expect((await call('GET', `/v2/servers/${serverId}/properties`, limited.session)).statusCode).toBe(403);
    expect((await call('GET', `/v2/servers/${serverId}/backups`, limited.session)).statusCode).toBe(403);
    expect((await call('POST', `/v2/servers/${serverId}/members`, limited.session, { username: stranger.username, role: 'limited' })).statusCode).toBe(403);

    const socket = await openConsole(`${access.console_url}?token=${encodeURIComponent(access.token)}`);
    try {
      socket.command('say hello from the limited member');
      const page = await untilLogged((p) => logged(p, limited, 'console', 'command', 'say hello from the limited member'), "the limited member's command in the log");
      expect(page.entries[0]!.created).toMatch(/Z$/);
    } finally {
      socket.close();
    }
    const members = ServerMemberListSchema.strict().parse((await call('GET', `/v2/servers/${serverId}/members`, limited.session)).json());
    expect(members).toMatchObject({ my_role: 'limited', my_permissions: ['console_read', 'console_write', 'power'], owner: { username: owner.username } });
  });

  it('gives a read-only console to a member without console_write', async () => {
    await invite(owner, stranger, { role: 'custom', permissions: ['console_read'] });
    await accept(stranger);
    const access = await accessOf(stranger);
    expect(access.permissions).toEqual(['console.read']);
    const socket = await openConsole(`${access.console_url}?token=${encodeURIComponent(access.token)}`);
    try {
      await eventually(async () => socket.messages.find((m) => m.type === 'history'), 10_000, 'the console history');
      socket.command('say not allowed');
      const refused = await eventually(async () => socket.messages.find((m) => m.type === 'error'), 10_000, 'the refusal');
      expect(refused.error).toBe('forbidden');
    } finally {
      socket.close();
    }
    expect((await call('DELETE', `/v2/servers/${serverId}/members/${encodeBase62(stranger.id)}`, owner.session)).statusCode).toBe(204);
  });

  it('logs file changes a member makes directly on the node, and editors change options', async () => {
    await invite(owner, custom, { role: 'custom', permissions: ['files_write'] });
    await accept(custom);
    const access = await accessOf(custom);
    // Writing implies reading.
    expect(access.permissions).toEqual(['files.read', 'files.write']);
    expect((await files(access, 'PUT', 'contents?path=/notes.txt', 'shared notes')).status).toBe(200);
    const renamed = await fetch(`${access.files_url}/rename`, { method: 'POST', headers: { authorization: `Bearer ${access.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ from: '/notes.txt', to: '/notes-2.txt' }) });
    expect(renamed.status).toBe(204);
    await untilLogged((p) => logged(p, custom, 'files', 'write', '/notes.txt') && logged(p, custom, 'files', 'rename', '/notes-2.txt'), "the custom member's file changes");

    await invite(owner, editor, { role: 'editor' });
    await accept(editor);
    const edited = await call('PATCH', `/v2/servers/${serverId}/properties`, editor.session, { properties: { motd: 'Edited by an editor' } });
    expect(edited.statusCode, edited.body).toBe(200);
    // Editors run the server but do not share it.
    expect((await call('POST', `/v2/servers/${serverId}/members`, editor.session, { username: stranger.username, role: 'limited' })).statusCode).toBe(403);
    const page = await activity('?limit=100');
    expect(logged(page, editor, 'options', 'properties', 'motd')).toBe(true);
    expect(logged(page, owner, 'members', 'invite', `${editor.username} as editor`)).toBe(true);
    expect(logged(page, editor, 'members', 'join')).toBe(true);
  });

  it('withdraws access at once when a member is removed: the open console socket closes and old tokens stop working', async () => {
    const access = await accessOf(limited);
    const socket = await openConsole(`${access.console_url}?token=${encodeURIComponent(access.token)}`);
    await eventually(async () => socket.messages.find((m) => m.type === 'history'), 10_000, 'the console history');
    const removed = await call('DELETE', `/v2/servers/${serverId}/members/${encodeBase62(limited.id)}`, owner.session);
    expect(removed.statusCode).toBe(204);
    expect(await socket.closed).toBe(4401);
    const stats = await fetch(`${access.files_url.replace(/\/files$/, '')}/stats`, { headers: { authorization: `Bearer ${access.token}` } });
    expect(stats.status).toBe(401);
    await expect(openConsole(`${access.console_url}?token=${encodeURIComponent(access.token)}`)).rejects.toThrow(/401/);
    expect((await call('GET', `/v2/servers/${serverId}`, limited.session)).statusCode).toBe(404);
    expect(ServerListSchema.parse((await call('GET', '/v2/servers', limited.session)).json()).servers).toEqual([]);
    expect(logged(await activity('?limit=100'), owner, 'members', 'remove', limited.username)).toBe(true);

    // A change of permissions ends the old token too: the custom member loses files.
    const files1 = await accessOf(custom);
    expect((await call('PATCH', `/v2/servers/${serverId}/members/${encodeBase62(custom.id)}`, owner.session, { role: 'limited' })).statusCode).toBe(200);
    expect((await files(files1, 'GET', 'list?path=/')).status).toBe(401);
    expect((await accessOf(custom)).permissions).toEqual(['console', 'control']);
  });

  it('keeps the owner: members cannot remove or change them, and only the owner grants members', async () => {
    // The custom member becomes a manager of members without the members permission themselves granting it.
    expect((await call('PATCH', `/v2/servers/${serverId}/members/${encodeBase62(custom.id)}`, owner.session, { role: 'custom', permissions: ['members'] })).statusCode).toBe(200);
    expect((await call('DELETE', `/v2/servers/${serverId}/members/${encodeBase62(owner.id)}`, custom.session)).statusCode).toBe(403);
    expect((await call('PATCH', `/v2/servers/${serverId}/members/${encodeBase62(editor.id)}`, custom.session, { role: 'custom', permissions: ['members'] })).statusCode).toBe(403);
    expect((await call('PATCH', `/v2/servers/${serverId}/members/${encodeBase62(editor.id)}`, custom.session, { role: 'limited' })).statusCode).toBe(200);
    // A member leaves by removing themself.
    expect((await call('DELETE', `/v2/servers/${serverId}/members/${encodeBase62(custom.id)}`, custom.session)).statusCode).toBe(204);
    expect(logged(await activity('?limit=100'), custom, 'members', 'leave')).toBe(true);
  });

  it('pages the log newest first with filters by person and kind', async () => {
    const all = await activity('?limit=100');
    const firstPage = await activity('?limit=2');
    expect(firstPage.entries.map((e) => e.id)).toEqual(all.entries.slice(0, 2).map((e) => e.id));
    const second = await activity(`?limit=2&cursor=${firstPage.next_cursor!}`);
    expect(second.entries.map((e) => e.id)).toEqual(all.entries.slice(2, 4).map((e) => e.id));
    const byEditor = await activity(`?actor=${encodeBase62(editor.id)}`);
    expect(byEditor.entries.length).toBeGreaterThan(0);
    expect(byEditor.entries.every((e) => e.actor?.id === encodeBase62(editor.id))).toBe(true);
    const members = await activity('?kind=members');
    expect(members.entries.every((e) => e.kind === 'members')).toBe(true);
    expect((await call('GET', `/v2/servers/${serverId}/activity?cursor=nonsense`, owner.session)).statusCode).toBe(400);
    expect((await call('GET', `/v2/servers/${serverId}/activity`, stranger.session)).statusCode).toBe(404);
  });

  it('forgets entries after 90 days (the worker job)', async () => {
    const old = new Date(Date.now() - 91 * 86_400_000);
    await ctx.database.db.insert(serverActivity).values({ serverId, actorId: owner.id, kind: 'power', action: 'start', detail: 'long ago', created: old });
    expect((await activity('?kind=power&limit=100')).entries.some((e) => e.detail === 'long ago')).toBe(true);
    await runJob(ctx.jobs!, 'servers.activity-retention');
    expect((await activity('?kind=power&limit=100')).entries.some((e) => e.detail === 'long ago')).toBe(false);
  });

  it('checks every permission route by route (a member with only it passes, one with all others gets 403)', async () => {
    const routes: Array<{ permission: ServerPermission; request: () => [method: 'GET' | 'POST' | 'PATCH', url: string, body?: object] }> = [
      { permission: 'power', request: () => ['POST', `/v2/servers/${serverId}/power`, { action: 'restart' }] },
      { permission: 'backups', request: () => ['GET', `/v2/servers/${serverId}/autobackup`] },
      { permission: 'backups', request: () => ['GET', `/v2/servers/${serverId}/backups`] },
      { permission: 'content', request: () => ['POST', `/v2/servers/${serverId}/content`, { project_id: 'AAAAAAAA' }] },
      { permission: 'options', request: () => ['GET', `/v2/servers/${serverId}/properties`] },
      { permission: 'options', request: () => ['GET', `/v2/servers/${serverId}/preferences`] },
      { permission: 'options', request: () => ['PATCH', `/v2/servers/${serverId}`, { name: 'Shared world' }] },
      { permission: 'members', request: () => ['POST', `/v2/servers/${serverId}/members`, { username: stranger.username, role: 'limited' }] },
    ];
    // The server is suspended for this check: what a member may do answers 409 (not ready), not 403.
    const admin = await insertUserWithTokens(ctx.database.db, { role: 'admin' });
    expect((await call('POST', `/v2/servers/${serverId}/suspend`, admin.session, { reason: 'support' })).statusCode).toBe(200);
    for (const permission of SERVER_PERMISSIONS.filter((p) => routes.some((r) => r.permission === p))) {
      const holder = await insertUserWithTokens(ctx.database.db);
      const lacking = await insertUserWithTokens(ctx.database.db);
      await invite(owner, holder, { role: 'custom', permissions: [permission] });
      await invite(owner, lacking, { role: 'custom', permissions: SERVER_PERMISSIONS.filter((p) => p !== permission && p !== 'console_write' && p !== 'files_write') });
      await accept(holder);
      await accept(lacking);
      for (const route of routes.filter((r) => r.permission === permission)) {
        const [method, url, body] = route.request();
        const allowed = await call(method, url, holder.session, body);
        expect([200, 201, 409], `${method} ${url} with ${permission}: ${allowed.body}`).toContain(allowed.statusCode);
        const refused = await call(method, url, lacking.session, body);
        expect(refused.statusCode, `${method} ${url} without ${permission}`).toBe(403);
      }
    }
    expect((await call('POST', `/v2/servers/${serverId}/unsuspend`, admin.session)).statusCode).toBe(200);
  });
});
