import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { HashProjectMapSchema, HashVersionMapSchema, type HashVersionMap } from '@cairn/shared/schemas/hashes';
import { versionFiles, versions } from '../../src/db/schema/catalogue.js';
import { randomId } from '../../src/lib/ids.js';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient } from '../helpers/client.js';
import { createActors, type Actors } from '../factories/users.js';
import { insertProject, insertVersion, type InsertedProject, type InsertedVersion } from '../factories/catalogue.js';

/*
 * POST /v2/version_files/update_individual (update checks with filters per hash) and
 * POST /v2/version_file/project (hash → project), the two lookups by hash the reference serves
 * outside its published contract.
 */
let ctx: TestContext;
let actors: Actors;
let alpha: InsertedProject;
let beta: InsertedProject;
/** alpha: fabric 1.20.1 (day 1), forge 1.20.1 (day 2), fabric 1.20.2 (day 3), forge 1.20.2 beta (day 4). */
let a1: InsertedVersion;
let a2: InsertedVersion;
let a3: InsertedVersion;
let a4: InsertedVersion;
/** beta: fabric 1.20.1 (day 1), fabric 1.20.4 (day 5). */
let b1: InsertedVersion;
let b2: InsertedVersion;

const at = (day: number) => new Date(Date.UTC(2024, 0, day));

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.database.db;
  actors = await createActors(db);
  const creator = actors.creator.id;
  alpha = await insertProject(db, { ownerId: creator, slug: 'alpha-mod' });
  beta = await insertProject(db, { ownerId: creator, slug: 'beta-mod' });
  a1 = await insertVersion(db, { projectId: alpha.id, authorId: creator, versionNumber: 'a1', loaders: ['fabric'], gameVersions: ['1.20.1'], datePublished: at(1) });
  a2 = await insertVersion(db, { projectId: alpha.id, authorId: creator, versionNumber: 'a2', loaders: ['forge'], gameVersions: ['1.20.1'], datePublished: at(2) });
  a3 = await insertVersion(db, { projectId: alpha.id, authorId: creator, versionNumber: 'a3', loaders: ['fabric'], gameVersions: ['1.20.2'], datePublished: at(3) });
  a4 = await insertVersion(db, { projectId: alpha.id, authorId: creator, versionNumber: 'a4', loaders: ['forge'], gameVersions: ['1.20.2'], versionType: 'beta', datePublished: at(4) });
  b1 = await insertVersion(db, { projectId: beta.id, authorId: creator, versionNumber: 'b1', loaders: ['fabric'], gameVersions: ['1.20.1'], datePublished: at(1) });
  b2 = await insertVersion(db, { projectId: beta.id, authorId: creator, versionNumber: 'b2', loaders: ['fabric'], gameVersions: ['1.20.4'], datePublished: at(5) });
});
afterAll(() => ctx.close());

const call = testClient(() => ctx.app);
const post = (url: string, payload: unknown, token?: string) => call('POST', url, token, payload as object);

/** hash → version number of the answer. */
const numbers = (map: HashVersionMap) => Object.fromEntries(Object.entries(map).map(([hash, version]) => [hash, version.version_number]));

async function updateIndividual(payload: unknown, token?: string): Promise<Record<string, string>> {
  const response = await post('/v2/version_files/update_individual', payload, token);
  expect(response.statusCode, response.body).toBe(200);
  return numbers(HashVersionMapSchema.parse(response.json()));
}

async function projectsOf(payload: unknown, token?: string): Promise<Record<string, string>> {
  const response = await post('/v2/version_file/project', payload, token);
  expect(response.statusCode, response.body).toBe(200);
  return Object.fromEntries(Object.entries(HashProjectMapSchema.parse(response.json())).map(([hash, project]) => [hash, project.slug]));
}

/** A copy of `version`'s file in `into` (the same hashes in a second version). */
async function copyFile(version: InsertedVersion, into: InsertedVersion): Promise<void> {
  const db = ctx.database.db;
  const [file] = await db.select().from(versionFiles).where(eq(versionFiles.versionId, version.id));
  await db.insert(versionFiles).values({ ...file!, id: Number(randomId()), versionId: into.id, primary: false });
}

