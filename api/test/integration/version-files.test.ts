import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { count, eq } from 'drizzle-orm';
import { VersionSchema } from '@cairn/shared/schemas/versions';
import { HashVersionMapSchema } from '@cairn/shared/schemas/hashes';
import { ForgeUpdatesSchema, StatisticsSchema } from '@cairn/shared/schemas/statistics';
import { PROJECT_PERMISSIONS } from '@cairn/shared/constants/permissions';
import { versionFiles, versions } from '../../src/db/schema/catalogue.js';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient } from '../helpers/client.js';
import { createActors, insertUserWithTokens, type Actors } from '../factories/users.js';
import { addTeamMember, insertProject, insertVersion, type InsertedProject, type InsertedVersion } from '../factories/catalogue.js';
import { jar, postVersion, sha1, sha512, versionData } from '../helpers/versions.js';

let ctx: TestContext;
let actors: Actors;
let project: InsertedProject;
let v099: InsertedVersion;
let v150: InsertedVersion;
let v151: InsertedVersion;

const at = (day: number) => new Date(Date.UTC(2024, 0, day));

beforeAll(async () => {
  ctx = await createTestContext({ env: { PUBLIC_SITE_URL: 'https://site.test' } });
  const db = ctx.database.db;
  actors = await createActors(db);
  project = await insertProject(db, { ownerId: actors.creator.id, slug: 'updater' });
  // The reference scenario: three versions, each newer than the last.
  v099 = await insertVersion(db, { projectId: project.id, authorId: actors.creator.id, versionNumber: '0.9.9', loaders: ['fabric'], gameVersions: ['1.20.1'], datePublished: at(1) });
  v150 = await insertVersion(db, { projectId: project.id, authorId: actors.creator.id, versionNumber: '1.5.0', loaders: ['fabric'], gameVersions: ['1.20.3'], datePublished: at(2) });
  v151 = await insertVersion(db, { projectId: project.id, authorId: actors.creator.id, versionNumber: '1.5.1', loaders: ['forge'], gameVersions: ['1.20.4'], versionType: 'beta', datePublished: at(3) });
});
afterAll(() => ctx.close());

const call = testClient(() => ctx.app);
const post = (url: string, payload: object) => call('POST', url, undefined, payload);
const get = (url: string) => call('GET', url);

describe('lookups by hash', () => {
  it('finds the version with either algorithm, guessing the algorithm from the length', async () => {
    for (const url of [`/v2/version_file/${v150.sha1}?algorithm=sha1`, `/v2/version_file/${v150.sha1}`, `/v2/version_file/${v150.sha512}?algorithm=sha512`, `/v2/version_file/${v150.sha512}`, `/v2/version_file/${v150.sha1.toUpperCase()}`]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(VersionSchema.parse(response.json()).id, url).toBe(v150.key);
    }
    expect((await get(`/v2/version_file/${v150.sha1}?algorithm=sha512`)).statusCode).toBe(404);
    expect((await get(`/v2/version_file/${v150.sha1}?algorithm=md5`)).statusCode).toBe(400);
  });

  it('returns every version holding the file with multiple=true, or the one named by version_id', async () => {
    const db = ctx.database.db;
    // The same file in a second, newer version of the project.
    const [file] = await db.select().from(versionFiles).where(eq(versionFiles.sha1, v099.sha1));
    const reuse = await insertVersion(db, { projectId: project.id, authorId: actors.creator.id, versionNumber: '0.9.9-again', datePublished: new Date(Date.UTC(2024, 0, 1, 12)) });
    await db.insert(versionFiles).values({ ...file!, id: file!.id + 1, versionId: reuse.id });
    const multiple = z.array(VersionSchema).parse((await get(`/v2/version_file/${v099.sha1}?multiple=true`)).json());
    expect(multiple.map((v) => v.id)).toEqual([reuse.key, v099.key]);
    expect((await get(`/v2/version_file/${v099.sha1}`)).json().id).toBe(reuse.key);
    expect((await get(`/v2/version_file/${v099.sha1}?version_id=${v099.key}`)).json().id).toBe(v099.key);
    expect((await get(`/v2/version_file/${v099.sha1}?version_id=ZZZZZZZZ`)).statusCode).toBe(404);
    await db.delete(versions).where(eq(versions.id, reuse.id));
  });

  it('redirects to the file URL with 307', async () => {
    const response = await get(`/v2/version_file/${v150.sha512}/download`);
    expect(response.statusCode).toBe(307);
    expect(response.headers.location).toBe(`${ctx.config.publicApiUrl}/data/${project.key}/versions/${v150.key}/file-1.5.0.jar`);
    expect(response.json()).toEqual({ url: response.headers.location });
  });

  it('maps many hashes at once, leaving unknown ones out', async () => {
    const response = await post('/v2/version_files', { hashes: [v099.sha1, v151.sha1, 'f'.repeat(40)], algorithm: 'sha1' });
    expect(response.statusCode).toBe(200);
    const map = HashVersionMapSchema.parse(response.json());
    expect(Object.fromEntries(Object.entries(map).map(([h, v]) => [h, v.version_number]))).toEqual({ [v099.sha1]: '0.9.9', [v151.sha1]: '1.5.1' });
    const bySha512 = HashVersionMapSchema.parse((await post('/v2/version_files', { hashes: [v150.sha512] })).json());
    expect(Object.keys(bySha512)).toEqual([v150.sha512]);
    expect((await post('/v2/version_files', { hashes: [], algorithm: 'sha1' })).json()).toEqual({});
  });
});

