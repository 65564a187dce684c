import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { ALL_SCOPES, scopeBits, withoutRestricted } from '@cairn/shared/constants/scopes';
import { PROJECT_PERMISSIONS } from '@cairn/shared/constants/permissions';
import { VersionSchema } from '@cairn/shared/schemas/versions';
import { HashVersionMapSchema } from '@cairn/shared/schemas/hashes';
import { projects, searchOutbox, versions } from '../../src/db/schema/catalogue.js';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient } from '../helpers/client.js';
import { createActors, createPat, insertUserWithTokens, type Actors, type TestUser } from '../factories/users.js';
import { addTeamMember, insertProject, insertVersion, type InsertedProject, type InsertedVersion } from '../factories/catalogue.js';
import { jar, postVersion, versionData } from '../helpers/versions.js';

let ctx: TestContext;
let actors: Actors;
let member: TestUser;
let pending: TestUser;
let open: InsertedProject;
let secret: InsertedProject;
let listed: InsertedVersion;
let draft: InsertedVersion;
let hiddenProjectVersion: InsertedVersion;

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.database.db;
  actors = await createActors(db);
  member = await insertUserWithTokens(db, { username: 'Member' });
  pending = await insertUserWithTokens(db, { username: 'Invited' });
  open = await insertProject(db, { ownerId: actors.creator.id, slug: 'open-project' });
  secret = await insertProject(db, { ownerId: actors.creator.id, slug: 'secret-project', status: 'private' });
  for (const project of [open, secret]) {
    await addTeamMember(db, project.teamId, member.id, { permissions: 0 });
    await addTeamMember(db, project.teamId, pending.id, { permissions: 0, accepted: false });
  }
  listed = await insertVersion(db, { projectId: open.id, authorId: actors.creator.id, versionNumber: '1.0.0' });
  draft = await insertVersion(db, { projectId: open.id, authorId: actors.creator.id, versionNumber: '2.0.0-draft', status: 'draft' });
  hiddenProjectVersion = await insertVersion(db, { projectId: secret.id, authorId: actors.creator.id, versionNumber: '0.1.0' });
});
afterAll(() => ctx.close());

type Viewer = 'anonymous' | 'stranger' | 'member' | 'pending' | 'moderator';
const token = (viewer: Viewer) =>
  ({ anonymous: undefined, stranger: actors.stranger.pat, member: member.pat, pending: pending.pat, moderator: actors.moderator.pat })[viewer];
const call = testClient(() => ctx.app);
const get = (url: string, viewer: Viewer) => call('GET', url, token(viewer));
const post = (url: string, viewer: Viewer, payload: object) => call('POST', url, token(viewer), payload);

/** Who sees a hidden version: its team (pending invitations included) and moderators. */
const SEES_HIDDEN: Record<Viewer, boolean> = { anonymous: false, stranger: false, member: true, pending: true, moderator: true };
const VIEWERS = Object.keys(SEES_HIDDEN) as Viewer[];

