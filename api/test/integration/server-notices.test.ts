import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import { ActiveServerNoticeListSchema, ServerNoticeListSchema, ServerNoticeSchema, type ServerNotice } from '@cairn/shared/schemas/server-notices';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient } from '../helpers/client.js';
import { createActors, insertUserWithTokens, type Actors, type TestUser } from '../factories/users.js';
import { insertServer, insertServerNode } from '../factories/servers.js';
import { encodeBase62 } from '../../src/lib/ids.js';

/** Server notices: admin CRUD, what each server's customer sees now, and dismissing. */
let ctx: TestContext;
let actors: Actors;
let owner: TestUser;
let other: TestUser;
let nodeA: number;
let nodeB: number;
/** Owner's server on node A, the other customer's on node B, and the owner's not yet placed one. */
let onA: string;
let onB: string;
let unplaced: string;

const call = testClient(() => ctx.app);
const hour = 3_600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

async function create(payload: object): Promise<ServerNotice> {
  const response = await call('POST', '/v2/servers/notices', actors.admin.session, payload);
  expect(response.statusCode, response.body).toBe(201);
  return ServerNoticeSchema.strict().parse(response.json());
}
async function activeIds(user: TestUser, serverId: string): Promise<string[]> {
  const response = await call('GET', `/v2/servers/${serverId}/notices`, user.session);
  expect(response.statusCode, response.body).toBe(200);
  return ActiveServerNoticeListSchema.strict().parse(response.json()).notices.map((n) => n.id);
}
async function listed(id: string): Promise<ServerNotice> {
  const response = await call('GET', '/v2/servers/notices', actors.admin.session);
  expect(response.statusCode, response.body).toBe(200);
  return ServerNoticeListSchema.strict().parse(response.json()).notices.find((n) => n.id === id)!;
}

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx.database.db);
  owner = await insertUserWithTokens(ctx.database.db);
  other = await insertUserWithTokens(ctx.database.db);
  nodeA = await insertServerNode(ctx.database.db, { name: 'node-a' });
  nodeB = await insertServerNode(ctx.database.db, { name: 'node-b' });
  onA = await insertServer(ctx.database.db, { ownerId: owner.id, name: 'On A', nodeId: nodeA });
  onB = await insertServer(ctx.database.db, { ownerId: other.id, name: 'On B', nodeId: nodeB });
  unplaced = await insertServer(ctx.database.db, { ownerId: owner.id, name: 'Unplaced' });
});
afterAll(async () => {
  await ctx?.close();
});

