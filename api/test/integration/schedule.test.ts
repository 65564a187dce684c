import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ALL_SCOPES, scopeBits, withoutRestricted } from '@cairn/shared/constants/scopes';
import { PROJECT_PERMISSIONS } from '@cairn/shared/constants/permissions';
import { projects, versions } from '../../src/db/schema/catalogue.js';
import { publishScheduledJob } from '../../src/modules/projects/projects.jobs.js';
import { publishScheduledProjects } from '../../src/modules/projects/project-schedules.js';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient } from '../helpers/client.js';
import { eventually } from '../helpers/eventually.js';
import { createActors, createPat, type Actors } from '../factories/users.js';
import { addTeamMember, insertProject, insertVersion } from '../factories/catalogue.js';
import { searchIndexer, searchOk } from '../helpers/search.js';

let ctx: TestContext;
let actors: Actors;

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx.database.db);
});
afterAll(() => ctx.close());

const inFuture = (ms = 60 * 60 * 1000) => new Date(Date.now() + ms).toISOString();
const call = testClient(() => ctx.app);
const post = (url: string, payload: object, token?: string) => call('POST', url, token, payload);
const get = (url: string, token?: string) => call('GET', url, token);
const runJob = () => publishScheduledJob.handle({ db: ctx.database.db, files: ctx.files, search: ctx.search, config: ctx.config }, []);
/** Waits (at most a few seconds) until a scheduled time lies in the past. */
const until = (iso: string) => eventually(async () => (Date.now() > new Date(iso).getTime() ? true : undefined), 10_000, `${iso} to pass`, 50);
const projectRow = async (id: number) => (await ctx.database.db.select().from(projects).where(eq(projects.id, id)))[0]!;

async function approvedProject(slug: string) {
  const project = await insertProject(ctx.database.db, { ownerId: actors.creator.id, slug, title: `Release ${slug}` });
  await insertVersion(ctx.database.db, { projectId: project.id, authorId: actors.creator.id });
  return project;
}

describe('POST /v2/project/{id}/schedule', () => {
  it('hides the project until its time, then the job publishes it: status, search and cached reads', async () => {
    const project = await approvedProject('launch-day');
    await searchIndexer(ctx).drain();
    expect((await get(`/v2/project/${project.key}`)).statusCode).toBe(200);

    const time = inFuture(1500);
    expect((await post(`/v2/project/${project.key}/schedule`, { time, requested_status: 'approved' }, actors.creator.pat)).statusCode).toBe(204);
    expect((await get(`/v2/project/${project.key}`)).statusCode).toBe(404);
    const own = await get(`/v2/project/${project.key}`, actors.creator.pat);
    expect(own.json()).toMatchObject({ status: 'scheduled', requested_status: 'approved' });
    await searchIndexer(ctx).drain();
    expect((await searchOk(ctx, { query: 'Release launch-day' })).hits.map((h) => h.slug)).not.toContain('launch-day');

    await runJob();
    expect((await projectRow(project.id)).status).toBe('scheduled');

    await until(time);
    await runJob();
    const published = await get(`/v2/project/${project.key}`);
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ status: 'approved' });
    expect((await projectRow(project.id)).scheduledFor).toBeNull();
    await searchIndexer(ctx).drain();
    expect((await searchOk(ctx, { query: 'Release launch-day' })).hits.map((h) => h.slug)).toContain('launch-day');
  });

  it('publishes into the requested status and dates the first approval', async () => {
    const project = await insertProject(ctx.database.db, { ownerId: actors.creator.id, status: 'processing' });
    await insertVersion(ctx.database.db, { projectId: project.id, authorId: actors.creator.id });
    await ctx.database.db.update(projects).set({ approved: null }).where(eq(projects.id, project.id));
    // Only moderators may schedule a project that was never approved.
    const time = inFuture();
    expect((await post(`/v2/project/${project.key}/schedule`, { time, requested_status: 'unlisted' }, actors.creator.pat)).statusCode).toBe(401);
    expect((await post(`/v2/project/${project.key}/schedule`, { time, requested_status: 'unlisted' }, actors.moderator.pat)).statusCode).toBe(204);
    const at = new Date(Date.now() + 2 * 60 * 60 * 1000);
    expect(await publishScheduledProjects(ctx.database.db, undefined, at)).toBe(1);
    const row = await projectRow(project.id);
    expect(row.status).toBe('unlisted');
    expect(row.approved?.toISOString()).toBe(at.toISOString());
  });

  it('lets the team release a scheduled project early, after which the job leaves it alone', async () => {
    const project = await approvedProject('early-bird');
    expect((await post(`/v2/project/${project.key}/schedule`, { time: inFuture(1000), requested_status: 'unlisted' }, actors.creator.pat)).statusCode).toBe(204);
    const patch = await ctx.app.inject({ method: 'PATCH', url: `/v2/project/${project.key}`, headers: { authorization: actors.creator.pat }, payload: { status: 'approved' } });
    expect(patch.statusCode).toBe(204);
    expect(await publishScheduledProjects(ctx.database.db, undefined, new Date(Date.now() + 60_000))).toBe(0);
    expect((await get(`/v2/project/${project.key}`)).json()).toMatchObject({ status: 'approved' });
  });

  it('answers 401 without a token, scope or permission, 404 for hidden projects of others, 400 for bad bodies', async () => {
    const project = await approvedProject('guarded-release');
    const url = `/v2/project/${project.key}/schedule`;
    const body = { time: inFuture(), requested_status: 'approved' };
    expect((await post(url, body)).statusCode).toBe(401);
    expect((await post(url, body, actors.stranger.pat)).statusCode).toBe(401);
    const withoutScope = await createPat(ctx.database.db, actors.creator.id, withoutRestricted(ALL_SCOPES) - scopeBits('PROJECT_WRITE'));
    const missing = await post(url, body, withoutScope);
    expect(missing.statusCode).toBe(401);
    expect(missing.json().description).toContain('PROJECT_WRITE');
    await addTeamMember(ctx.database.db, project.teamId, actors.user.id, { permissions: PROJECT_PERMISSIONS.EDIT_BODY });
    expect((await post(url, body, actors.user.pat)).statusCode).toBe(401);

    const hidden = await insertProject(ctx.database.db, { ownerId: actors.admin.id, status: 'draft' });
    expect((await post(`/v2/project/${hidden.key}/schedule`, body, actors.stranger.pat)).statusCode).toBe(404);
    expect((await post(`/v2/project/ZZZZZZZZ/schedule`, body, actors.creator.pat)).statusCode).toBe(404);

    const invalid: Array<[object, string]> = [
      [{ time: new Date(Date.now() - 60_000).toISOString(), requested_status: 'approved' }, 'time'],
      [{ time: 'tomorrow', requested_status: 'approved' }, 'time'],
      [{ requested_status: 'approved' }, 'time'],
      [{ time: inFuture(), requested_status: 'processing' }, 'requested_status'],
      [{ time: inFuture() }, 'requested_status'],
    ];
    for (const [payload, field] of invalid) {
      const response = await post(url, payload, actors.creator.pat);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().description, JSON.stringify(payload)).toContain(field);
    }
    expect((await projectRow(project.id)).status).toBe('approved');
  });
});