describe('visibility of hidden versions (draft version, version of a private project), on every route', () => {
  const hiddenCases = () => [
    { name: 'draft version', version: draft, project: open },
    { name: 'private project version', version: hiddenProjectVersion, project: secret },
  ];

  for (const viewer of VIEWERS) {
    it(`as ${viewer}`, async () => {
      const sees = SEES_HIDDEN[viewer];
      for (const { name, version, project } of hiddenCases()) {
        const label = `${viewer} / ${name}`;
        expect((await get(`/v2/version/${version.key}`, viewer)).statusCode, label).toBe(sees ? 200 : 404);
        expect((await get(`/v2/project/${project.key}/version/${version.key}`, viewer)).statusCode, label).toBe(sees ? 200 : 404);
        const list = await get(`/v2/project/${project.slug}/version`, viewer);
        if (project === secret && !sees) expect(list.statusCode, label).toBe(404);
        else expect(z.array(VersionSchema).parse(list.json()).some((v) => v.id === version.key), label).toBe(sees);
        const many = z.array(VersionSchema).parse((await get(`/v2/versions?ids=${JSON.stringify([version.key, listed.key])}`, viewer)).json());
        expect(many.map((v) => v.id).sort(), label).toEqual((sees ? [version.key, listed.key] : [listed.key]).sort());

        for (const [algorithm, hash] of [['sha1', version.sha1], ['sha512', version.sha512]] as const) {
          expect((await get(`/v2/version_file/${hash}?algorithm=${algorithm}`, viewer)).statusCode, label).toBe(sees ? 200 : 404);
          expect((await get(`/v2/version_file/${hash}/download`, viewer)).statusCode, label).toBe(sees ? 307 : 404);
          expect((await post(`/v2/version_file/${hash}/update?algorithm=${algorithm}`, viewer, {})).statusCode, label).toBe(sees ? 200 : 404);
          const bulk = HashVersionMapSchema.parse((await post('/v2/version_files', viewer, { hashes: [hash, listed[algorithm]], algorithm })).json());
          expect(Object.keys(bulk).sort(), label).toEqual((sees ? [hash, listed[algorithm]] : [listed[algorithm]]).sort());
          const updates = HashVersionMapSchema.parse((await post('/v2/version_files/update', viewer, { hashes: [hash], algorithm })).json());
          // Hashes of versions the caller may not see are unknown to it, so they get no update either.
          expect(Object.keys(updates), label).toEqual(sees ? [hash] : []);
        }
      }
    });
  }

  it('sees listed versions of public projects as anyone', async () => {
    for (const viewer of VIEWERS) {
      expect((await get(`/v2/version/${listed.key}`, viewer)).statusCode).toBe(200);
      expect((await get(`/v2/project/${open.slug}/version/1.0.0`, viewer)).statusCode).toBe(200);
    }
  });

  it('treats a PAT without VERSION_READ as anonymous', async () => {
    const pat = await createPat(ctx.database.db, member.id, withoutRestricted(ALL_SCOPES) - scopeBits('VERSION_READ'));
    expect((await ctx.app.inject({ method: 'GET', url: `/v2/version/${draft.key}`, headers: { authorization: pat } })).statusCode).toBe(404);
    const readOnly = await createPat(ctx.database.db, member.id, scopeBits('VERSION_READ'));
    expect((await ctx.app.inject({ method: 'GET', url: `/v2/version/${draft.key}`, headers: { authorization: readOnly } })).statusCode).toBe(200);
    // The project version list also needs PROJECT_READ.
    const list = await ctx.app.inject({ method: 'GET', url: `/v2/project/${open.key}/version`, headers: { authorization: readOnly } });
    expect(list.json().some((v: { id: string }) => v.id === draft.key)).toBe(false);
  });

  it('answers 404 for unknown ids and hashes, 400 for malformed bulk input', async () => {
    expect((await get('/v2/version/ZZZZZZZZ', 'anonymous')).statusCode).toBe(404);
    expect((await get('/v2/version/not-base62!', 'anonymous')).statusCode).toBe(404);
    expect((await get(`/v2/version_file/${'a'.repeat(40)}`, 'anonymous')).statusCode).toBe(404);
    expect((await get('/v2/versions?ids=notjson', 'anonymous')).statusCode).toBe(400);
    expect((await get('/v2/project/open-project/version?loaders=fabric', 'anonymous')).statusCode).toBe(400);
    const tooMany = await post('/v2/version_files', 'anonymous', { hashes: Array.from({ length: 1001 }, (_, i) => i.toString(16).padStart(40, '0')), algorithm: 'sha1' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().description).toMatch(/hashes/);
  });
});

describe('PATCH /v2/version/{id}', () => {
  let version: z.infer<typeof VersionSchema>;
  beforeAll(async () => {
    const response = await postVersion(ctx.app, actors.creator.pat, versionData(open.key, { version_number: '5.0.0', file_parts: ['main', 'extra'] }), [
      { part: 'main', filename: 'five.jar', bytes: jar('five') },
      { part: 'extra', filename: 'five-sources.jar', bytes: jar('five-src') },
    ]);
    version = VersionSchema.parse(response.json());
  });
  const patch = (tokenValue: string | undefined, body: object, id = version.id) =>
    call('PATCH', `/v2/version/${id}`, tokenValue, body);

  it('needs VERSION_WRITE and UPLOAD_VERSION; hidden versions are 404 to outsiders', async () => {
    expect((await patch(undefined, { name: 'x' })).statusCode).toBe(401);
    expect((await patch(actors.stranger.pat, { name: 'x' })).statusCode).toBe(401);
    expect((await patch(member.pat, { name: 'x' })).statusCode).toBe(401);
    expect((await patch(actors.stranger.pat, { name: 'x' }, draft.key)).statusCode).toBe(404);
    const noWrite = await createPat(ctx.database.db, actors.creator.id, withoutRestricted(ALL_SCOPES) - scopeBits('VERSION_WRITE'));
    expect((await patch(noWrite, { name: 'x' })).statusCode).toBe(401);
    const uploader = await insertUserWithTokens(ctx.database.db);
    await addTeamMember(ctx.database.db, open.teamId, uploader.id, { permissions: PROJECT_PERMISSIONS.UPLOAD_VERSION });
    expect((await patch(uploader.pat, { name: 'Renamed by uploader' })).statusCode).toBe(204);
    expect((await patch(actors.moderator.pat, { name: 'Renamed by moderator' })).statusCode).toBe(204);
  });

  it('refuses statuses that cannot be requested and invalid fields', async () => {
    for (const status of ['scheduled', 'unknown', 'approved']) {
      const response = await patch(actors.creator.pat, { status });
      expect(response.statusCode, status).toBe(400);
      expect(response.json().description).toMatch(/status/);
    }
    expect((await patch(actors.creator.pat, { version_number: 'has space' })).json().description).toMatch(/version_number/);
    expect((await patch(actors.creator.pat, { loaders: ['teapot'] })).json().description).toMatch(/loaders.*teapot/);
    expect((await patch(actors.creator.pat, { game_versions: ['0.0.0-nope'] })).json().description).toMatch(/game_versions/);
    expect((await patch(actors.creator.pat, { dependencies: [{ version_id: version.id, dependency_type: 'required' }] })).json().description).toMatch(/itself/);
    const dup = { file_name: 'a.jar', dependency_type: 'optional' };
    expect((await patch(actors.creator.pat, { dependencies: [dup, dup] })).json().description).toMatch(/twice/);
    expect((await patch(actors.creator.pat, { primary_file: ['sha1', 'f'.repeat(40)] })).json().description).toMatch(/primary_file/);
  });

  it('edits every field; moderators may set downloads, and the project total follows', async () => {
    const before = (await ctx.database.db.select({ downloads: projects.downloads }).from(projects).where(eq(projects.id, open.id)))[0]!.downloads;
    const sources = version.files.find((f) => f.filename === 'five-sources.jar')!;
    const response = await patch(actors.creator.pat, {
      name: 'Fifth',
      version_number: '5.0.1',
      changelog: 'Fixed things.',
      version_type: 'beta',
      game_versions: ['1.20.2', '1.20.4'],
      loaders: ['forge', 'neoforge'],
      featured: true,
      status: 'unlisted',
      dependencies: [{ version_id: listed.key, dependency_type: 'incompatible' }],
      primary_file: ['sha512', sources.hashes.sha512],
      file_types: [{ algorithm: 'sha1', hash: sources.hashes.sha1, file_type: 'sources-jar' }],
    });
    expect(response.statusCode, response.body).toBe(204);
    expect((await patch(actors.creator.pat, { downloads: 50 })).statusCode).toBe(401);
    expect((await patch(actors.moderator.pat, { downloads: 50 })).statusCode).toBe(204);
    const edited = VersionSchema.parse((await get(`/v2/version/${version.id}`, 'anonymous')).json());
    expect(edited).toMatchObject({
      name: 'Fifth',
      version_number: '5.0.1',
      changelog: 'Fixed things.',
      version_type: 'beta',
      game_versions: ['1.20.2', '1.20.4'],
      loaders: ['forge', 'neoforge'],
      featured: true,
      status: 'unlisted',
      downloads: 50,
      dependencies: [{ version_id: listed.key, project_id: open.key, file_name: null, dependency_type: 'incompatible' }],
    });
    expect(edited.files.map((f) => [f.filename, f.primary, f.file_type])).toEqual([
      ['five-sources.jar', true, 'sources-jar'],
      ['five.jar', false, null],
    ]);
    const after = (await ctx.database.db.select({ downloads: projects.downloads }).from(projects).where(eq(projects.id, open.id)))[0]!.downloads;
    expect(after).toBe(before + 50);
    expect((await patch(actors.creator.pat, { game_versions: ['1.20.1'] })).statusCode).toBe(204);
    expect(VersionSchema.parse((await get(`/v2/version/${version.id}`, 'anonymous')).json())).toMatchObject({ game_versions: ['1.20.1'], loaders: ['forge', 'neoforge'] });
  });
});

describe('DELETE /v2/version/{id}', () => {
  it('needs VERSION_DELETE and DELETE_VERSION (admins bypass); removes rows and unused blobs', async () => {
    const db = ctx.database.db;
    const bytes = jar('doomed');
    const created = VersionSchema.parse((await postVersion(ctx.app, actors.creator.pat, versionData(open.key, { version_number: '9.9.9' }), [{ part: 'file', filename: 'doomed.jar', bytes }])).json());
    const del = (tokenValue: string | undefined, id = created.id) => call('DELETE', `/v2/version/${id}`, tokenValue);
    const uploader = await insertUserWithTokens(db);
    await addTeamMember(db, open.teamId, uploader.id, { permissions: PROJECT_PERMISSIONS.UPLOAD_VERSION });
    expect((await del(undefined)).statusCode).toBe(401);
    expect((await del(actors.stranger.pat)).statusCode).toBe(401);
    expect((await del(uploader.pat)).statusCode).toBe(401);
    expect((await del(actors.moderator.pat)).statusCode).toBe(401);
    const noDelete = await createPat(db, actors.creator.id, withoutRestricted(ALL_SCOPES) - scopeBits('VERSION_DELETE'));
    expect((await del(noDelete)).statusCode).toBe(401);
    expect((await del(actors.stranger.pat, draft.key)).statusCode).toBe(404);
    const outbox = async () => (await db.select().from(searchOutbox).where(eq(searchOutbox.projectId, open.id))).length;
    const before = await outbox();
    expect((await del(actors.creator.pat)).statusCode).toBe(204);
    expect(await outbox()).toBe(before + 1);
    expect((await get(`/v2/version/${created.id}`, 'moderator')).statusCode).toBe(404);
    expect(await ctx.files.read(`${created.files[0]!.hashes.sha512}.jar`)).toBeUndefined();
    expect((await db.select().from(versions).where(eq(versions.id, Number(draft.id)))).length).toBe(1);
    const adminTarget = await insertVersion(db, { projectId: open.id, authorId: actors.creator.id });
    expect((await del(actors.admin.pat, adminTarget.key)).statusCode).toBe(204);
    expect((await del(actors.creator.pat, 'ZZZZZZZZ')).statusCode).toBe(404);
  });
});

describe('version lists', () => {
  it('filters by loaders, game versions, featured and type, pages, and can leave changelogs out', async () => {
    const db = ctx.database.db;
    const project = await insertProject(db, { ownerId: actors.creator.id, slug: 'filtered' });
    const at = (minutes: number) => new Date(Date.UTC(2024, 0, 1, 0, minutes));
    const a = await insertVersion(db, { projectId: project.id, authorId: actors.creator.id, versionNumber: 'a', loaders: ['fabric'], gameVersions: ['1.20.1'], datePublished: at(1) });
    const b = await insertVersion(db, { projectId: project.id, authorId: actors.creator.id, versionNumber: 'b', loaders: ['forge'], gameVersions: ['1.20.2'], versionType: 'beta', datePublished: at(2) });
    const c = await insertVersion(db, { projectId: project.id, authorId: actors.creator.id, versionNumber: 'c', loaders: ['fabric', 'quilt'], gameVersions: ['1.20.2'], datePublished: at(3) });
    await db.update(versions).set({ featured: true, changelog: 'Long text' }).where(eq(versions.id, c.id));
    const ids = async (query: string) => (await get(`/v2/project/filtered/version${query}`, 'anonymous')).json().map((v: { version_number: string }) => v.version_number);
    expect(await ids('')).toEqual(['c', 'b', 'a']);
    expect(await ids(`?loaders=${encodeURIComponent('["fabric"]')}`)).toEqual(['c', 'a']);
    expect(await ids(`?game_versions=${encodeURIComponent('["1.20.2"]')}`)).toEqual(['c', 'b']);
    expect(await ids(`?loaders=${encodeURIComponent('["fabric"]')}&game_versions=${encodeURIComponent('["1.20.2"]')}`)).toEqual(['c']);
    expect(await ids('?featured=true')).toEqual(['c']);
    expect(await ids('?featured=false')).toEqual(['b', 'a']);
    expect(await ids('?version_type=beta')).toEqual(['b']);
    expect(await ids('?limit=1&offset=1')).toEqual(['b']);
    expect(await ids(`?loaders=${encodeURIComponent('["fabric"]')}&limit=1&offset=1`)).toEqual(['a']);
    const withoutChangelog = (await get('/v2/project/filtered/version?include_changelog=false', 'anonymous')).json();
    expect(withoutChangelog[0].changelog).toBe('');
    expect((await get(`/v2/project/filtered/version/${b.key}`, 'anonymous')).json().version_number).toBe('b');
    expect((await get('/v2/project/filtered/version/a', 'anonymous')).json().id).toBe(a.key);
    expect((await get('/v2/project/filtered/version/zzz', 'anonymous')).statusCode).toBe(404);
    // GET /versions sorts by explicit ordering, then oldest first.
    await db.update(versions).set({ ordering: 1 }).where(eq(versions.id, b.id));
    const many = (await get(`/v2/versions?ids=${JSON.stringify([a.key, b.key, c.key])}&include_changelog=false`, 'anonymous')).json();
    expect(many.map((v: { version_number: string }) => v.version_number)).toEqual(['b', 'a', 'c']);
    expect(many.every((v: { changelog: string }) => v.changelog === '')).toBe(true);
  });
});