describe('update checks choose the newest version matching the filters', () => {
  const cases: Array<[string, object, string | null]> = [
    ['fabric', { loaders: ['fabric'] }, '1.5.0'],
    ['forge', { loaders: ['forge'] }, '1.5.1'],
    ['1.20.1', { game_versions: ['1.20.1'] }, '0.9.9'],
    ['1.20.3 fabric', { loaders: ['fabric'], game_versions: ['1.20.3'] }, '1.5.0'],
    ['1.20.4 forge beta', { loaders: ['forge'], game_versions: ['1.20.4'], version_types: ['beta'] }, '1.5.1'],
    ['releases', { version_types: ['release'] }, '1.5.0'],
    ['releases or betas on 1.20.1/1.20.3', { game_versions: ['1.20.1', '1.20.3'], version_types: ['release', 'beta'] }, '1.5.0'],
    ['impossible: forge on 1.20.1', { loaders: ['forge'], game_versions: ['1.20.1'] }, null],
    ['impossible: alpha', { version_types: ['alpha'] }, null],
    ['unfiltered', {}, '1.5.1'],
  ];
  for (const [name, filters, expected] of cases) {
    it(`${name} → ${expected ?? 'none'}`, async () => {
      const single = await post(`/v2/version_file/${v099.sha1}/update?algorithm=sha1`, filters);
      const bulk = HashVersionMapSchema.parse((await post('/v2/version_files/update', { hashes: [v099.sha512, v150.sha512], algorithm: 'sha512', ...filters })).json());
      if (expected === null) {
        expect(single.statusCode).toBe(404);
        expect(bulk).toEqual({});
      } else {
        expect(single.statusCode).toBe(200);
        expect(VersionSchema.parse(single.json()).version_number).toBe(expected);
        expect(Object.keys(bulk).sort()).toEqual([v099.sha512, v150.sha512].sort());
        expect(Object.values(bulk).map((v) => v.version_number)).toEqual([expected, expected]);
      }
    });
  }

  it('never offers drafts or unlisted versions, and works per project in bulk', async () => {
    const db = ctx.database.db;
    await insertVersion(db, { projectId: project.id, authorId: actors.creator.id, versionNumber: '2.0.0-draft', status: 'draft', datePublished: at(10) });
    await insertVersion(db, { projectId: project.id, authorId: actors.creator.id, versionNumber: '2.0.0-unlisted', status: 'unlisted', datePublished: at(11) });
    const other = await insertProject(db, { ownerId: actors.stranger.id });
    const otherOld = await insertVersion(db, { projectId: other.id, authorId: actors.stranger.id, versionNumber: 'o1', datePublished: at(1) });
    await insertVersion(db, { projectId: other.id, authorId: actors.stranger.id, versionNumber: 'o2', datePublished: at(5) });
    const asCreator = await ctx.app.inject({ method: 'POST', url: '/v2/version_files/update', headers: { authorization: actors.creator.pat }, payload: { hashes: [v099.sha1, otherOld.sha1], algorithm: 'sha1' } });
    const map = HashVersionMapSchema.parse(asCreator.json());
    expect(map[v099.sha1]!.version_number).toBe('1.5.1');
    expect(map[otherOld.sha1]!.version_number).toBe('o2');
  });

  it('refuses malformed filters', async () => {
    expect((await post(`/v2/version_file/${v099.sha1}/update`, { version_types: ['nightly'] })).statusCode).toBe(400);
    expect((await post('/v2/version_files/update', { hashes: 'abc' })).statusCode).toBe(400);
  });
});

