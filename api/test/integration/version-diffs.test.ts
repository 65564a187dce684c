import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VersionDiffSchema, type VersionDiff } from '@cairn/shared/schemas/version-diffs';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient } from '../helpers/client.js';
import { createActors, type Actors } from '../factories/users.js';
import { insertProject, type InsertedProject } from '../factories/catalogue.js';
import { jar, mrpack, postVersion, sha1, sha512, versionData, type VersionData } from '../helpers/versions.js';

// GET /v2/project/{id|slug}/compare: a mod with four versions whose files, dependencies and game
// versions change (one of them a draft), and a modpack whose contents change between two versions.

let ctx: TestContext;
let actors: Actors;
let library: InsertedProject;
let needed: InsertedProject;
let extra: InsertedProject;
const v: Record<'one' | 'two' | 'three' | 'four', { id: string; bytes: Buffer }> = {} as never;

const call = testClient(() => ctx.app);
const db = () => ctx.database.db;

async function upload(project: InsertedProject, data: VersionData, files: Array<{ filename: string; bytes: Buffer }>, token = actors.creator.pat) {
  const parts = files.map((f, i) => ({ part: `file${i}`, filename: f.filename, bytes: f.bytes }));
  const response = await postVersion(ctx.app, token, versionData(project.key, { file_parts: parts.map((p) => p.part), primary_file: 'file0', ...data }), parts);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: string }>().id;
}

async function compare(project: string, from: string, to: string, token?: string) {
  return call('GET', `/v2/project/${project}/compare?from=${from}&to=${to}`, token);
}

async function diffOf(project: string, from: string, to: string, token?: string): Promise<VersionDiff> {
  const response = await compare(project, from, to, token);
  expect(response.statusCode, response.body).toBe(200);
  return VersionDiffSchema.parse(response.json());
}

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(db());
  library = await insertProject(db(), { ownerId: actors.creator.id, slug: 'diff-library', title: 'Diff Library' });
  needed = await insertProject(db(), { ownerId: actors.stranger.id, slug: 'needed-api', title: 'Needed API' });
  extra = await insertProject(db(), { ownerId: actors.stranger.id, slug: 'extra-api', title: 'Extra API' });
  const one = jar('one');
  const two = jar('two');
  const three = jar('three');
  const four = jar('four');
  const sources = jar('sources');
  v.one = {
    bytes: one,
    id: await upload(library, { version_number: '1.0.0', changelog: 'First release.', game_versions: ['1.20.1'], dependencies: [{ project_id: needed.key, dependency_type: 'required' }] }, [
      { filename: 'library.jar', bytes: one },
    ]),
  };
  v.two = {
    bytes: two,
    id: await upload(library, { version_number: '1.1.0', changelog: 'Runs on 1.20.2 too.', game_versions: ['1.20.1', '1.20.2'], dependencies: [{ project_id: needed.key, dependency_type: 'required' }] }, [
      { filename: 'library.jar', bytes: two },
    ]),
  };
  v.three = {
    bytes: three,
    id: await upload(library, { version_number: '1.2.0-draft', changelog: 'Secret work.', status: 'draft', game_versions: ['1.20.2'] }, [{ filename: 'library.jar', bytes: three }]),
  };
  v.four = {
    bytes: four,
    id: await upload(
      library,
      {
        version_number: '2.0.0',
        changelog: 'Quilt support, sources.',
        game_versions: ['1.20.2'],
        loaders: ['fabric', 'quilt'],
        dependencies: [
          { project_id: needed.key, dependency_type: 'optional' },
          { project_id: extra.key, dependency_type: 'required' },
        ],
      },
      [
        { filename: 'library.jar', bytes: four },
        { filename: 'library-sources.jar', bytes: sources },
      ],
    ),
  };
});
afterAll(() => ctx?.close());

