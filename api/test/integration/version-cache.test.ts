import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { eq } from 'drizzle-orm';
import { VersionSchema } from '@cairn/shared/schemas/versions';
import { HashVersionMapSchema } from '@cairn/shared/schemas/hashes';
import { versions } from '../../src/db/schema/catalogue.js';
import { onCatalogueChange } from '../../src/lib/catalogue-events.js';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient } from '../helpers/client.js';
import { createActors, insertUserWithTokens, type Actors, type TestUser } from '../factories/users.js';
import { addTeamMember, insertProject, insertVersion } from '../factories/catalogue.js';
import { jar, postVersion, sha1, versionData } from '../helpers/versions.js';

// The hash lookups answer from cached serialized versions: these check that every recorded
// change shows at once and that visibility is still decided for each caller.

let ctx: TestContext;
const call = testClient(() => ctx.app);
let actors: Actors;
let member: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx.database.db);
  member = await insertUserWithTokens(ctx.database.db, { username: 'TeamMate' });
});
afterAll(() => ctx.close());

type Viewer = 'anonymous' | 'stranger' | 'member' | 'owner' | 'moderator';
const tokenOf = (viewer: Viewer) =>
  ({ anonymous: undefined, stranger: actors.stranger.pat, member: member.pat, owner: actors.creator.pat, moderator: actors.moderator.pat })[viewer];

/** What each hash lookup answers for one hash: the bulk map's entry, the single lookup, the update checks. */
async function lookups(hash: string, viewer: Viewer = 'anonymous') {
  const inject = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const response = await call(method, url, tokenOf(viewer), payload);
    if (response.statusCode === 200) expect(response.headers['content-type'], url).toBe('application/json; charset=utf-8');
    return response;
  };
  const bulk = HashVersionMapSchema.parse((await inject('POST', '/v2/version_files', { hashes: [hash], algorithm: 'sha1' })).json())[hash];
  const single = await inject('GET', `/v2/version_file/${hash}`);
  const update = await inject('POST', `/v2/version_file/${hash}/update`, {});
  const bulkUpdate = HashVersionMapSchema.parse((await inject('POST', '/v2/version_files/update', { hashes: [hash], algorithm: 'sha1' })).json())[hash];
  return {
    bulk,
    single: single.statusCode === 200 ? VersionSchema.parse(single.json()) : single.statusCode,
    update: update.statusCode === 200 ? VersionSchema.parse(update.json()) : update.statusCode,
    bulkUpdate,
  };
}

const patchVersion = (id: string, body: object) => call('PATCH', `/v2/version/${id}`, actors.creator.pat, body);

/** Resolves when this process hears of a change to the project. */
const changeOf = (projectId: number) =>
  new Promise<void>((resolve) => {
    const stop = onCatalogueChange((ids) => {
      if (ids.includes(projectId)) {
        stop();
        resolve();
      }
    });
  });

