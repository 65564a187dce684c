import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { ProjectSchema } from '@cairn/shared/schemas/projects';
import { VersionSchema } from '@cairn/shared/schemas/versions';
import { projects, versionFiles, versions } from '../../src/db/schema/catalogue.js';
import { createTestContext, type TestContext } from '../harness.js';
import { createActors, type Actors } from '../factories/users.js';
import { insertProject, type InsertedProject } from '../factories/catalogue.js';
import { multipart } from '../helpers/multipart.js';
import { jar, mrpack, postVersion, sha1, sha512, versionData } from '../helpers/versions.js';

// Modpacks are checked against the format's rules when uploaded (POST /v2/version, initial
// versions of POST /v2/project, POST /v2/version/{id}/file): a refused pack is a 400 naming the
// file entry and the rule, and leaves no version, file row or stored blob behind.

const API = 'https://api.cairn.test';
const CDN = 'https://cdn.cairn.test';

let ctx: TestContext;
let actors: Actors;
let pack: InsertedProject;

beforeAll(async () => {
  // A configured allow-list replaces the default one (cdn.modrinth.com is then refused).
  ctx = await createTestContext({ env: { PUBLIC_API_URL: API, PUBLIC_CDN_URL: CDN, MODPACK_DOWNLOAD_HOSTS: 'github.com, files.example.org' } });
  actors = await createActors(ctx.database.db);
  pack = await insertProject(ctx.database.db, { ownerId: actors.creator.id, slug: 'harbor-pack' });
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const bundled = jar('bundled');

function entry(overrides: Record<string, unknown> = {}) {
  return {
    path: 'mods/bundled.jar',
    hashes: { sha1: sha1(bundled), sha512: sha512(bundled) },
    env: { client: 'required', server: 'optional' },
    downloads: ['https://github.com/creator/bundled/releases/download/v1/bundled.jar'],
    fileSize: bundled.length,
    ...overrides,
  };
}

/** A pack whose index lists three good files and, fourth, `fourth`; unique bytes per call. */
function packWith(fourth: Record<string, unknown> | undefined, index: Record<string, unknown> = {}): Buffer {
  return mrpack({
    formatVersion: 1,
    game: 'minecraft',
    versionId: `1.0.${Math.floor(Math.random() * 1e9)}`,
    name: 'Harbor Pack',
    files: [
      entry(),
      entry({ path: 'mods/own.jar', downloads: [`${API}/data/AAAAAAAA/versions/BBBBBBBB/own.jar`] }),
      entry({ path: 'resourcepacks/cdn.zip', downloads: [`${CDN}/pack.zip`, 'https://files.example.org/pack.zip'] }),
      ...(fourth ? [entry(fourth)] : []),
    ],
    dependencies: { minecraft: '1.20.1', 'fabric-loader': '0.15.0' },
    ...index,
  });
}

const blobExists = async (bytes: Buffer) => (await ctx.files.read(`${sha512(bytes)}.mrpack`)) !== undefined;
const fileRows = async (bytes: Buffer) => (await db().select({ n: count() }).from(versionFiles).where(eq(versionFiles.sha1, sha1(bytes))))[0]!.n;
const versionCount = async (projectId: number) => (await db().select({ n: count() }).from(versions).where(eq(versions.projectId, projectId)))[0]!.n;

const upload = (bytes: Buffer, versionNumber = `v${Math.floor(Math.random() * 1e9)}`) =>
  postVersion(ctx.app, actors.creator.pat, versionData(pack.key, { loaders: ['mrpack'], version_number: versionNumber }), [{ part: 'file', filename: 'harbor.mrpack', bytes }]);

describe('POST /v2/version with a modpack', () => {
  it.each([
    ['a file without download URLs', { downloads: [] }, 'files[3].downloads: must list at least one URL the file is downloaded from'],
    ['a file with only a sha1', { hashes: { sha1: sha1(bundled) } }, 'files[3].hashes.sha512: missing (every file needs both a sha1 and a sha512 hash)'],
    ['a file with only a sha512', { hashes: { sha512: sha512(bundled) } }, 'files[3].hashes.sha1: missing'],
    ['a host not on the allow-list', { downloads: ['https://example.org/a.jar'] }, 'files[3].downloads[0]: host example.org is not allowed'],
    ['a default host the configuration dropped', { downloads: ['https://cdn.modrinth.com/data/AAAA/versions/1/a.jar'] }, 'files[3].downloads[0]: host cdn.modrinth.com is not allowed'],
    ['a plain-http URL', { downloads: ['http://github.com/a.jar'] }, 'files[3].downloads[0]: must be an https URL'],
    ['a path leaving the instance', { path: '../../.bashrc' }, "files[3].path: must stay inside the instance folder (no '..' segments)"],
    ['an absolute path', { path: '/home/player/evil.jar' }, 'files[3].path: must be relative to the instance folder'],
    ['a Windows path', { path: 'C:\\Users\\evil.jar' }, 'files[3].path: must use forward slashes'],
    ['an invalid env value', { env: { client: 'yes', server: 'optional' } }, 'files[3].env.client: must be required, optional, unsupported'],
    ['a negative size', { fileSize: -5 }, 'files[3].fileSize: must be a non-negative whole number'],
  ])('refuses a pack with %s, leaving nothing behind', async (_, fourth, message) => {
    const bytes = packWith(fourth);
    const before = await versionCount(pack.id);
    const response = await upload(bytes);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_input', description: expect.stringContaining(message) });
    expect(response.json().description).toMatch(/^File 'harbor\.mrpack' is not a valid modpack: modrinth\.index\.json files\[3\]/);
    expect(await versionCount(pack.id)).toBe(before);
    expect(await fileRows(bytes)).toBe(0);
    expect(await blobExists(bytes)).toBe(false);
  });

  it.each([
    ['format version 2', { formatVersion: 2 }, 'modrinth.index.json formatVersion: must be 1'],
    ['another game', { game: 'hytale' }, 'modrinth.index.json game: must be "minecraft"'],
  ])('refuses an index with %s', async (_, index, message) => {
    const bytes = packWith(undefined, index);
    const response = await upload(bytes);
    expect(response.statusCode).toBe(400);
    expect(response.json().description).toContain(message);
    expect(await blobExists(bytes)).toBe(false);
  });

  it("accepts a pack whose files are on Cairn's own API and CDN hosts and the configured hosts", async () => {
    const bytes = packWith(entry({ path: 'config/settings.txt', env: undefined, fileSize: 0 }));
    const response = await upload(bytes, '2.0.0');
    expect(response.statusCode, response.body).toBe(200);
    const version = VersionSchema.parse(response.json());
    expect(version.loaders).toEqual(['fabric']);
    expect(version.files[0]).toMatchObject({ filename: 'harbor.mrpack', hashes: { sha1: sha1(bytes), sha512: sha512(bytes) }, url: expect.stringMatching(new RegExp(`^${API}/data/`)) });
    expect(await blobExists(bytes)).toBe(true);
  });

  it('checks every .mrpack of a version, not only the one whose index is read', async () => {
    const good = packWith(undefined);
    const bad = packWith({ downloads: ['https://example.org/a.jar'] });
    const response = await postVersion(ctx.app, actors.creator.pat, versionData(pack.key, { loaders: ['mrpack'], version_number: 'two-packs', file_parts: ['a', 'b'] }), [
      { part: 'a', filename: 'good.mrpack', bytes: good },
      { part: 'b', filename: 'bad.mrpack', bytes: bad },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().description).toContain("File 'bad.mrpack' is not a valid modpack: modrinth.index.json files[3].downloads[0]: host example.org is not allowed");
    expect(await blobExists(good)).toBe(false);
    expect(await blobExists(bad)).toBe(false);
  });
});

describe('POST /v2/project with a modpack as initial version', () => {
  it('refuses the whole project, storing nothing', async () => {
    const bytes = packWith({ hashes: { sha1: sha1(bundled) } });
    const slug = 'refused-pack';
    const data = {
      slug,
      title: 'Refused Pack',
      description: 'A pack missing a hash.',
      body: 'Body',
      categories: ['utility'],
      client_side: 'required',
      server_side: 'optional',
      license_id: 'MIT',
      project_type: 'modpack',
      is_draft: true,
      initial_versions: [
        { name: 'One', version_number: '1.0.0', dependencies: [], game_versions: ['1.20.1'], version_type: 'release', loaders: ['mrpack'], featured: true, file_parts: ['pack'] },
      ],
    };
    const body = multipart([{ name: 'data', data: JSON.stringify(data) }, { name: 'pack', filename: 'refused.mrpack', data: bytes }]);
    const response = await ctx.app.inject({ method: 'POST', url: '/v2/project', payload: body.payload, headers: { ...body.headers, authorization: actors.creator.pat } });
    expect(response.statusCode).toBe(400);
    expect(response.json().description).toContain("File 'refused.mrpack' is not a valid modpack: modrinth.index.json files[3].hashes.sha512: missing");
    expect(await db().select({ id: projects.id }).from(projects).where(eq(projects.slug, slug))).toEqual([]);
    expect(await fileRows(bytes)).toBe(0);
    expect(await blobExists(bytes)).toBe(false);

    const fixed = packWith(undefined);
    const again = multipart([{ name: 'data', data: JSON.stringify(data) }, { name: 'pack', filename: 'fixed.mrpack', data: fixed }]);
    const created = await ctx.app.inject({ method: 'POST', url: '/v2/project', payload: again.payload, headers: { ...again.headers, authorization: actors.creator.pat } });
    expect(created.statusCode, created.body).toBe(200);
    expect(ProjectSchema.parse(created.json())).toMatchObject({ slug, project_type: 'modpack', loaders: ['fabric'] });
  });
});

describe('POST /v2/version/{id}/file with a modpack', () => {
  it('refuses a pack breaking the rules and keeps the version as it was', async () => {
    const created = await postVersion(ctx.app, actors.creator.pat, versionData(pack.key, { version_number: '3.0.0', loaders: ['fabric'] }), [{ part: 'file', filename: 'three.jar', bytes: jar('three') }]);
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as string;
    const add = (filename: string, bytes: Buffer) => {
      const body = multipart([{ name: 'extra', filename, data: bytes }]);
      return ctx.app.inject({ method: 'POST', url: `/v2/version/${id}/file`, payload: body.payload, headers: { ...body.headers, authorization: actors.creator.pat } });
    };
    const bad = packWith({ path: 'mods//double.jar' });
    const refused = await add('extra.mrpack', bad);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().description).toContain("File 'extra.mrpack' is not a valid modpack: modrinth.index.json files[3].path: must not have empty segments");
    expect(await blobExists(bad)).toBe(false);
    const files = async () => VersionSchema.parse((await ctx.app.inject({ method: 'GET', url: `/v2/version/${id}` })).json()).files.map((f) => f.filename);
    expect(await files()).toEqual(['three.jar']);

    const good = packWith(undefined);
    expect((await add('extra.mrpack', good)).statusCode).toBe(204);
    expect(await files()).toEqual(['three.jar', 'extra.mrpack']);
    expect(await blobExists(good)).toBe(true);
  });
});