describe('POST /v2/version_files/update_individual', () => {
  it('answers each hash with the newest version matching its own filters', async () => {
    expect(
      await updateIndividual({
        hashes: [
          { hash: a1.sha1, loaders: ['forge'] },
          { hash: a2.sha1, loaders: ['fabric'], game_versions: ['1.20.1'] },
          { hash: a3.sha1, game_versions: ['1.20.1'], version_types: ['release'] },
          { hash: b1.sha1, loaders: ['fabric'], game_versions: ['1.20.1', '1.20.2'] },
        ],
      }),
    ).toEqual({ [a1.sha1]: 'a4', [a2.sha1]: 'a1', [a3.sha1]: 'a2', [b1.sha1]: 'b1' });
    // The same two files with their filters swapped.
    expect(
      await updateIndividual({
        hashes: [
          { hash: a1.sha1, loaders: ['fabric'], game_versions: ['1.20.1'] },
          { hash: b1.sha1, loaders: ['forge'] },
        ],
      }),
    ).toEqual({ [a1.sha1]: 'a1' });
  });

  it('without filters takes the newest version; empty filter lists match nothing, as on /version_files/update', async () => {
    expect(await updateIndividual({ hashes: [{ hash: a1.sha1 }, { hash: b1.sha1 }] })).toEqual({ [a1.sha1]: 'a4', [b1.sha1]: 'b2' });
    expect(await updateIndividual({ hashes: [] })).toEqual({});
    for (const empty of [{ loaders: [] }, { game_versions: [] }, { version_types: [] }]) {
      expect(await updateIndividual({ hashes: [{ hash: a1.sha1, ...empty }, { hash: b1.sha1 }] }), JSON.stringify(empty)).toEqual({ [b1.sha1]: 'b2' });
      const bulk = await post('/v2/version_files/update', { hashes: [a1.sha1], ...empty });
      expect(bulk.json(), JSON.stringify(empty)).toEqual({});
    }
  });

  it('leaves unknown hashes out, and answers a hash listed twice with its first entry', async () => {
    const unknown = ['f'.repeat(40), 'not-a-hash', a1.sha512.slice(0, 40)];
    expect(await updateIndividual({ hashes: [...unknown.map((hash) => ({ hash })), { hash: b1.sha1, game_versions: ['1.20.1'] }] })).toEqual({ [b1.sha1]: 'b1' });
    expect(await updateIndividual({ hashes: [{ hash: a1.sha1, loaders: ['fabric'] }, { hash: a1.sha1, loaders: ['forge'] }] })).toEqual({ [a1.sha1]: 'a3' });
  });

  it('takes sha1 and sha512, named or guessed from the length, in any case', async () => {
    const filters = { loaders: ['fabric'] };
    expect(await updateIndividual({ algorithm: 'sha512', hashes: [{ hash: a2.sha512, ...filters }] })).toEqual({ [a2.sha512]: 'a3' });
    expect(await updateIndividual({ hashes: [{ hash: a2.sha512.toUpperCase(), ...filters }, { hash: b1.sha512 }] })).toEqual({ [a2.sha512]: 'a3', [b1.sha512]: 'b2' });
    expect(await updateIndividual({ algorithm: 'sha1', hashes: [{ hash: a2.sha1.toUpperCase(), ...filters }] })).toEqual({ [a2.sha1]: 'a3' });
    // The algorithm applies to every hash: a sha512 among sha1s (or named wrongly) is unknown.
    expect(await updateIndividual({ hashes: [{ hash: a2.sha1 }, { hash: b1.sha512 }] })).toEqual({ [a2.sha1]: 'a4' });
    expect(await updateIndividual({ algorithm: 'sha512', hashes: [{ hash: a2.sha1 }] })).toEqual({});
  });

  it('never offers hidden versions, and answers files of hidden projects or versions to no one else', async () => {
    const db = ctx.database.db;
    const creator = actors.creator.id;
    const project = await insertProject(db, { ownerId: creator, slug: 'hidden-updates' });
    const listed = await insertVersion(db, { projectId: project.id, authorId: creator, versionNumber: 'h1', datePublished: at(1) });
    for (const status of ['draft', 'unlisted', 'scheduled']) {
      await insertVersion(db, { projectId: project.id, authorId: creator, versionNumber: `h-${status}`, status, datePublished: at(20) });
    }
    const draft = await insertVersion(db, { projectId: project.id, authorId: creator, versionNumber: 'h-draft-file', status: 'draft', datePublished: at(21) });
    const privateProject = await insertProject(db, { ownerId: creator, slug: 'private-updates', status: 'private' });
    const secret = await insertVersion(db, { projectId: privateProject.id, authorId: creator, versionNumber: 'p1' });
    const payload = { hashes: [listed.sha1, draft.sha1, secret.sha1].map((hash) => ({ hash, loaders: ['fabric'] })) };

    // Only listed (and archived) versions are candidates, even for the team.
    for (const token of [actors.creator.pat, actors.moderator.pat]) {
      expect(await updateIndividual(payload, token)).toEqual({ [listed.sha1]: 'h1', [draft.sha1]: 'h1', [secret.sha1]: 'p1' });
    }
    // Outsiders do not learn that the draft file or the private project exist.
    for (const token of [undefined, actors.stranger.pat, actors.user.pat]) {
      expect(await updateIndividual(payload, token)).toEqual({ [listed.sha1]: 'h1' });
    }
  });

  it('answers a file held by several versions from the project of the newest one', async () => {
    const db = ctx.database.db;
    const creator = actors.creator.id;
    const older = await insertProject(db, { ownerId: creator, slug: 'shared-file-old' });
    const newer = await insertProject(db, { ownerId: creator, slug: 'shared-file-new' });
    const original = await insertVersion(db, { projectId: older.id, authorId: creator, versionNumber: 'o1', datePublished: at(1) });
    await insertVersion(db, { projectId: older.id, authorId: creator, versionNumber: 'o2', datePublished: at(6) });
    const reupload = await insertVersion(db, { projectId: newer.id, authorId: creator, versionNumber: 'n1', datePublished: at(3) });
    await copyFile(original, reupload);
    expect(await updateIndividual({ hashes: [{ hash: original.sha1 }] })).toEqual({ [original.sha1]: 'n1' });
    expect(await projectsOf({ hashes: [original.sha1] })).toEqual({ [original.sha1]: 'shared-file-new' });
    // Hidden from the caller, the newer copy does not count.
    await db.update(versions).set({ status: 'draft' }).where(eq(versions.id, reupload.id));
    expect(await updateIndividual({ hashes: [{ hash: original.sha1 }] })).toEqual({ [original.sha1]: 'o2' });
    expect(await projectsOf({ hashes: [original.sha1] })).toEqual({ [original.sha1]: 'shared-file-old' });
    // Within one project, every copy leads to the same answer.
    const again = await insertVersion(db, { projectId: older.id, authorId: creator, versionNumber: 'o3', loaders: ['quilt'], datePublished: at(2) });
    await copyFile(original, again);
    expect(await updateIndividual({ hashes: [{ hash: original.sha1, loaders: ['fabric'] }] })).toEqual({ [original.sha1]: 'o2' });
  });

  it('ranks candidates by manual ordering as the reference does on this route and the single-hash update, where /version_files/update takes the newest', async () => {
    const db = ctx.database.db;
    const creator = actors.creator.id;
    const project = await insertProject(db, { ownerId: creator, slug: 'ordered-mod' });
    const setOrdering = (version: InsertedVersion, ordering: number | null) => db.update(versions).set({ ordering }).where(eq(versions.id, version.id));
    const o1 = await insertVersion(db, { projectId: project.id, authorId: creator, versionNumber: 'ordered-2', datePublished: at(1) });
    const o2 = await insertVersion(db, { projectId: project.id, authorId: creator, versionNumber: 'ordered-1', datePublished: at(4) });
    const plain = await insertVersion(db, { projectId: project.id, authorId: creator, versionNumber: 'unordered', datePublished: at(2) });
    await setOrdering(o1, 2);
    await setOrdering(o2, 1);
    const individual = async () => (await updateIndividual({ hashes: [{ hash: o1.sha1 }] }))[o1.sha1];
    const bulk = async () => numbers(HashVersionMapSchema.parse((await post('/v2/version_files/update', { hashes: [o1.sha1] })).json()))[o1.sha1];
    const single = async () => (await post(`/v2/version_file/${o1.sha1}/update`, {})).json().version_number;

    // Versions without an ordering rank after every ordered one: the newest of them wins.
    expect(await individual()).toBe('unordered');
    expect(await single()).toBe('unordered');
    expect(await bulk()).toBe('ordered-1');
    // With every version ordered, the highest ordering wins, whatever the dates.
    await setOrdering(plain, 0);
    expect(await individual()).toBe('ordered-2');
    expect(await single()).toBe('ordered-2');
    expect(await bulk()).toBe('ordered-1');
    // Equal orderings fall back to the date.
    await setOrdering(o1, 1);
    expect(await individual()).toBe('ordered-1');
  });

  it('refuses malformed bodies with a 400 naming the field', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{}, /'hashes'/],
      [{ hashes: 'abc' }, /'hashes'/],
      [{ hashes: [a1.sha1] }, /'hashes\.0'/],
      [{ hashes: [{ hash: a1.sha1 }, { hash: b1.sha1 }, { hash: a2.sha1, loaders: 'fabric' }] }, /'hashes\.2\.loaders'/],
      [{ hashes: [{ hash: a1.sha1, game_versions: [1] }] }, /'hashes\.0\.game_versions\.0'/],
      [{ hashes: [{ hash: a1.sha1, version_types: ['nightly'] }] }, /'hashes\.0\.version_types\.0'/],
      [{ hashes: [{ loaders: ['fabric'] }] }, /'hashes\.0\.hash'/],
      [{ hashes: [{ hash: '' }] }, /'hashes\.0\.hash'/],
      [{ hashes: [{ hash: 'a'.repeat(129) }] }, /'hashes\.0\.hash'/],
      [{ hashes: [{ hash: a1.sha1 }], algorithm: 'md5' }, /'algorithm'/],
      [{ hashes: Array.from({ length: 1001 }, () => ({ hash: a1.sha1 })) }, /'hashes'/],
    ];
    for (const [payload, field] of cases) {
      const response = await post('/v2/version_files/update_individual', payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(400);
      expect(response.json()).toEqual({ error: 'invalid_input', description: expect.stringMatching(field) });
    }
  });
});