describe('DELETE /v2/version_file/{hash}', () => {
  it('removes one file, never the last one of its version; needs DELETE_VERSION', async () => {
    const first = jar('keep');
    const second = jar('drop');
    const created = VersionSchema.parse(
      (
        await postVersion(ctx.app, actors.creator.pat, versionData(project.key, { version_number: '7.0.0', file_parts: ['a', 'b'], primary_file: 'b' }), [
          { part: 'a', filename: 'keep.jar', bytes: first },
          { part: 'b', filename: 'drop.jar', bytes: second },
        ])
      ).json(),
    );
    const del = (token: string | undefined, hash: string) => call('DELETE', `/v2/version_file/${hash}`, token);
    const uploader = await insertUserWithTokens(ctx.database.db);
    await addTeamMember(ctx.database.db, project.teamId, uploader.id, { permissions: PROJECT_PERMISSIONS.UPLOAD_VERSION });
    expect((await del(undefined, sha1(second))).statusCode).toBe(401);
    expect((await del(actors.stranger.pat, sha1(second))).statusCode).toBe(401);
    expect((await del(uploader.pat, sha1(second))).statusCode).toBe(401);
    expect((await del(actors.creator.pat, sha512(second))).statusCode).toBe(204);
    expect(await ctx.files.read(`${sha512(second)}.jar`)).toBeUndefined();
    const after = VersionSchema.parse((await get(`/v2/version/${created.id}`)).json());
    expect(after.files.map((f) => [f.filename, f.primary])).toEqual([['keep.jar', true]]);
    const last = await del(actors.creator.pat, sha1(first));
    expect(last.statusCode).toBe(400);
    expect(last.json().description).toMatch(/only file/);
    expect((await ctx.database.db.select({ n: count() }).from(versionFiles).where(eq(versionFiles.sha1, sha1(first))))[0]!.n).toBe(1);
  });
});

describe('Forge update checker file', () => {
  it('lists the newest and the recommended Forge version per game version, at the root and under /v2', async () => {
    const db = ctx.database.db;
    const mod = await insertProject(db, { ownerId: actors.creator.id, slug: 'forge-mod' });
    await insertVersion(db, { projectId: mod.id, authorId: actors.creator.id, versionNumber: '1.0.0', loaders: ['forge'], gameVersions: ['1.20.1'], datePublished: at(1) });
    await insertVersion(db, { projectId: mod.id, authorId: actors.creator.id, versionNumber: '1.1.0-beta', loaders: ['forge'], gameVersions: ['1.20.1'], versionType: 'beta', datePublished: at(2) });
    await insertVersion(db, { projectId: mod.id, authorId: actors.creator.id, versionNumber: '1.1.0', loaders: ['forge', 'neoforge'], gameVersions: ['1.20.2'], datePublished: at(3) });
    await insertVersion(db, { projectId: mod.id, authorId: actors.creator.id, versionNumber: '1.2.0', loaders: ['neoforge'], gameVersions: ['1.20.4'], datePublished: at(4) });
    await insertVersion(db, { projectId: mod.id, authorId: actors.creator.id, versionNumber: '1.3.0', loaders: ['fabric'], gameVersions: ['1.20.1'], datePublished: at(5) });
    await insertVersion(db, { projectId: mod.id, authorId: actors.creator.id, versionNumber: '9.0.0', loaders: ['forge'], gameVersions: ['1.20.1'], status: 'draft', datePublished: at(6) });

    const forge = await get('/updates/forge-mod/forge_updates.json');
    expect(forge.statusCode).toBe(200);
    expect(ForgeUpdatesSchema.parse(forge.json())).toEqual({
      homepage: 'https://site.test/mod/forge-mod',
      promos: { '1.20.1-latest': '1.1.0-beta', '1.20.1-recommended': '1.0.0', '1.20.2-latest': '1.1.0', '1.20.2-recommended': '1.1.0' },
    });
    expect((await get(`/v2/updates/${mod.key}/forge_updates.json`)).json()).toEqual(forge.json());
    expect((await get('/updates/forge-mod/forge_updates.json?neoforge=only')).json().promos).toEqual({
      '1.20.2-latest': '1.1.0',
      '1.20.2-recommended': '1.1.0',
      '1.20.4-latest': '1.2.0',
      '1.20.4-recommended': '1.2.0',
    });
    expect(Object.keys((await get('/updates/forge-mod/forge_updates.json?neoforge=include')).json().promos)).toHaveLength(6);
    expect((await get('/updates/forge-mod/forge_updates.json?neoforge=sometimes')).statusCode).toBe(400);
    expect((await get('/updates/no-such-mod/forge_updates.json')).statusCode).toBe(400);
    const hidden = await insertProject(db, { ownerId: actors.creator.id, slug: 'hidden-forge', status: 'draft' });
    expect((await get(`/updates/${hidden.slug}/forge_updates.json`)).statusCode).toBe(400);
  });
});

describe('GET /v2/statistics', () => {
  it('counts public projects, their listed versions and files, and their authors', async () => {
    const before = StatisticsSchema.parse((await get('/v2/statistics')).json());
    const db = ctx.database.db;
    const author = await insertUserWithTokens(db);
    const published = await insertProject(db, { ownerId: author.id });
    await addTeamMember(db, published.teamId, actors.user.id, { accepted: false });
    await insertVersion(db, { projectId: published.id, authorId: author.id });
    await insertVersion(db, { projectId: published.id, authorId: author.id, status: 'draft' });
    const drafted = await insertProject(db, { ownerId: actors.stranger.id, status: 'draft' });
    await insertVersion(db, { projectId: drafted.id, authorId: actors.stranger.id });
    const after = StatisticsSchema.parse((await get('/v2/statistics')).json());
    expect(after).toEqual({ projects: before.projects + 1, versions: before.versions + 1, files: before.files + 1, authors: before.authors + 1 });
  });
});
