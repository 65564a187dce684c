import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { NotificationBodySchema, type NotificationBody } from '@cairn/shared/schemas/notifications';
import { createTestContext, type TestContext } from '../harness.js';
import { createActors, createPat, insertUser, insertUserWithTokens, type Actors } from '../factories/users.js';
import { addTeamMember, insertProject, insertVersion } from '../factories/catalogue.js';
import { jar, postVersion, versionData } from '../helpers/versions.js';
import { projectFollows, projects, teamMembers, versions } from '../../src/db/schema/catalogue.js';
import { publishScheduledVersions } from '../../src/modules/versions/version-schedules.js';
import { publishScheduledProjects } from '../../src/modules/projects/project-schedules.js';
import { notifications } from '../../src/db/schema/trust.js';
import { encodeBase62, randomId } from '../../src/lib/ids.js';
import { scopeBits } from '@cairn/shared/constants/scopes';
import { fanOutProjectUpdate, PROJECT_UPDATE_JOB } from '../../src/modules/notifications/follower-updates.js';
import { notifyFollowersJob } from '../../src/modules/notifications/notifications.jobs.js';

// The v2 Notification object exactly as the OpenAPI declares it (plus the documented `body`),
// strict so an extra or missing field fails.
const WireNotification = z
  .object({
    id: z.string(),
    user_id: z.string(),
    type: z.enum(['project_update', 'team_invite', 'status_change', 'moderator_message']).nullable(),
    title: z.string(),
    text: z.string(),
    link: z.string(),
    read: z.boolean(),
    created: z.string().datetime({ offset: true }),
    actions: z.array(z.object({ title: z.string(), action_route: z.array(z.string()) }).strict()),
    body: NotificationBodySchema,
  })
  .strict();
const WireList = z.array(WireNotification);

let ctx: TestContext;
let actors: Actors;

beforeAll(async () => {
  // The app gets the job queue, but no handler runs: the tests run the fan-out themselves.
  ctx = await createTestContext({ jobs: 'queue' });
  actors = await createActors(ctx.database.db);
});
afterAll(() => ctx.close());

const auth = (token: string) => ({ authorization: token });
const ids = (...values: string[]) => encodeURIComponent(JSON.stringify(values));

async function notify(userId: number, body: NotificationBody, created = new Date()): Promise<string> {
  const id = Number(randomId());
  await ctx.database.db.insert(notifications).values({ id, userId, body, created });
  return encodeBase62(id);
}
const rowsOf = (userId: number) => ctx.database.db.select().from(notifications).where(eq(notifications.userId, userId));
const queuedJobs = async (versionKey: string) => {
  const rows = await ctx.database.db.execute<{ data: { projectId: number; versionId: number } }>(sql`select data from pgboss.job where name = ${PROJECT_UPDATE_JOB}`);
  return [...rows].filter((r) => encodeBase62(r.data.versionId) === versionKey);
};