describe('POST /v2/version/{id}/schedule', () => {
  it('hides the version until its time, then the job lists it, dated at that time', async () => {
    const project = await approvedProject('versioned-release');
    const version = await insertVersion(ctx.database.db, { projectId: project.id, authorId: actors.creator.id, versionNumber: '2.0.0' });
    const time = inFuture(1500);
    expect((await post(`/v2/version/${version.key}/schedule`, { time, requested_status: 'listed' }, actors.creator.pat)).statusCode).toBe(204);
    expect((await get(`/v2/version/${version.key}`)).statusCode).toBe(404);
    expect((await get(`/v2/version/${version.key}`, actors.creator.pat)).json()).toMatchObject({ status: 'scheduled', requested_status: 'listed' });
    expect((await get(`/v2/project/${project.key}/version`)).json().map((v: { id: string }) => v.id)).not.toContain(version.key);

    await until(time);
    await runJob();
    const listed = await get(`/v2/version/${version.key}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({ status: 'listed', date_published: new Date(time).toISOString() });
    expect((await get(`/v2/project/${project.key}/version`)).json().map((v: { id: string }) => v.id)).toContain(version.key);
    const [row] = await ctx.database.db.select().from(versions).where(eq(versions.id, version.id));
    expect(row!.scheduledFor).toBeNull();
  });

  it('answers 401 without a token, scope or permission, 404 for versions others may not see, 400 for bad bodies', async () => {
    const project = await approvedProject('guarded-version');
    const version = await insertVersion(ctx.database.db, { projectId: project.id, authorId: actors.creator.id, versionNumber: '3.0.0' });
    const url = `/v2/version/${version.key}/schedule`;
    const body = { time: inFuture(), requested_status: 'listed' };
    expect((await post(url, body)).statusCode).toBe(401);
    expect((await post(url, body, actors.stranger.pat)).statusCode).toBe(401);
    const withoutScope = await createPat(ctx.database.db, actors.creator.id, withoutRestricted(ALL_SCOPES) - scopeBits('VERSION_WRITE'));
    expect((await post(url, body, withoutScope)).statusCode).toBe(401);
    const onlyScope = await createPat(ctx.database.db, actors.creator.id, scopeBits('VERSION_WRITE'));
    const draft = await insertVersion(ctx.database.db, { projectId: project.id, authorId: actors.creator.id, versionNumber: '3.1.0', status: 'draft' });
    expect((await post(`/v2/version/${draft.key}/schedule`, body, actors.stranger.pat)).statusCode).toBe(404);
    expect((await post(`/v2/version/ZZZZZZZZ/schedule`, body, actors.creator.pat)).statusCode).toBe(404);
    for (const [payload, field] of [
      [{ time: new Date(Date.now() - 1000).toISOString(), requested_status: 'listed' }, 'time'],
      [{ time: inFuture(), requested_status: 'scheduled' }, 'requested_status'],
      [{ time: inFuture(), requested_status: 'approved' }, 'requested_status'],
    ] as const) {
      const response = await post(url, payload, actors.creator.pat);
      expect(response.statusCode).toBe(400);
      expect(response.json().description).toContain(field);
    }
    expect((await post(`/v2/version/${draft.key}/schedule`, body, onlyScope)).statusCode).toBe(204);
  });
});
