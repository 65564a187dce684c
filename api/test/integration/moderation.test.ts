import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import {
  DeleteLocksResultSchema,
  LockHolderSchema,
  LockStatusSchema,
  ModerationLogEntrySchema,
  ModerationLogSchema,
  ModerationOwnershipSchema,
  ModerationQueueProjectSchema,
  ModerationQueueSchema,
  QueuePositionSchema,
  ReleaseLockResultSchema,
  TakeLockResultSchema,
} from '@cairn/shared/schemas/moderation';
import { UserSchema } from '@cairn/shared/schemas/users';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient } from '../helpers/client.js';
import { createActors, insertUserWithTokens, type Actors, type TestUser } from '../factories/users.js';
import { insertOrganization, insertProject, insertVersion, type InsertedProject } from '../factories/catalogue.js';
import { projects } from '../../src/db/schema/catalogue.js';
import { moderationDecisions, moderationLocks } from '../../src/db/schema/trust.js';
import { randomId } from '../../src/lib/ids.js';

// Strict mirrors of the wire shapes: an extra or missing key fails the parse.
const Holder = LockHolderSchema.strict();
const Queue = ModerationQueueSchema.extend({
  projects: z.array(ModerationQueueProjectSchema.extend({ ownership: ModerationOwnershipSchema.strict().nullable() }).strict()),
}).strict();
const TakeLock = TakeLockResultSchema.extend({ locked_by: Holder }).strict();
const LockStatus = LockStatusSchema.extend({ locked_by: Holder.optional() }).strict();
const Log = ModerationLogSchema.extend({ entries: z.array(ModerationLogEntrySchema.strict()) }).strict();
const Position = QueuePositionSchema.strict();

let ctx: TestContext;
let actors: Actors;
let secondModerator: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx.database.db);
  secondModerator = await insertUserWithTokens(ctx.database.db, { username: 'SecondModerator', role: 'moderator' });
});
afterAll(() => ctx.close());

const HOUR = 3_600_000;
const auth = (token: string) => ({ authorization: token });
const call = testClient(() => ctx.app);
const get = (url: string, token?: string) => call('GET', url, token);
const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) => call(method, url, token, payload);

/** A project waiting for review since `hoursAgo`, with one version. */
async function queued(title: string, hoursAgo: number, fields: { declaredType?: 'mod' | 'modpack'; withVersion?: boolean; ownerId?: number; organizationId?: number } = {}): Promise<InsertedProject> {
  const db = ctx.database.db;
  const ownerId = fields.ownerId ?? actors.creator.id;
  const project = await insertProject(db, { ownerId, title, status: 'processing', declaredType: fields.declaredType ?? 'mod', organizationId: fields.organizationId ?? null });
  if (fields.withVersion !== false) await insertVersion(db, { projectId: project.id, authorId: ownerId });
  await db.update(projects).set({ queued: new Date(Date.now() - hoursAgo * HOUR) }).where(eq(projects.id, project.id));
  return project;
}

const patchStatus = (project: InsertedProject, token: string, status: string, extra: object = {}) =>
  send('PATCH', `/v2/project/${project.key}`, token, { status, ...extra });