describe('POST /v2/version_file/project', () => {
  it('maps each known hash to its project, in the shape of GET /v2/project/{id}', async () => {
    const response = await post('/v2/version_file/project', { hashes: [a1.sha1, a4.sha1, b2.sha1, 'f'.repeat(40)], algorithm: 'sha1' });
    expect(response.statusCode).toBe(200);
    const map = HashProjectMapSchema.parse(response.json());
    expect(Object.keys(map).sort()).toEqual([a1.sha1, a4.sha1, b2.sha1].sort());
    const alphaProject = (await ctx.app.inject({ method: 'GET', url: `/v2/project/${alpha.key}` })).json();
    const betaProject = (await ctx.app.inject({ method: 'GET', url: `/v2/project/${beta.key}` })).json();
    expect(response.json()).toEqual({ [a1.sha1]: alphaProject, [a4.sha1]: alphaProject, [b2.sha1]: betaProject });
  });

  it('takes sha1 and sha512, and answers an empty list with an empty map', async () => {
    expect(await projectsOf({ hashes: [a3.sha512.toUpperCase(), b1.sha512] })).toEqual({ [a3.sha512]: 'alpha-mod', [b1.sha512]: 'beta-mod' });
    expect(await projectsOf({ hashes: [a3.sha512], algorithm: 'sha512' })).toEqual({ [a3.sha512]: 'alpha-mod' });
    expect(await projectsOf({ hashes: [a3.sha512], algorithm: 'sha1' })).toEqual({});
    expect(await projectsOf({ hashes: [] })).toEqual({});
  });

  it('answers files of hidden projects and versions to their team only', async () => {
    const db = ctx.database.db;
    const creator = actors.creator.id;
    const draftProject = await insertProject(db, { ownerId: creator, slug: 'draft-lookup', status: 'draft' });
    const inDraftProject = await insertVersion(db, { projectId: draftProject.id, authorId: creator });
    const draftVersion = await insertVersion(db, { projectId: beta.id, authorId: creator, status: 'draft', datePublished: at(30) });
    const payload = { hashes: [inDraftProject.sha1, draftVersion.sha1, b1.sha1] };
    const all = { [inDraftProject.sha1]: 'draft-lookup', [draftVersion.sha1]: 'beta-mod', [b1.sha1]: 'beta-mod' };
    expect(await projectsOf(payload, actors.creator.pat)).toEqual(all);
    expect(await projectsOf(payload, actors.moderator.pat)).toEqual(all);
    for (const token of [undefined, actors.stranger.pat, actors.user.pat]) {
      const response = await post('/v2/version_file/project', payload, token);
      expect(response.json()).toEqual({ [b1.sha1]: expect.objectContaining({ slug: 'beta-mod' }) });
      expect(response.body).not.toContain(draftProject.key);
    }
  });

  it('refuses malformed bodies with a 400 naming the field', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{}, /'hashes'/],
      [{ hashes: a1.sha1 }, /'hashes'/],
      [{ hashes: [a1.sha1, 42] }, /'hashes\.1'/],
      [{ hashes: [a1.sha1], algorithm: 'md5' }, /'algorithm'/],
      [{ hashes: Array.from({ length: 1001 }, () => a1.sha1) }, /'hashes'/],
    ];
    for (const [payload, field] of cases) {
      const response = await post('/v2/version_file/project', payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(400);
      expect(response.json()).toEqual({ error: 'invalid_input', description: expect.stringMatching(field) });
    }
  });
});

describe('the published OpenAPI document', () => {
  it('describes both routes, their bodies, answers and scopes (so fuzzing and contract checks reach them)', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/v2/openapi.json' })).json();
    const individual = document.paths['/v2/version_files/update_individual'].post;
    expect(individual.operationId).toBe('getLatestVersionsFromIndividualHashes');
    expect(individual.description).toContain('Authentication: optional. Scopes: VERSION_READ.');
    expect(Object.keys(individual.requestBody.content['application/json'].schema.properties.hashes.items.properties).sort()).toEqual(['game_versions', 'hash', 'loaders', 'version_types']);
    expect(individual.responses['200']).toBeDefined();
    const projects = document.paths['/v2/version_file/project'].post;
    expect(projects.operationId).toBe('projectsFromHashes');
    expect(projects.description).toContain('Authentication: optional. Scopes: PROJECT_READ, VERSION_READ.');
    expect(projects.responses['200']).toBeDefined();
  });
});