describe('reading notifications', () => {
  it('lists every kind newest first with generated title, text, link and actions', async () => {
    const db = ctx.database.db;
    const reader = await insertUserWithTokens(db, { username: 'Reader' });
    const project = await insertProject(db, { ownerId: actors.creator.id, title: 'Lantern Works', slug: 'lantern-works' });
    const version = await insertVersion(db, { projectId: project.id, authorId: actors.creator.id, versionNumber: '2.1.0' });
    const at = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    await notify(reader.id, { type: 'report_submitted', report_id: 'AAAAAAAA' }, at(60));
    await notify(reader.id, { type: 'status_change', project_id: project.key, old_status: 'processing', new_status: 'approved' }, at(50));
    await notify(reader.id, { type: 'moderator_message', thread_id: 'BBBBBBBB', message_id: 'CCCCCCCC', project_id: project.key, report_id: null }, at(40));
    await notify(reader.id, { type: 'team_invite', project_id: project.key, team_id: project.teamKey, invited_by: encodeBase62(actors.creator.id), role: 'Artist' }, at(30));
    await notify(reader.id, { type: 'project_update', project_id: project.key, version_id: version.key }, at(20));
    // Pointing at things that no longer exist still renders.
    await notify(reader.id, { type: 'project_update', project_id: 'ZZZZZZZZ', version_id: 'YYYYYYYY' }, at(10));

    const response = await ctx.app.inject({ method: 'GET', url: `/v2/user/${reader.username}/notifications`, headers: auth(reader.pat) });
    expect(response.statusCode, response.body).toBe(200);
    const list = WireList.parse(response.json());
    expect(list.map((n) => n.body.type)).toEqual(['project_update', 'project_update', 'team_invite', 'moderator_message', 'status_change', 'report_submitted']);
    expect(list.map((n) => n.type)).toEqual(['project_update', 'project_update', 'team_invite', 'moderator_message', 'status_change', null]);
    const [gone, update, invite, message, status, report] = list;
    expect(gone).toMatchObject({ link: '/project/ZZZZZZZZ/version/YYYYYYYY', actions: [], read: false, user_id: encodeBase62(reader.id) });
    expect(update).toMatchObject({ title: 'Lantern Works has a new version', link: `/mod/lantern-works/version/${version.key}` });
    expect(update!.text).toContain('2.1.0');
    expect(invite!.text).toBe('Creator invited you to join Lantern Works as Artist.');
    expect(invite!.actions).toEqual([
      { title: 'Accept', action_route: ['POST', `team/${project.teamKey}/join`] },
      { title: 'Deny', action_route: ['DELETE', `team/${project.teamKey}/members/${encodeBase62(reader.id)}`] },
    ]);
    expect(message!.link).toBe('/mod/lantern-works/moderation');
    expect(status!.text).toBe('The status of Lantern Works changed from processing to approved.');
    expect(report!.link).toBe('/dashboard/report/AAAAAAAA');
  });

  it('only the owner (or an admin) reads a notification; others get 404 on one and nothing in bulk', async () => {
    const db = ctx.database.db;
    const owner = await insertUserWithTokens(db);
    const id = await notify(owner.id, { type: 'report_status_updated', report_id: 'AAAAAAAA' });

    const own = await ctx.app.inject({ method: 'GET', url: `/v2/notification/${id}`, headers: auth(owner.pat) });
    expect(own.statusCode).toBe(200);
    expect(WireNotification.parse(own.json())).toMatchObject({ id, type: null, link: '/dashboard/report/AAAAAAAA' });
    expect((await ctx.app.inject({ method: 'GET', url: `/v2/notification/${id}`, headers: auth(actors.admin.pat) })).statusCode).toBe(200);
    for (const other of [actors.stranger, actors.moderator]) {
      expect((await ctx.app.inject({ method: 'GET', url: `/v2/notification/${id}`, headers: auth(other.pat) })).statusCode).toBe(404);
      const bulk = await ctx.app.inject({ method: 'GET', url: `/v2/notifications?ids=${ids(id, 'zzzz')}`, headers: auth(other.pat) });
      expect(WireList.parse(bulk.json())).toEqual([]);
    }
    const bulk = await ctx.app.inject({ method: 'GET', url: `/v2/notifications?ids=${ids(id)}`, headers: auth(owner.pat) });
    expect(WireList.parse(bulk.json()).map((n) => n.id)).toEqual([id]);

    const others = await ctx.app.inject({ method: 'GET', url: `/v2/user/${encodeBase62(owner.id)}/notifications`, headers: auth(actors.stranger.pat) });
    expect(others.statusCode).toBe(401);
    expect(others.json()).toMatchObject({ error: 'unauthorized' });
    const asAdmin = await ctx.app.inject({ method: 'GET', url: `/v2/user/${encodeBase62(owner.id)}/notifications`, headers: auth(actors.admin.pat) });
    expect(WireList.parse(asAdmin.json())).toHaveLength(1);
    expect((await ctx.app.inject({ method: 'GET', url: '/v2/user/nobody-here/notifications', headers: auth(owner.pat) })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/v2/user/${owner.username}/notifications` })).statusCode).toBe(401);
    const bad = await ctx.app.inject({ method: 'GET', url: '/v2/notifications?ids=nope', headers: auth(owner.pat) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().description).toContain('ids');
  });

  it('needs NOTIFICATION_READ to read and NOTIFICATION_WRITE to change', async () => {
    const db = ctx.database.db;
    const owner = await insertUser(db);
    const id = await notify(owner.id, { type: 'report_submitted', report_id: 'AAAAAAAA' });
    const readOnly = await createPat(db, owner.id, scopeBits('NOTIFICATION_READ'));
    const writeOnly = await createPat(db, owner.id, scopeBits('NOTIFICATION_WRITE'));
    expect((await ctx.app.inject({ method: 'GET', url: `/v2/notification/${id}`, headers: auth(writeOnly) })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: `/v2/notification/${id}`, headers: auth(readOnly) })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'PATCH', url: `/v2/notification/${id}`, headers: auth(readOnly) })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'PATCH', url: `/v2/notification/${id}`, headers: auth(writeOnly) })).statusCode).toBe(204);
  });
});

describe('changing notifications', () => {
  it("marks read and deletes one's own; someone else's single one is 401, in bulk it is skipped", async () => {
    const db = ctx.database.db;
    const owner = await insertUserWithTokens(db);
    const other = await insertUserWithTokens(db);
    const [a, b, c] = [await notify(owner.id, { type: 'report_submitted', report_id: 'A1' }), await notify(owner.id, { type: 'report_submitted', report_id: 'A2' }), await notify(owner.id, { type: 'report_submitted', report_id: 'A3' })];
    const theirs = await notify(other.id, { type: 'report_submitted', report_id: 'B1' });

    expect((await ctx.app.inject({ method: 'PATCH', url: `/v2/notification/${theirs}`, headers: auth(owner.pat) })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/v2/notification/${theirs}`, headers: auth(owner.pat) })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'PATCH', url: '/v2/notification/ZZZZZZZZ', headers: auth(owner.pat) })).statusCode).toBe(404);

    expect((await ctx.app.inject({ method: 'PATCH', url: `/v2/notification/${a}`, headers: auth(owner.pat) })).statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'PATCH', url: `/v2/notifications?ids=${ids(b!, theirs)}`, headers: auth(owner.pat) })).statusCode).toBe(204);
    expect((await rowsOf(owner.id)).filter((r) => r.read)).toHaveLength(2);
    expect((await rowsOf(other.id))[0]!.read).toBe(false);

    expect((await ctx.app.inject({ method: 'DELETE', url: `/v2/notification/${a}`, headers: auth(owner.pat) })).statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/v2/notifications?ids=${ids(c!, theirs)}`, headers: auth(owner.pat) })).statusCode).toBe(204);
    expect((await rowsOf(owner.id)).map((r) => encodeBase62(r.id))).toEqual([b]);
    expect(await rowsOf(other.id)).toHaveLength(1);

    // Admins act on anyone's.
    expect((await ctx.app.inject({ method: 'PATCH', url: `/v2/notification/${theirs}`, headers: auth(actors.admin.pat) })).statusCode).toBe(204);
    expect((await rowsOf(other.id))[0]!.read).toBe(true);
  });

  it('an invite notifies the invitee, whose Accept action route makes them a member', async () => {
    const db = ctx.database.db;
    const project = await insertProject(db, { ownerId: actors.creator.id });
    const invitee = await insertUserWithTokens(db, { username: 'Joiner' });
    const invite = await ctx.app.inject({ method: 'POST', url: `/v2/team/${project.teamKey}/members`, payload: { user_id: encodeBase62(invitee.id) }, headers: auth(actors.creator.pat) });
    expect(invite.statusCode, invite.body).toBe(204);

    const list = WireList.parse((await ctx.app.inject({ method: 'GET', url: `/v2/user/${invitee.username}/notifications`, headers: auth(invitee.pat) })).json());
    expect(list).toHaveLength(1);
    const accept = list[0]!.actions.find((a) => a.title === 'Accept')!;
    const [method, path] = accept.action_route;
    const joined = await ctx.app.inject({ method: method as 'POST', url: `/v2/${path}`, headers: auth(invitee.pat) });
    expect(joined.statusCode, joined.body).toBe(204);
    const [member] = await db.select({ accepted: teamMembers.accepted }).from(teamMembers).where(and(eq(teamMembers.teamId, project.teamId), eq(teamMembers.userId, invitee.id)));
    expect(member?.accepted).toBe(true);
  });
});

describe('new versions of followed projects', () => {
  async function followers(projectId: number, count: number): Promise<number[]> {
    const userIds = Array.from({ length: count }, () => Number(randomId()));
    const db = ctx.database.db;
    for (let i = 0; i < userIds.length; i += 500) {
      const chunk = userIds.slice(i, i + 500);
      await db.execute(sql`insert into users (id, username, email) select unnest(${`{${chunk.join(',')}}`}::bigint[]) as id, 'f_' || unnest(${`{${chunk.join(',')}}`}::bigint[]), null`);
      await db.insert(projectFollows).values(chunk.map((userId) => ({ userId, projectId })));
    }
    return userIds;
  }

  it('publishing a listed version enqueues one job in its transaction and notifies nobody in the request', async () => {
    const db = ctx.database.db;
    const project = await insertProject(db, { ownerId: actors.creator.id });
    const member = await insertUserWithTokens(db);
    await addTeamMember(db, project.teamId, member.id);
    const fans = await followers(project.id, 2000);
    await db.insert(projectFollows).values({ userId: member.id, projectId: project.id });

    const response = await postVersion(ctx.app, actors.creator.pat, versionData(project.key), [{ part: 'file', filename: 'lamp.jar', bytes: jar('lamp') }]);
    expect(response.statusCode, response.body).toBe(200);
    const versionKey = response.json<{ id: string }>().id;
    const queued = await queuedJobs(versionKey);
    expect(queued).toHaveLength(1);
    const counted = await db.execute<{ count: string }>(sql`select count(*) from notifications where body->>'version_id' = ${versionKey}`);
    expect(Number(counted[0]?.count)).toBe(0);

    // The job, run directly: every follower but the team member, in batches.
    const result = await fanOutProjectUpdate(db, queued[0]!.data, 500);
    expect(result).toEqual({ notified: 2000, batches: 4 });
    expect(await rowsOf(member.id)).toHaveLength(0);
    const [sample] = await rowsOf(fans[1234]!);
    expect(sample?.body).toEqual({ type: 'project_update', project_id: project.key, version_id: versionKey });
    // A retried job notifies nobody twice.
    await notifyFollowersJob.handle({ db, search: ctx.search, config: ctx.config, files: ctx.files }, [{ id: 'x', name: PROJECT_UPDATE_JOB, data: queued[0]!.data } as never]);
    expect(await rowsOf(fans[0]!)).toHaveLength(1);
  });

  it('draft versions and hidden projects announce nothing; listing a draft later does', async () => {
    const db = ctx.database.db;
    const hidden = await insertProject(db, { ownerId: actors.creator.id, status: 'draft' });
    const hiddenVersion = await postVersion(ctx.app, actors.creator.pat, versionData(hidden.key), [{ part: 'file', filename: 'a.jar', bytes: jar('hidden-a') }]);
    expect(await queuedJobs(hiddenVersion.json<{ id: string }>().id)).toHaveLength(0);

    const project = await insertProject(db, { ownerId: actors.creator.id });
    const [fan] = await followers(project.id, 1);
    const draft = await postVersion(ctx.app, actors.creator.pat, versionData(project.key, { status: 'draft' }), [{ part: 'file', filename: 'b.jar', bytes: jar('draft-b') }]);
    const draftKey = draft.json<{ id: string }>().id;
    expect(await queuedJobs(draftKey)).toHaveLength(0);
    const listed = await ctx.app.inject({ method: 'PATCH', url: `/v2/version/${draftKey}`, payload: { status: 'listed' }, headers: auth(actors.creator.pat) });
    expect(listed.statusCode, listed.body).toBe(204);
    const [job] = await queuedJobs(draftKey);
    expect(job).toBeDefined();
    expect((await fanOutProjectUpdate(db, job!.data)).notified).toBe(1);
    expect((await rowsOf(fan!)).map((r) => r.body.type)).toEqual(['project_update']);
  });

  it('a scheduled version released by the schedule job is announced', async () => {
    const db = ctx.database.db;
    const project = await insertProject(db, { ownerId: actors.creator.id });
    const version = await insertVersion(db, { projectId: project.id, authorId: actors.creator.id, status: 'scheduled' });
    await db.update(versions).set({ requestedStatus: 'listed', scheduledFor: new Date(Date.now() - 1000) }).where(eq(versions.id, version.id));
    expect(await publishScheduledVersions(db, ctx.jobs)).toBeGreaterThanOrEqual(1);
    expect(await queuedJobs(version.key)).toHaveLength(1);
  });

  it("a project's first approval announces the versions uploaded while it was hidden, once", async () => {
    const db = ctx.database.db;
    const project = await insertProject(db, { ownerId: actors.creator.id, status: 'processing' });
    const older = await insertVersion(db, { projectId: project.id, authorId: actors.creator.id, datePublished: new Date(Date.now() - 60_000) });
    const newer = await insertVersion(db, { projectId: project.id, authorId: actors.creator.id });
    const draft = await insertVersion(db, { projectId: project.id, authorId: actors.creator.id, status: 'draft' });
    const [fan, toldBefore] = await followers(project.id, 2);
    // Someone already told of the older version (a retried fan-out) is not told again.
    await notify(toldBefore!, { type: 'project_update', project_id: project.key, version_id: older.key });

    const setStatus = (status: string) =>
      ctx.app.inject({ method: 'PATCH', url: `/v2/project/${project.key}`, payload: { status }, headers: auth(actors.moderator.pat) });
    const approved = await setStatus('approved');
    expect(approved.statusCode, approved.body).toBe(204);
    const olderJobs = await queuedJobs(older.key);
    const newerJobs = await queuedJobs(newer.key);
    expect(olderJobs).toHaveLength(1);
    expect(newerJobs).toHaveLength(1);
    expect(await queuedJobs(draft.key)).toHaveLength(0);
    // Nobody is notified in the request itself: only the job does it.
    expect(await rowsOf(fan!)).toHaveLength(0);

    expect(await fanOutProjectUpdate(db, olderJobs[0]!.data)).toEqual({ notified: 1, batches: 1 });
    expect(await fanOutProjectUpdate(db, newerJobs[0]!.data)).toEqual({ notified: 2, batches: 1 });
    const versionsOf = async (userId: number) => (await rowsOf(userId)).map((r) => (r.body as { version_id: string }).version_id).sort();
    expect(await versionsOf(fan!)).toEqual([older.key, newer.key].sort());
    expect(await versionsOf(toldBefore!)).toEqual([older.key, newer.key].sort());

    // Later status changes of an approved project announce nothing again.
    expect((await setStatus('rejected')).statusCode).toBe(204);
    expect((await setStatus('approved')).statusCode).toBe(204);
    expect(await queuedJobs(older.key)).toHaveLength(1);
    expect(await queuedJobs(newer.key)).toHaveLength(1);
  });

  it('a first release by schedule announces the listed versions; a team submission announces nothing', async () => {
    const db = ctx.database.db;
    const scheduled = await insertProject(db, { ownerId: actors.creator.id, status: 'scheduled', requestedStatus: 'approved' });
    const version = await insertVersion(db, { projectId: scheduled.id, authorId: actors.creator.id });
    await db.update(projects).set({ scheduledFor: new Date(Date.now() - 1000) }).where(eq(projects.id, scheduled.id));
    expect(await publishScheduledProjects(db, ctx.jobs)).toBeGreaterThanOrEqual(1);
    expect(await queuedJobs(version.key)).toHaveLength(1);

    const draftProject = await insertProject(db, { ownerId: actors.creator.id, status: 'draft' });
    const draftVersion = await insertVersion(db, { projectId: draftProject.id, authorId: actors.creator.id });
    const submitted = await ctx.app.inject({ method: 'PATCH', url: `/v2/project/${draftProject.key}`, payload: { status: 'processing' }, headers: auth(actors.creator.pat) });
    expect(submitted.statusCode, submitted.body).toBe(204);
    expect(await queuedJobs(draftVersion.key)).toHaveLength(0);
  });
});