describe('queue position and typical review time', () => {
  // First in the file: no decisions exist yet, so the median is exactly the one made here.
  it('gives the team its place among processing projects and the median of the last 30 days', async () => {
    const db = ctx.database.db;
    const first = await queued('Position First', 30);
    const second = await queued('Position Second', 20);
    const before = Position.parse((await get(`/v2/project/${second.key}/queue`, actors.creator.pat)).json());
    expect(before.median_review_hours_30d).toBeNull();

    const queue = Queue.parse((await get('/v2/moderation/projects', actors.moderator.pat)).json());
    const response = await get(`/v2/project/${second.key}/queue`, actors.creator.pat);
    expect(response.statusCode, response.body).toBe(200);
    const place = Position.parse(response.json());
    expect(place.queue_size).toBe(queue.total);
    expect(place.position).toBe(queue.projects.findIndex((p) => p.id === second.key) + 1);
    expect(Position.parse((await get(`/v2/project/${first.key}/queue`, actors.creator.pat)).json()).position).toBe(place.position! - 1);

    // Decisions 2 h, 4 h and 10 h after submission; one older than 30 days does not count.
    const now = Date.now();
    for (const [hours, age] of [[2, 1], [4, 2], [10, 3], [100, 40]] as const) {
      const created = new Date(now - age * 24 * HOUR);
      await db.insert(moderationDecisions).values({
        id: Number(randomId()), itemType: 'project', itemId: first.id, decision: 'approved', publicReason: null,
        queuedAt: new Date(created.getTime() - hours * HOUR), created,
      });
    }
    const estimate = Position.parse((await get(`/v2/project/${second.key}/queue`, actors.creator.pat)).json());
    expect(estimate.median_review_hours_30d).toBe(4);
    // percentile_cont interpolates: 4 + 0.8 × (10 − 4) hours.
    expect(estimate.p90_review_hours_30d).toBe(8.8);
    expect(estimate.decisions_30d).toBe(3);
  });

  it('reads only the 30-day window of decisions through the index on their date', async () => {
    // A year of older decisions (rolled back afterwards): the window is then a small range of
    // moderation_decisions_created_idx, which the planner picks by itself over a table scan.
    const rollback = new Error('rollback');
    let plan = '';
    await ctx.database.sql
      .begin(async (tx) => {
        await tx`insert into moderation_decisions (id, item_type, item_id, decision, queued_at, created)
          select 900000000000 + g, 'project', 1, 'approved', now() - interval '40 days' - g * interval '5 minutes', now() - interval '40 days' - g * interval '5 minutes' + interval '6 hours'
          from generate_series(1, 20000) g`;
        await tx`analyze moderation_decisions`;
        const rows = await tx.unsafe(`explain select percentile_cont(0.5) within group (order by extract(epoch from created - queued_at) / 3600)
          from moderation_decisions where created > now() - interval '30 days' and item_type = 'project' and queued_at is not null`);
        plan = rows.map((row) => String(Object.values(row)[0])).join('\n');
        throw rollback;
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error;
      });
    expect(plan).toMatch(/moderation_decisions_created_idx/);
    expect(plan).not.toMatch(/Seq Scan/);
  });

  it('is null for projects not in the queue; hidden from outsiders like the project', async () => {
    const draft = await insertProject(ctx.database.db, { ownerId: actors.creator.id, status: 'draft' });
    const answer = Position.parse((await get(`/v2/project/${draft.key}/queue`, actors.creator.pat)).json());
    expect(answer.position).toBeNull();
    expect(answer.queued).toBeNull();
    const waiting = await queued('Position Hidden', 5);
    expect((await get(`/v2/project/${waiting.key}/queue`, actors.stranger.pat)).statusCode).toBe(404);
    expect((await get(`/v2/project/${waiting.key}/queue`)).statusCode).toBe(401);
    expect((await get(`/v2/project/${waiting.key}/queue`, actors.moderator.pat)).statusCode).toBe(200);
    // Public projects too: the queue place is the team's business.
    const approved = await insertProject(ctx.database.db, { ownerId: actors.creator.id });
    expect((await get(`/v2/project/${approved.key}/queue`, actors.stranger.pat)).statusCode).toBe(404);
    expect((await get('/v2/project/nope-nope/queue', actors.moderator.pat)).statusCode).toBe(404);
  });
});