describe('comparing two versions of a mod', () => {
  it('answers every change and every changelog in between (the team sees the draft)', async () => {
    const diff = await diffOf('diff-library', v.one.id, v.four.id, actors.creator.pat);
    expect(diff.swapped).toBe(false);
    expect(diff.project_id).toBe(library.key);
    expect(diff.from).toMatchObject({ id: v.one.id, version_number: '1.0.0' });
    expect(diff.to).toMatchObject({ id: v.four.id, version_number: '2.0.0' });
    expect(diff.versions_between.map((b) => [b.version_number, b.changelog])).toEqual([
      ['1.1.0', 'Runs on 1.20.2 too.'],
      ['1.2.0-draft', 'Secret work.'],
      ['2.0.0', 'Quilt support, sources.'],
    ]);
    expect(diff.versions_between_truncated).toBe(false);
    expect(diff.game_versions).toEqual({ added: ['1.20.2'], removed: ['1.20.1'] });
    expect(diff.loaders).toEqual({ added: ['quilt'], removed: [] });
    expect(diff.files.added.map((f) => f.filename)).toEqual(['library-sources.jar']);
    expect(diff.files.removed).toEqual([]);
    expect(diff.files.changed).toEqual([
      {
        from: expect.objectContaining({ filename: 'library.jar', primary: true, hashes: { sha1: sha1(v.one.bytes), sha512: sha512(v.one.bytes) } }),
        to: expect.objectContaining({ filename: 'library.jar', primary: true, hashes: { sha1: sha1(v.four.bytes), sha512: sha512(v.four.bytes) } }),
      },
    ]);
    expect(diff.dependencies.added).toEqual([
      { project_id: extra.key, project_slug: 'extra-api', project_title: 'Extra API', version_id: null, version_number: null, file_name: null, dependency_type: 'required' },
    ]);
    expect(diff.dependencies.removed).toEqual([]);
    expect(diff.dependencies.changed).toEqual([
      { from: expect.objectContaining({ project_slug: 'needed-api', dependency_type: 'required' }), to: expect.objectContaining({ project_slug: 'needed-api', dependency_type: 'optional' }) },
    ]);
    expect(diff.modpack).toBeNull();
  });

  it('leaves the draft out for outsiders, and refuses it as an end', async () => {
    for (const token of [undefined, actors.stranger.pat]) {
      const diff = await diffOf(library.key, v.one.id, v.four.id, token);
      expect(diff.versions_between.map((b) => b.version_number)).toEqual(['1.1.0', '2.0.0']);
      const hidden = await compare(library.key, v.one.id, v.three.id, token);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toEqual({ error: 'not_found', description: expect.stringContaining("'to'") });
    }
    const diff = await diffOf(library.key, v.one.id, v.three.id, actors.moderator.pat);
    expect(diff.to.id).toBe(v.three.id);
  });

  it('answers for the swapped order when from is the newer version, and says so', async () => {
    const diff = await diffOf(library.key, v.four.id, v.two.id);
    expect(diff.swapped).toBe(true);
    expect([diff.from.id, diff.to.id]).toEqual([v.two.id, v.four.id]);
    expect(diff.versions_between.map((b) => b.version_number)).toEqual(['2.0.0']);
    expect(diff.game_versions).toEqual({ added: [], removed: ['1.20.1'] });
  });

  it('refuses the same version twice, unknown versions and versions of another project, naming the field', async () => {
    const same = await compare(library.key, v.one.id, v.one.id);
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({ error: 'invalid_input', description: expect.stringContaining("'to'") });
    const unknown = await compare(library.key, 'zzzzzzzz', v.one.id);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().description).toContain("'from'");
    const other = await insertProject(db(), { ownerId: actors.creator.id });
    const elsewhere = await compare(other.key, v.one.id, v.two.id);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().description).toContain("'from'");
    const malformed = await compare(library.key, 'not-an-id!', v.one.id);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().description).toContain('from');
    const missing = await call('GET', `/v2/project/${library.key}/compare?from=${v.one.id}`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().description).toContain('to');
  });
});