describe('admin CRUD', () => {
  it('creates, lists, edits and deletes a notice with its assignments', async () => {
    const created = await create({ level: 'info', title: 'Maintenance', message: 'Node A restarts tonight.', dismissable: false, begins: at(-hour), expires: at(hour), assign: { node_ids: [encodeBase62(nodeA)], server_ids: [onB] } });
    expect(created).toMatchObject({ level: 'info', title: 'Maintenance', message: 'Node A restarts tonight.', dismissable: false, dismissed_count: 0 });
    expect(created.assigned).toEqual({ all: false, nodes: [{ id: encodeBase62(nodeA), name: 'node-a' }], servers: [{ id: onB, name: 'On B' }] });
    expect(new Date(created.expires!).getTime()).toBeGreaterThan(Date.now());

    const edited = await call('PATCH', `/v2/servers/notices/${created.id}`, actors.admin.session, { title: null, level: 'critical', assign: { all: true } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(ServerNoticeSchema.strict().parse(edited.json())).toMatchObject({ title: null, level: 'critical', message: 'Node A restarts tonight.', assigned: { all: true, nodes: [], servers: [] } });
    expect((await listed(created.id)).level).toBe('critical');

    expect((await call('DELETE', `/v2/servers/notices/${created.id}`, actors.admin.session)).statusCode).toBe(204);
    expect(await listed(created.id)).toBeUndefined();
    const again = await call('DELETE', `/v2/servers/notices/${created.id}`, actors.admin.session);
    expect(again.statusCode).toBe(404);
    expect(ErrorBodySchema.strict().parse(again.json()).error).toBe('not_found');
  });

  it('forces surveys to be dismissable and needs their https address', async () => {
    const survey = await create({ level: 'survey', message: 'https://survey.example/abc', dismissable: false, assign: { all: true } });
    expect(survey.dismissable).toBe(true);
    const plain = await call('POST', '/v2/servers/notices', actors.admin.session, { level: 'survey', message: 'Tell us what you think' });
    expect(plain.statusCode).toBe(400);
    expect(ErrorBodySchema.strict().parse(plain.json()).description).toMatch(/^message: /);
    await call('DELETE', `/v2/servers/notices/${survey.id}`, actors.admin.session);
  });

  it('refuses invalid input with a 400 naming the field', async () => {
    const cases: Array<[object, RegExp]> = [
      [{ level: 'loud', message: 'x' }, /level/],
      [{ level: 'info', message: '' }, /message/],
      [{ level: 'info', message: 'x', title: 'x'.repeat(65) }, /title/],
      [{ level: 'info', message: 'x', begins: at(hour), expires: at(-hour) }, /^expires: /],
      [{ level: 'info', message: 'x', expires: 'tomorrow' }, /expires/],
      [{ level: 'info', message: 'x', assign: { node_ids: ['zzzzzzzz'] } }, /^assign\.node_ids: /],
      [{ level: 'info', message: 'x', assign: { server_ids: ['zzzzzzzz'] } }, /^assign\.server_ids: /],
      [{ level: 'info', message: 'x', colour: 'red' }, /colour|unrecognized/i],
    ];
    for (const [payload, field] of cases) {
      const response = await call('POST', '/v2/servers/notices', actors.admin.session, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(ErrorBodySchema.strict().parse(response.json()).description).toMatch(field);
    }
    const edit = await call('PATCH', '/v2/servers/notices/zzzzzzzz', actors.admin.session, { title: 'x' });
    expect(edit.statusCode).toBe(404);
  });

  it('is for admins only', async () => {
    for (const user of [actors.moderator, owner]) {
      expect((await call('GET', '/v2/servers/notices', user.session)).statusCode).toBe(401);
      expect((await call('POST', '/v2/servers/notices', user.session, { level: 'info', message: 'x' })).statusCode).toBe(401);
    }
    expect((await call('GET', '/v2/servers/notices')).statusCode).toBe(401);
  });
});

describe('customers', () => {
  let all: ServerNotice;
  let toNodeA: ServerNotice;
  let toServerB: ServerNotice;
  let future: ServerNotice;
  let expired: ServerNotice;
  let pinned: ServerNotice;

  beforeAll(async () => {
    all = await create({ level: 'warning', message: 'Everyone', assign: { all: true } });
    toNodeA = await create({ level: 'info', message: 'Node A only', assign: { node_ids: [encodeBase62(nodeA)] } });
    toServerB = await create({ level: 'critical', message: 'Server B only', assign: { server_ids: [onB] } });
    future = await create({ level: 'info', message: 'Later', begins: at(hour), assign: { all: true } });
    expired = await create({ level: 'info', message: 'Over', begins: at(-2 * hour), expires: at(-hour), assign: { all: true } });
    pinned = await create({ level: 'critical', message: 'Cannot be hidden', dismissable: false, assign: { all: true } });
  });

  it('see only the active notices assigned to their server, its node, or all servers', async () => {
    expect(new Set(await activeIds(owner, onA))).toEqual(new Set([all.id, toNodeA.id, pinned.id]));
    expect(new Set(await activeIds(other, onB))).toEqual(new Set([all.id, toServerB.id, pinned.id]));
    expect(new Set(await activeIds(owner, unplaced))).toEqual(new Set([all.id, pinned.id]));
    const seen = await activeIds(owner, onA);
    expect(seen).not.toContain(future.id);
    expect(seen).not.toContain(expired.id);
  });

  it("cannot read or dismiss another customer's server notices", async () => {
    expect((await call('GET', `/v2/servers/${onB}/notices`, owner.session)).statusCode).toBe(404);
    expect((await call('POST', `/v2/servers/${onB}/notices/${all.id}/dismiss`, owner.session)).statusCode).toBe(404);
    expect((await call('GET', `/v2/servers/${onB}/notices`, actors.moderator.session)).statusCode).toBe(404);
    expect((await call('GET', `/v2/servers/${onB}/notices`)).statusCode).toBe(401);
    expect((await call('GET', `/v2/servers/${onB}/notices`, actors.admin.session)).statusCode).toBe(200);
  });

  it('dismiss a dismissable notice once per server (repeats change nothing) and the admin list counts it', async () => {
    expect((await call('POST', `/v2/servers/${onA}/notices/${all.id}/dismiss`, owner.session)).statusCode).toBe(204);
    expect((await call('POST', `/v2/servers/${onA}/notices/${all.id}/dismiss`, owner.session)).statusCode).toBe(204);
    expect(await activeIds(owner, onA)).not.toContain(all.id);
    expect(await activeIds(owner, unplaced)).toContain(all.id);
    expect((await listed(all.id)).dismissed_count).toBe(1);
    expect((await call('POST', `/v2/servers/${onB}/notices/${all.id}/dismiss`, other.session)).statusCode).toBe(204);
    expect((await listed(all.id)).dismissed_count).toBe(2);
  });

  it('cannot dismiss a non-dismissable notice, nor one not shown on the server', async () => {
    const refused = await call('POST', `/v2/servers/${onA}/notices/${pinned.id}/dismiss`, owner.session);
    expect(refused.statusCode).toBe(409);
    expect(ErrorBodySchema.strict().parse(refused.json()).error).toBe('not_dismissable');
    expect(await activeIds(owner, onA)).toContain(pinned.id);
    expect((await call('POST', `/v2/servers/${onA}/notices/${toServerB.id}/dismiss`, owner.session)).statusCode).toBe(404);
    expect((await call('POST', `/v2/servers/${onA}/notices/${future.id}/dismiss`, owner.session)).statusCode).toBe(404);
    expect((await listed(pinned.id)).dismissed_count).toBe(0);
  });
});