describe('review queue', () => {
  it('lists processing projects for moderators, filtered, sorted and paginated', async () => {
    const db = ctx.database.db;
    const org = await insertOrganization(db, { ownerId: actors.creator.id });
    const oldest = await queued('Queuetest Oldest', 50);
    const pack = await queued('Queuetest Pack', 40, { declaredType: 'modpack', withVersion: false, organizationId: org.id });
    const newest = await queued('Queuetest Newest', 1);
    await insertProject(db, { ownerId: actors.creator.id, title: 'Queuetest Draft', status: 'draft' });

    const response = await get('/v2/moderation/projects?query=queuetest', actors.moderator.pat);
    expect(response.statusCode, response.body).toBe(200);
    const queue = Queue.parse(response.json());
    expect(queue.total).toBe(3);
    expect(queue.projects.map((p) => p.id)).toEqual([oldest.key, pack.key, newest.key]);
    const [first] = queue.projects;
    expect(first).toMatchObject({ name: 'Queuetest Oldest', status: 'processing', requested_status: 'approved', project_types: ['mod'], icon_url: null });
    expect(first!.ownership).toEqual({ type: 'user', id: expect.any(String), name: 'Creator', icon_url: null });
    expect(queue.projects[1]!.ownership).toMatchObject({ type: 'organization', icon_url: null });
    expect(queue.projects[1]!.project_types).toEqual(['modpack']);

    const newestFirst = Queue.parse((await get('/v2/moderation/projects?query=queuetest&sort=newest', actors.moderator.pat)).json());
    expect(newestFirst.projects.map((p) => p.id)).toEqual([newest.key, pack.key, oldest.key]);
    const page = Queue.parse((await get('/v2/moderation/projects?query=queuetest&count=1&offset=1', actors.admin.pat)).json());
    expect(page).toMatchObject({ total: 3, projects: [{ id: pack.key }] });
    const packs = Queue.parse((await get('/v2/moderation/projects?query=QUEUETEST&project_type=modpack', actors.moderator.pat)).json());
    expect(packs.projects.map((p) => p.id)).toEqual([pack.key]);
    // LIKE wildcards in the query are literal.
    expect(Queue.parse((await get('/v2/moderation/projects?query=%25%25', actors.moderator.pat)).json()).total).toBe(0);
  });

  it('refuses non-moderators and bad parameters', async () => {
    expect((await get('/v2/moderation/projects', actors.creator.pat)).statusCode).toBe(401);
    expect((await get('/v2/moderation/projects')).statusCode).toBe(401);
    const bad = await get('/v2/moderation/projects?count=201', actors.moderator.pat);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'invalid_input', description: expect.stringContaining('count') });
    expect((await get('/v2/moderation/projects?sort=random', actors.moderator.pat)).statusCode).toBe(400);
  });
});