describe('hash lookups served from cached versions', () => {
  it('answer from memory until a change is recorded, from any process', async () => {
    const project = await insertProject(ctx.database.db, { ownerId: actors.creator.id });
    const version = await insertVersion(ctx.database.db, { projectId: project.id, authorId: actors.creator.id, versionNumber: '1.0.0' });
    const names = async () => {
      const answers = await lookups(version.sha1);
      return [answers.bulk?.name, (answers.single as { name: string }).name, (answers.update as { name: string }).name, answers.bulkUpdate?.name];
    };
    expect(await names()).toEqual(Array(4).fill('Version 1.0.0'));
    // A write that bypasses the catalogue services is not seen: the copies come from the cache.
    await ctx.database.db.update(versions).set({ name: 'Silently renamed' }).where(eq(versions.id, version.id));
    expect(await names()).toEqual(Array(4).fill('Version 1.0.0'));

    // Another process records a change: its commit notification evicts the copies here.
    const otherProcess = postgres(ctx.config.database.url!, { max: 1, onnotice: () => {} });
    const heard = changeOf(project.id);
    await otherProcess`insert into search_outbox (project_id) values (${project.id})`;
    await heard;
    await otherProcess.end();
    expect(await names()).toEqual(Array(4).fill('Silently renamed'));
  });

  it('show edits, removed files and deleted versions at once', async () => {
    const project = await insertProject(ctx.database.db, { ownerId: actors.creator.id });
    const [kept, dropped] = [jar('kept'), jar('dropped')];
    const created = VersionSchema.parse(
      (
        await postVersion(ctx.app, actors.creator.pat, versionData(project.key, { changelog: 'First notes', file_parts: ['a', 'b'], primary_file: 'a' }), [
          { part: 'a', filename: 'kept.jar', bytes: kept },
          { part: 'b', filename: 'dropped.jar', bytes: dropped },
        ])
      ).json(),
    );
    const before = await lookups(sha1(kept));
    expect(before.bulk?.changelog).toBe('First notes');
    expect(before.bulk?.files.map((f) => f.filename).sort()).toEqual(['dropped.jar', 'kept.jar']);

    expect((await patchVersion(created.id, { changelog: 'Second notes', loaders: ['quilt'] })).statusCode).toBe(204);
    const edited = await lookups(sha1(kept));
    for (const version of [edited.bulk, edited.single, edited.update, edited.bulkUpdate]) {
      expect(version).toMatchObject({ id: created.id, changelog: 'Second notes', loaders: ['quilt'] });
    }

    const removeFile = await ctx.app.inject({ method: 'DELETE', url: `/v2/version_file/${sha1(dropped)}`, headers: { authorization: actors.creator.pat } });
    expect(removeFile.statusCode).toBe(204);
    expect((await lookups(sha1(kept))).bulk?.files.map((f) => f.filename)).toEqual(['kept.jar']);
    expect(await lookups(sha1(dropped))).toEqual({ bulk: undefined, single: 404, update: 404, bulkUpdate: undefined });

    const deleteVersion = await ctx.app.inject({ method: 'DELETE', url: `/v2/version/${created.id}`, headers: { authorization: actors.creator.pat } });
    expect(deleteVersion.statusCode).toBe(204);
    expect(await lookups(sha1(kept))).toEqual({ bulk: undefined, single: 404, update: 404, bulkUpdate: undefined });
  });

  it('offer a newly published version as the update at once, and stop offering it once unlisted', async () => {
    const project = await insertProject(ctx.database.db, { ownerId: actors.creator.id });
    const old = await insertVersion(ctx.database.db, { projectId: project.id, authorId: actors.creator.id, versionNumber: '1.0.0', datePublished: new Date(Date.UTC(2024, 0, 1)) });
    expect((await lookups(old.sha1)).bulkUpdate?.version_number).toBe('1.0.0');
    const newer = await postVersion(ctx.app, actors.creator.pat, versionData(project.key, { version_number: '2.0.0' }), [{ part: 'file', filename: 'new.jar', bytes: jar('new') }]);
    expect(newer.statusCode).toBe(200);
    const offered = await lookups(old.sha1);
    expect([offered.bulk?.version_number, (offered.update as { version_number: string }).version_number, offered.bulkUpdate?.version_number]).toEqual(['1.0.0', '2.0.0', '2.0.0']);
    expect((await patchVersion(newer.json().id, { status: 'unlisted' })).statusCode).toBe(204);
    expect((await lookups(old.sha1)).bulkUpdate?.version_number).toBe('1.0.0');
  });

  it('still decide for each caller whether a cached version may be seen', async () => {
    const project = await insertProject(ctx.database.db, { ownerId: actors.creator.id });
    await addTeamMember(ctx.database.db, project.teamId, member.id);
    // An older listed version, so the update checks have an answer while the newer one is a draft.
    await insertVersion(ctx.database.db, { projectId: project.id, authorId: actors.creator.id, datePublished: new Date(Date.UTC(2024, 0, 1)) });
    const version = await insertVersion(ctx.database.db, { projectId: project.id, authorId: actors.creator.id });
    const seenBy = async (viewer: Viewer) => {
      const answers = await lookups(version.sha1, viewer);
      const found = [answers.bulk !== undefined, answers.single !== 404, answers.update !== 404, answers.bulkUpdate !== undefined];
      // Every lookup agrees on whether the file is known to this caller.
      expect(new Set(found).size, viewer).toBe(1);
      return found[0];
    };
    const viewers = ['anonymous', 'stranger', 'member', 'owner', 'moderator'] as const;
    const visibility = async () => {
      const seen: Record<string, boolean | undefined> = {};
      for (const viewer of viewers) seen[viewer] = await seenBy(viewer);
      return seen;
    };
    const everyone = { anonymous: true, stranger: true, member: true, owner: true, moderator: true };
    const teamAndModerators = { anonymous: false, stranger: false, member: true, owner: true, moderator: true };

    // Cached while public (anonymous asks first); then the version becomes a draft.
    expect(await visibility()).toEqual(everyone);
    expect((await patchVersion(version.key, { status: 'draft' })).statusCode).toBe(204);
    // The team's request caches the draft first; outsiders asking afterwards still do not see it.
    expect(await seenBy('member')).toBe(true);
    expect((await lookups(version.sha1, 'member')).bulk?.status).toBe('draft');
    expect(await visibility()).toEqual(teamAndModerators);

    // Listed again, then the whole project made private.
    expect((await patchVersion(version.key, { status: 'listed' })).statusCode).toBe(204);
    expect(await visibility()).toEqual(everyone);
    const hide = await ctx.app.inject({ method: 'PATCH', url: `/v2/project/${project.slug}`, payload: { status: 'private' }, headers: { authorization: actors.creator.pat } });
    expect(hide.statusCode).toBe(204);
    expect(await visibility()).toEqual(teamAndModerators);
  });
});