describe('comparing two versions of a modpack', () => {
  it('lists the mods added, removed and updated, with the updated mod’s changelogs in between', async () => {
    const modA = await insertProject(db(), { ownerId: actors.stranger.id, slug: 'mod-alpha', title: 'Mod Alpha' });
    const modB = await insertProject(db(), { ownerId: actors.stranger.id, slug: 'mod-beta', title: 'Mod Beta' });
    const modC = await insertProject(db(), { ownerId: actors.stranger.id, slug: 'mod-gamma', title: 'Mod Gamma' });
    const bytes = { a1: jar('a1'), a2: jar('a2'), a3: jar('a3'), b1: jar('b1'), c1: jar('c1') };
    const a1 = await upload(modA, { version_number: 'a-1', changelog: 'Alpha one.' }, [{ filename: 'alpha-1.jar', bytes: bytes.a1 }], actors.stranger.pat);
    await upload(modA, { version_number: 'a-2', changelog: 'Alpha two.' }, [{ filename: 'alpha-2.jar', bytes: bytes.a2 }], actors.stranger.pat);
    const a3 = await upload(modA, { version_number: 'a-3', changelog: 'Alpha three.' }, [{ filename: 'alpha-3.jar', bytes: bytes.a3 }], actors.stranger.pat);
    const b1 = await upload(modB, { version_number: 'b-1' }, [{ filename: 'beta.jar', bytes: bytes.b1 }], actors.stranger.pat);
    const c1 = await upload(modC, { version_number: 'c-1' }, [{ filename: 'gamma.jar', bytes: bytes.c1 }], actors.stranger.pat);
    const external = Buffer.from('a file that is not on Cairn');
    const entry = (path: string, content: Buffer) => ({
      path,
      hashes: { sha1: sha1(content), sha512: sha512(content) },
      downloads: [`https://github.com/creator/files/releases/download/v1/${path.split('/').pop()}`],
      fileSize: content.length,
    });
    const pack = (versionId: string, files: unknown[]) =>
      mrpack({ formatVersion: 1, game: 'minecraft', versionId, name: 'Diff Pack', files, dependencies: { minecraft: '1.20.1', 'fabric-loader': '0.15.0' } });
    const modpack = await insertProject(db(), { ownerId: actors.creator.id, slug: 'diff-pack', declaredType: 'modpack' });
    const packData = (versionNumber: string): VersionData => ({ version_number: versionNumber, loaders: ['mrpack'], changelog: `Pack ${versionNumber}.` });
    const p1 = await upload(modpack, packData('p-1'), [
      { filename: 'pack-1.mrpack', bytes: pack('p-1', [entry('mods/alpha-1.jar', bytes.a1), entry('mods/beta.jar', bytes.b1), entry('mods/external.jar', external)]) },
    ]);
    const p2 = await upload(modpack, packData('p-2'), [
      { filename: 'pack-2.mrpack', bytes: pack('p-2', [entry('mods/alpha-3.jar', bytes.a3), entry('mods/gamma.jar', bytes.c1), entry('mods/external.jar', external)]) },
    ]);

    const diff = await diffOf(modpack.key, p1, p2);
    expect(diff.versions_between.map((b) => b.changelog)).toEqual(['Pack p-2.']);
    expect(diff.files.added.map((f) => f.filename)).toEqual(['pack-2.mrpack']);
    expect(diff.files.removed.map((f) => f.filename)).toEqual(['pack-1.mrpack']);
    expect(diff.dependencies).toEqual({ added: [], removed: [], changed: [] });
    expect(diff.modpack).toEqual({
      added: [{ project_id: modC.key, project_slug: 'mod-gamma', project_title: 'Mod Gamma', version_id: c1, version_number: 'c-1', file_name: null }],
      removed: [{ project_id: modB.key, project_slug: 'mod-beta', project_title: 'Mod Beta', version_id: b1, version_number: 'b-1', file_name: null }],
      updated: [
        {
          project_id: modA.key,
          project_slug: 'mod-alpha',
          project_title: 'Mod Alpha',
          from: { version_id: a1, version_number: 'a-1' },
          to: { version_id: a3, version_number: 'a-3' },
          changelogs: [expect.objectContaining({ version_number: 'a-2', changelog: 'Alpha two.' }), expect.objectContaining({ id: a3, version_number: 'a-3', changelog: 'Alpha three.' })],
          changelogs_truncated: false,
        },
      ],
    });
  });
});