describe('review locks', () => {
  it('one moderator at a time: take, refresh, see, expire, release', async () => {
    const db = ctx.database.db;
    const project = await queued('Lock Lifecycle', 3);
    const url = `/v2/moderation/lock/${project.key}`;

    const none = LockStatus.parse((await get(url, actors.moderator.pat)).json());
    expect(none).toEqual({ locked: false, is_own_lock: false });

    const takeResponse = await send('POST', url, actors.moderator.pat);
    expect(takeResponse.statusCode, takeResponse.body).toBe(200);
    const taken = TakeLock.parse(takeResponse.json());
    expect(taken).toMatchObject({ success: true, is_own_lock: true, expired: false, locked_by: { username: 'Moderator', avatar_url: null } });
    expect(new Date(taken.expires_at).getTime() - new Date(taken.locked_at).getTime()).toBe(15 * 60_000);

    const refused = TakeLock.parse((await send('POST', url, secondModerator.pat)).json());
    expect(refused).toMatchObject({ success: false, is_own_lock: false, locked_by: { username: 'Moderator' }, expired: false });
    expect(LockStatus.parse((await get(url, secondModerator.pat)).json())).toMatchObject({ locked: true, is_own_lock: false, locked_by: { username: 'Moderator' } });

    const again = TakeLock.parse((await send('POST', `/v2/moderation/lock/${project.slug}`, actors.moderator.pat)).json());
    expect(again.success).toBe(true);
    expect(again.locked_at).toBe(taken.locked_at);
    expect(new Date(again.expires_at).getTime()).toBeGreaterThanOrEqual(new Date(taken.expires_at).getTime());

    // Someone else's release removes nothing.
    expect(ReleaseLockResultSchema.strict().parse((await send('DELETE', url, secondModerator.pat)).json())).toEqual({ success: false });

    await db.update(moderationLocks).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(moderationLocks.projectId, project.id));
    expect(LockStatus.parse((await get(url, secondModerator.pat)).json())).toMatchObject({ locked: false, expired: true, is_own_lock: false });
    const afterExpiry = TakeLock.parse((await send('POST', url, secondModerator.pat)).json());
    expect(afterExpiry).toMatchObject({ success: true, is_own_lock: true, locked_by: { username: 'SecondModerator' } });

    expect(ReleaseLockResultSchema.strict().parse((await send('DELETE', url, secondModerator.pat)).json())).toEqual({ success: true });
    expect(LockStatus.parse((await get(url, actors.moderator.pat)).json())).toEqual({ locked: false, is_own_lock: false });
  });

  it('admins override; only admins clear all locks; others 401; unknown projects 404', async () => {
    const project = await queued('Lock Override', 3);
    const url = `/v2/moderation/lock/${project.key}`;
    await send('POST', url, actors.moderator.pat);
    expect((await send('POST', `${url}/override`, secondModerator.pat)).statusCode).toBe(401);
    const overridden = TakeLock.parse((await send('POST', `${url}/override`, actors.admin.pat)).json());
    expect(overridden).toMatchObject({ success: true, is_own_lock: true, locked_by: { username: 'Admin' } });

    for (const [method, path] of [['POST', url], ['GET', url], ['DELETE', url], ['DELETE', '/v2/moderation/locks']] as const) {
      const response = await ctx.app.inject({ method, url: path, headers: auth(actors.creator.pat) });
      expect(response.statusCode, `${method} ${path}`).toBe(401);
    }
    expect((await send('DELETE', '/v2/moderation/locks', actors.moderator.pat)).statusCode).toBe(401);
    expect((await send('POST', '/v2/moderation/lock/no-such-project', actors.moderator.pat)).statusCode).toBe(404);
    expect((await get('/v2/moderation/lock/no-such-project', actors.moderator.pat)).statusCode).toBe(404);

    const cleared = DeleteLocksResultSchema.strict().parse((await send('DELETE', '/v2/moderation/locks', actors.admin.pat)).json());
    expect(cleared.deleted_count).toBeGreaterThanOrEqual(1);
    expect(LockStatus.parse((await get(url, actors.moderator.pat)).json()).locked).toBe(false);
  });

  it("another moderator's live lock blocks a decision, not an admin's; the decision releases the decider's lock", async () => {
    const project = await queued('Lock Decision', 3);
    const url = `/v2/moderation/lock/${project.key}`;
    await send('POST', url, actors.moderator.pat);

    const blocked = await patchStatus(project, secondModerator.pat, 'rejected');
    expect(blocked.statusCode).toBe(401);
    expect(blocked.json()).toMatchObject({ error: 'unauthorized', description: expect.stringContaining('Moderator is reviewing this project') });
    const [row] = await ctx.database.db.select({ status: projects.status }).from(projects).where(eq(projects.id, project.id));
    expect(row!.status).toBe('processing');
    // Other edits by the second moderator are not blocked.
    expect((await send('PATCH', `/v2/project/${project.key}`, secondModerator.pat, { title: 'Lock Decision Renamed' })).statusCode).toBe(204);

    const decided = await patchStatus(project, actors.moderator.pat, 'rejected', { moderation_message: 'Please add a description' });
    expect(decided.statusCode, decided.body).toBe(204);
    expect(LockStatus.parse((await get(url, actors.moderator.pat)).json()).locked).toBe(false);

    const other = await queued('Lock Admin Decision', 3);
    await send('POST', `/v2/moderation/lock/${other.key}`, actors.moderator.pat);
    expect((await patchStatus(other, actors.admin.pat, 'approved')).statusCode).toBe(204);
  });
});

describe('decisions log', () => {
  it('shows decisions on public projects only, newest first, without moderators or messages', async () => {
    const db = ctx.database.db;
    const approved = await queued('Logtest Approved', 6);
    const rejected = await queued('Logtest Rejected', 6);
    expect((await patchStatus(approved, actors.moderator.pat, 'approved', { moderation_message: 'Secret note for the team' })).statusCode).toBe(204);
    expect((await patchStatus(rejected, actors.moderator.pat, 'rejected', { moderation_message: 'Secret rejection note' })).statusCode).toBe(204);
    // The team's own changes are not moderation decisions.
    const own = await insertProject(db, { ownerId: actors.creator.id, status: 'draft', title: 'Logtest Own' });
    await insertVersion(db, { projectId: own.id, authorId: actors.creator.id });
    expect((await patchStatus(own, actors.creator.pat, 'processing')).statusCode).toBe(204);

    const response = await get('/v2/moderation/log?limit=100');
    expect(response.statusCode, response.body).toBe(200);
    const log = Log.parse(response.json());
    const ids = log.entries.map((e) => e.item_id);
    expect(log.entries[0]).toMatchObject({ item_type: 'project', item_id: approved.key, item_name: 'Logtest Approved', item_slug: approved.slug, decision: 'approved', reason: null });
    expect(ids).not.toContain(rejected.key);
    expect(ids).not.toContain(own.key);
    for (const secret of ['Secret', 'Moderator', String(actors.moderator.id)]) expect(response.body).not.toContain(secret);
    const dates = log.entries.map((e) => e.date);
    expect([...dates].sort().reverse()).toEqual(dates);

    const page = Log.parse((await get('/v2/moderation/log?limit=1&offset=0')).json());
    expect(page.entries).toHaveLength(1);
    expect(page.total).toBe(log.total);
    expect((await get('/v2/moderation/log?limit=101')).statusCode).toBe(400);

    // Hiding a project later takes its decisions out of the log.
    await db.update(projects).set({ status: 'private' }).where(eq(projects.id, approved.id));
    expect(Log.parse((await get('/v2/moderation/log?limit=100')).json()).entries.map((e) => e.item_id)).not.toContain(approved.key);
  });
});

describe('decision messages', () => {
  it('a reply without a short reason still reaches the team as the contract shape; none at all is null', async () => {
    const project = await queued('Replyonly', 1);
    const decided = await patchStatus(project, actors.moderator.pat, 'rejected', { moderation_message: null, moderation_message_body: 'Please add a description.' });
    expect(decided.statusCode, decided.body).toBe(204);
    const read = async () => (await get(`/v2/project/${project.key}`, actors.creator.pat)).json<{ moderator_message: unknown }>().moderator_message;
    expect(await read()).toEqual({ message: '', body: 'Please add a description.' });
    expect((await patchStatus(project, actors.moderator.pat, 'rejected', { moderation_message_body: null })).statusCode).toBe(204);
    expect(await read()).toBeNull();
  });
});

describe('user lookup by email', () => {
  it('admins find the full account, case-insensitively; others are refused', async () => {
    const member = await insertUserWithTokens(ctx.database.db, { username: 'MailLookup', email: 'Mail.Lookup@example.test' });
    const response = await get(`/v2/user_email?email=${encodeURIComponent('mail.lookup@EXAMPLE.test')}`, actors.admin.pat);
    expect(response.statusCode, response.body).toBe(200);
    const user = UserSchema.strict().parse(response.json());
    expect(user).toMatchObject({ username: 'MailLookup', email: 'Mail.Lookup@example.test', email_verified: true, has_password: false });
    expect(user.auth_providers).toEqual([]);

    expect((await get('/v2/user_email?email=nobody@example.test', actors.admin.pat)).statusCode).toBe(404);
    expect((await get(`/v2/user_email?email=${encodeURIComponent(member.email)}`, actors.moderator.pat)).statusCode).toBe(401);
    expect((await get(`/v2/user_email?email=${encodeURIComponent(member.email)}`, actors.creator.pat)).statusCode).toBe(401);
    expect((await get(`/v2/user_email?email=${encodeURIComponent(member.email)}`)).statusCode).toBe(401);
    const missing = await get('/v2/user_email', actors.admin.pat);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().description).toContain('email');
  });
});

