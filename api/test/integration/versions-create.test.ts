import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { scopeBits, withoutRestricted, ALL_SCOPES } from '@cairn/shared/constants/scopes';
import { PROJECT_PERMISSIONS } from '@cairn/shared/constants/permissions';
import { VersionSchema } from '@cairn/shared/schemas/versions';
import { searchOutbox, versionDependencies, versions } from '../../src/db/schema/catalogue.js';
import { createTestContext, type TestContext } from '../harness.js';
import { createActors, createPat, insertUserWithTokens, type Actors } from '../factories/users.js';
import { decodeBase62 } from '../../src/lib/ids.js';
import { addTeamMember, insertProject, insertVersion, type InsertedProject } from '../factories/catalogue.js';
import { multipart } from '../helpers/multipart.js';
import { jar, mrpack, postVersion, sha1, sha512, versionData } from '../helpers/versions.js';

let ctx: TestContext;
let actors: Actors;
let alpha: InsertedProject;
let hidden: InsertedProject;

const MAX_FILE_BYTES = 64 * 1024;

beforeAll(async () => {
  ctx = await createTestContext({ env: { MAX_FILE_BYTES: String(MAX_FILE_BYTES), PUBLIC_API_URL: 'http://api.test' } });
  actors = await createActors(ctx.database.db);
  alpha = await insertProject(ctx.database.db, { ownerId: actors.creator.id, slug: 'alpha' });
  hidden = await insertProject(ctx.database.db, { ownerId: actors.creator.id, slug: 'hidden-one', status: 'private' });
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const versionCount = async (projectId: number) =>
  (await db().select({ n: count() }).from(versions).where(eq(versions.projectId, projectId)))[0]!.n;
/** Version files are stored under their sha512 and extension. */
const blobExists = async (bytes: Buffer, extension = 'jar') => (await ctx.files.read(`${sha512(bytes)}.${extension}`)) !== undefined;

describe('POST /v2/version', () => {
  it('creates a version from data and a streamed file', async () => {
    const bytes = jar('glow');
    const outboxBefore = (await db().select({ n: count() }).from(searchOutbox).where(eq(searchOutbox.projectId, alpha.id)))[0]!.n;
    const response = await postVersion(ctx.app, actors.creator.pat, versionData(alpha.key, { changelog: '# Changes\n- first' }), [
      { part: 'file', filename: 'glow-1.0.0.jar', bytes },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const version = VersionSchema.parse(response.json());
    expect(version).toMatchObject({
      project_id: alpha.key,
      author_id: expect.any(String),
      name: 'First light',
      version_number: '1.0.0',
      changelog: '# Changes\n- first',
      changelog_url: null,
      version_type: 'release',
      status: 'listed',
      requested_status: null,
      loaders: ['fabric'],
      game_versions: ['1.20.1'],
      featured: false,
      downloads: 0,
      dependencies: [],
      environment: 'client_only_server_optional',
    });
    expect(version.files).toEqual([
      {
        hashes: { sha1: sha1(bytes), sha512: sha512(bytes) },
        url: `http://api.test/data/${alpha.key}/versions/${version.id}/glow-1.0.0.jar`,
        filename: 'glow-1.0.0.jar',
        primary: true,
        size: bytes.length,
        file_type: null,
      },
    ]);
    expect(await blobExists(bytes)).toBe(true);
    const again = await ctx.app.inject({ method: 'GET', url: `/v2/version/${version.id}` });
    expect(again.json()).toEqual(version);
    const outboxAfter = (await db().select({ n: count() }).from(searchOutbox).where(eq(searchOutbox.projectId, alpha.id)))[0]!.n;
    expect(outboxAfter).toBe(outboxBefore + 1);
  });

  it('accepts the legacy field names, several files, a chosen primary file and file types', async () => {
    const main = jar('multi');
    const sources = jar('multi-sources');
    const signature = Buffer.from('-----BEGIN PGP SIGNATURE-----\nabc\n-----END PGP SIGNATURE-----\n');
    const data = {
      mod_id: alpha.key,
      version_title: 'Two files',
      version_number: '1.1.0',
      version_body: 'Sources included.',
      release_channel: 'beta',
      dependencies: [],
      game_versions: ['1.20.1', '1.20.2'],
      loaders: ['fabric', 'quilt'],
      featured: true,
      file_parts: ['sig', 'src', 'main'],
      primary_file: 'main',
      file_types: { src: 'sources-jar', sig: 'signature' },
      environment: 'client_only',
    };
    const response = await postVersion(ctx.app, actors.creator.session, data, [
      { part: 'sig', filename: 'multi-1.1.0.jar.asc', bytes: signature },
      { part: 'src', filename: 'multi-1.1.0-sources.jar', bytes: sources },
      { part: 'main', filename: 'multi-1.1.0.jar', bytes: main },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const version = VersionSchema.parse(response.json());
    expect(version).toMatchObject({ name: 'Two files', changelog: 'Sources included.', version_type: 'beta', featured: true, environment: 'client_only' });
    expect(version.files.map((f) => [f.filename, f.primary, f.file_type])).toEqual([
      ['multi-1.1.0.jar', true, null],
      ['multi-1.1.0-sources.jar', false, 'sources-jar'],
      ['multi-1.1.0.jar.asc', false, 'signature'],
    ]);
  });

  it('stores dependencies by version (with its project filled in), by project and by file name', async () => {
    const library = await insertProject(db(), { ownerId: actors.stranger.id, slug: 'library' });
    const libraryVersion = await insertVersion(db(), { projectId: library.id, authorId: actors.stranger.id });
    const other = await insertProject(db(), { ownerId: actors.stranger.id });
    const dependencies = [
      { version_id: libraryVersion.key, dependency_type: 'required' },
      { project_id: other.key, dependency_type: 'incompatible' },
      { file_name: 'external-helper.jar', dependency_type: 'optional' },
    ];
    const response = await postVersion(ctx.app, actors.creator.pat, versionData(alpha.key, { version_number: '1.2.0', dependencies }), [
      { part: 'file', filename: 'deps.jar', bytes: jar('deps') },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().dependencies).toEqual([
      { version_id: libraryVersion.key, project_id: library.key, file_name: null, dependency_type: 'required' },
      { version_id: null, project_id: other.key, file_name: null, dependency_type: 'incompatible' },
      { version_id: null, project_id: null, file_name: 'external-helper.jar', dependency_type: 'optional' },
    ]);
  });

  describe('refuses invalid uploads with a 400 naming the problem, leaving no version and no blob', () => {
    const cases: Array<{ name: string; data?: (key: string) => unknown; files?: (bytes: Buffer) => Array<{ part: string; filename: string; bytes: Buffer }>; expect: RegExp }> = [
      { name: 'data that is not JSON', data: () => '{not json', expect: /"data" part is not valid JSON/ },
      { name: 'a missing version_number', data: (k) => ({ ...versionData(k), version_number: undefined }), expect: /data 'version_number'/ },
      { name: 'a version_number over 32 characters', data: (k) => versionData(k, { version_number: '1'.repeat(33) }), expect: /data 'version_number'/ },
      { name: 'a version_number with spaces', data: (k) => versionData(k, { version_number: '1.0 beta' }), expect: /data 'version_number'/ },
      { name: 'an empty name', data: (k) => versionData(k, { name: '' }), expect: /data 'name'/ },
      { name: 'a blank name', data: (k) => versionData(k, { name: '   ' }), expect: /data 'name'/ },
      { name: 'a name over 64 characters', data: (k) => versionData(k, { name: 'n'.repeat(65) }), expect: /data 'name'/ },
      { name: 'a changelog over 65536 characters', data: (k) => versionData(k, { changelog: 'c'.repeat(65537) }), expect: /data 'changelog'/ },
      { name: 'an unknown loader', data: (k) => versionData(k, { loaders: ['fabric', 'teapot'] }), expect: /data 'loaders'.*teapot/ },
      { name: 'no loader', data: (k) => versionData(k, { loaders: [] }), expect: /data 'loaders'/ },
      { name: 'an unknown game version', data: (k) => versionData(k, { game_versions: ['9.99.9'] }), expect: /data 'game_versions'.*9\.99\.9/ },
      { name: 'no game version', data: (k) => versionData(k, { game_versions: [] }), expect: /data 'game_versions'/ },
      { name: 'an unknown version type', data: (k) => versionData(k, { version_type: 'nightly' }), expect: /data 'version_type'/ },
      { name: 'the status scheduled', data: (k) => versionData(k, { status: 'scheduled' }), expect: /data 'status'/ },
      { name: 'the status unknown', data: (k) => versionData(k, { status: 'unknown' }), expect: /data 'status'/ },
      { name: 'an unknown dependency type', data: (k) => versionData(k, { dependencies: [{ file_name: 'x.jar', dependency_type: 'needed' }] }), expect: /data 'dependencies.0.dependency_type'/ },
      { name: 'an empty dependency', data: (k) => versionData(k, { dependencies: [{ dependency_type: 'required' }] }), expect: /data 'dependencies.0'/ },
      {
        name: 'a duplicate dependency',
        data: (k) => versionData(k, { dependencies: [{ file_name: 'x.jar', dependency_type: 'required' }, { file_name: 'x.jar', dependency_type: 'required' }] }),
        expect: /data 'dependencies'.*twice/,
      },
      { name: 'a dependency on its own project', data: (k) => versionData(k, { dependencies: [{ project_id: k, dependency_type: 'required' }] }), expect: /data 'dependencies'.*own project/ },
      { name: 'a dependency on a missing version', data: (k) => versionData(k, { dependencies: [{ version_id: 'ZZZZZZZZ', dependency_type: 'required' }] }), expect: /data 'dependencies'.*does not exist/ },
      { name: 'an unknown project', data: () => versionData('ZZZZZZZZ'), expect: /data 'project_id'/ },
      { name: 'no file parts', data: (k) => versionData(k, { file_parts: [] }), files: () => [], expect: /data 'file_parts'/ },
      { name: 'a listed part that is not uploaded', data: (k) => versionData(k, { file_parts: ['file', 'other'] }), expect: /data 'file_parts'.*'other' was not uploaded/ },
      { name: 'a primary_file that is not a part', data: (k) => versionData(k, { primary_file: 'nope' }), expect: /data 'primary_file'/ },
      { name: 'a file part not listed in file_parts', files: (b) => [{ part: 'file', filename: 'a.jar', bytes: b }, { part: 'extra', filename: 'b.jar', bytes: jar() }], expect: /Unexpected part 'extra'/ },
      { name: 'a disallowed extension', files: (b) => [{ part: 'file', filename: 'tool.exe', bytes: b }], expect: /tool\.exe.*\.jar/ },
      { name: 'a file name starting with a dot', files: (b) => [{ part: 'file', filename: '.hidden.jar', bytes: b }], expect: /\.hidden\.jar/ },
      {
        name: 'two files with the same name',
        data: (k) => versionData(k, { file_parts: ['a', 'b'] }),
        files: (b) => [{ part: 'a', filename: 'same.jar', bytes: b }, { part: 'b', filename: 'same.jar', bytes: jar() }],
        expect: /Duplicate file name 'same\.jar'/,
      },
      { name: 'a file over the size limit', files: () => [{ part: 'file', filename: 'big.jar', bytes: Buffer.alloc(MAX_FILE_BYTES + 10, 7) }], expect: /big\.jar.*larger than the limit/ },
      { name: 'an empty jar', files: () => [{ part: 'file', filename: 'empty.jar', bytes: Buffer.alloc(0) }], expect: /empty\.jar.*is empty/ },
      { name: 'random bytes named .jar', files: () => [{ part: 'file', filename: 'fake.jar', bytes: Buffer.from('MZ this is not a zip at all') }], expect: /fake\.jar.*not a \.jar archive/ },
      { name: 'a text-direction override in the file name', files: (b) => [{ part: 'file', filename: 'mod\u202eraj.exe.jar', bytes: b }], expect: /invisible or text-direction/ },
      { name: 'a modpack that is not a zip', data: (k) => versionData(k, { loaders: ['fabric'] }), files: () => [{ part: 'file', filename: 'pack.mrpack', bytes: Buffer.from('no zip here') }], expect: /pack\.mrpack.*not a valid modpack/ },
      {
        name: 'a modpack without an index',
        files: () => [{ part: 'file', filename: 'pack.mrpack', bytes: jar('no-index') }],
        expect: /pack\.mrpack.*has no modrinth\.index\.json/,
      },
    ];
    for (const testCase of cases) {
      it(`refuses ${testCase.name}`, async () => {
        const bytes = jar('refused');
        const before = await versionCount(alpha.id);
        const files = testCase.files ? testCase.files(bytes) : [{ part: 'file', filename: 'refused.jar', bytes }];
        const response = await postVersion(ctx.app, actors.creator.pat, testCase.data ? testCase.data(alpha.key) : versionData(alpha.key), files);
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().error).toBe('invalid_input');
        expect(response.json().description).toMatch(testCase.expect);
        expect(await versionCount(alpha.id)).toBe(before);
        for (const file of files) expect(await blobExists(file.bytes, file.filename.split('.').pop()), file.filename).toBe(false);
      });
    }

    it('refuses a request whose first part is not data', async () => {
      const body = multipart([{ name: 'file', filename: 'x.jar', data: jar() }, { name: 'data', data: JSON.stringify(versionData(alpha.key)) }]);
      const response = await ctx.app.inject({ method: 'POST', url: '/v2/version', payload: body.payload, headers: { ...body.headers, authorization: actors.creator.pat } });
      expect(response.statusCode).toBe(400);
      expect(response.json().description).toMatch(/first part.*"data"/);
    });

    it('refuses a file whose bytes already belong to another project', async () => {
      const bytes = jar('shared');
      const other = await insertProject(db(), { ownerId: actors.creator.id });
      expect((await postVersion(ctx.app, actors.creator.pat, versionData(other.key), [{ part: 'file', filename: 'shared.jar', bytes }])).statusCode).toBe(200);
      const before = await versionCount(alpha.id);
      const response = await postVersion(ctx.app, actors.creator.pat, versionData(alpha.key), [{ part: 'file', filename: 'renamed.jar', bytes }]);
      expect(response.statusCode).toBe(400);
      expect(response.json().description).toMatch(/renamed\.jar.*another project/);
      expect(await versionCount(alpha.id)).toBe(before);
      // The blob stays: the other project's version uses it.
      expect(await blobExists(bytes)).toBe(true);
    });

    it('refuses requests that are not multipart', async () => {
      const response = await ctx.app.inject({ method: 'POST', url: '/v2/version', payload: versionData(alpha.key), headers: { authorization: actors.creator.pat } });
      expect(response.statusCode).toBe(400);
    });
  });

  describe('who may upload', () => {
    const upload = (token: string | undefined, project = alpha) =>
      postVersion(ctx.app, token, versionData(project.key, { version_number: `p-${Math.random().toString(36).slice(2, 8)}` }), [{ part: 'file', filename: 'p.jar', bytes: jar('perm') }]);

    it('needs a credential with VERSION_CREATE', async () => {
      expect((await upload(undefined)).statusCode).toBe(401);
      const without = await createPat(db(), actors.creator.id, withoutRestricted(ALL_SCOPES) - scopeBits('VERSION_CREATE'));
      const withoutResponse = await upload(without);
      expect(withoutResponse.statusCode).toBe(401);
      expect(withoutResponse.json().description).toContain('VERSION_CREATE');
      const only = await createPat(db(), actors.creator.id, scopeBits('VERSION_CREATE'));
      expect((await upload(only)).statusCode).toBe(200);
    });

    it('needs UPLOAD_VERSION on the project (moderators have it)', async () => {
      const project = await insertProject(db(), { ownerId: actors.creator.id });
      const lacking = await createActorsMember(project, PROJECT_PERMISSIONS.EDIT_DETAILS | PROJECT_PERMISSIONS.DELETE_VERSION);
      const uploader = await createActorsMember(project, PROJECT_PERMISSIONS.UPLOAD_VERSION);
      const pending = await createActorsMember(project, PROJECT_PERMISSIONS.UPLOAD_VERSION, false);
      expect((await upload(actors.stranger.pat, project)).statusCode).toBe(401);
      expect((await upload(lacking, project)).statusCode).toBe(401);
      expect((await upload(pending, project)).statusCode).toBe(401);
      expect((await upload(uploader, project)).statusCode).toBe(200);
      expect((await upload(actors.moderator.pat, project)).statusCode).toBe(200);
      expect((await upload(actors.admin.pat, project)).statusCode).toBe(200);
    });

    it('treats a project the caller may not see as unknown', async () => {
      const response = await upload(actors.stranger.pat, hidden);
      expect(response.statusCode).toBe(400);
      expect(response.json().description).toMatch(/project_id/);
      expect((await upload(actors.creator.pat, hidden)).statusCode).toBe(200);
    });
  });
});

async function createActorsMember(project: InsertedProject, permissions: number, accepted = true): Promise<string> {
  const member = await insertUserWithTokens(db());
  await addTeamMember(db(), project.teamId, member.id, { permissions, accepted });
  return member.pat;
}

describe('modpacks', () => {
  it('reads loaders, game version and embedded dependencies from a real .mrpack', async () => {
    const library = await insertProject(db(), { ownerId: actors.stranger.id, slug: 'pack-library' });
    const onCairn = jar('in-pack');
    const libraryUpload = await postVersion(ctx.app, actors.stranger.pat, versionData(library.key, { loaders: ['fabric'] }), [{ part: 'file', filename: 'in-pack.jar', bytes: onCairn }]);
    expect(libraryUpload.statusCode).toBe(200);
    const external = Buffer.from('not on cairn');
    const pack = mrpack({
      formatVersion: 1,
      game: 'minecraft',
      versionId: '2.0.0',
      name: 'Starlit Pack',
      files: [
        { path: 'mods/in-pack.jar', hashes: { sha1: sha1(onCairn), sha512: sha512(onCairn) }, downloads: ['https://github.com/creator/in-pack/releases/download/v1/in-pack.jar'], fileSize: onCairn.length },
        { path: 'mods/elsewhere.jar', hashes: { sha1: sha1(external), sha512: sha512(external) }, downloads: ['https://github.com/creator/elsewhere/releases/download/v1/elsewhere.jar'], fileSize: external.length },
      ],
      dependencies: { minecraft: '1.20.2', 'fabric-loader': '0.15.3' },
    });
    const modpack = await insertProject(db(), { ownerId: actors.creator.id, slug: 'starlit' });
    const response = await postVersion(ctx.app, actors.creator.pat, versionData(modpack.key, { loaders: ['mrpack'], game_versions: ['1.20.2'], version_number: '2.0.0' }), [
      { part: 'file', filename: 'starlit-2.0.0.mrpack', bytes: pack },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const version = VersionSchema.parse(response.json());
    expect(version.loaders).toEqual(['fabric']);
    expect(version.game_versions).toEqual(['1.20.2']);
    expect(version.dependencies).toEqual([
      { version_id: libraryUpload.json().id, project_id: library.key, file_name: null, dependency_type: 'embedded' },
      { version_id: null, project_id: null, file_name: 'elsewhere.jar', dependency_type: 'embedded' },
    ]);
    const [row] = await db().select({ projectTypes: versions.projectTypes }).from(versions).where(eq(versions.id, Number(decode(version.id))));
    expect(row!.projectTypes).toEqual(['modpack']);
  });

  it('keeps explicit dependencies and completes loaders from the pack index', async () => {
    const pack = mrpack({ formatVersion: 1, game: 'minecraft', versionId: '1', name: 'Quilted', files: [], dependencies: { minecraft: '1.20.1', 'quilt-loader': '0.23.0' } });
    const project = await insertProject(db(), { ownerId: actors.creator.id });
    const response = await postVersion(ctx.app, actors.creator.pat, versionData(project.key, { loaders: ['fabric'], dependencies: [{ file_name: 'kept.jar', dependency_type: 'optional' }] }), [
      { part: 'file', filename: 'quilted.mrpack', bytes: pack },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().loaders).toEqual(['fabric', 'quilt']);
    const rows = await db().select().from(versionDependencies).where(eq(versionDependencies.versionId, Number(decode(response.json().id))));
    expect(rows.map((r) => r.fileName)).toEqual(['kept.jar']);
  });

  it('refuses a pack index with unsafe paths', async () => {
    const pack = mrpack({ formatVersion: 1, game: 'minecraft', versionId: '1', name: 'Bad', files: [{ path: '../escape.jar', hashes: { sha1: 'a' } }], dependencies: { minecraft: '1.20.1' } });
    const response = await postVersion(ctx.app, actors.creator.pat, versionData(alpha.key, { version_number: 'bad-pack' }), [{ part: 'file', filename: 'bad.mrpack', bytes: pack }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().description).toMatch(/files\[0\]\.path: must stay inside the instance folder/);
    expect(await blobExists(pack, 'mrpack')).toBe(false);
  });
});

describe('POST /v2/version/{id}/file', () => {
  it('adds non-primary files, refusing duplicate names; needs UPLOAD_VERSION', async () => {
    const created = await postVersion(ctx.app, actors.creator.pat, versionData(alpha.key, { version_number: '3.0.0' }), [{ part: 'file', filename: 'three.jar', bytes: jar('three') }]);
    const id = created.json().id as string;
    const addBody = (filename: string, bytes: Buffer, withData = true) =>
      multipart([...(withData ? [{ name: 'data', data: JSON.stringify({ file_types: { extra: 'dev-jar' } }) }] : []), { name: 'extra', filename, data: bytes }]);
    const add = (token: string, filename: string, bytes: Buffer, withData = true) => {
      const body = addBody(filename, bytes, withData);
      return ctx.app.inject({ method: 'POST', url: `/v2/version/${id}/file`, payload: body.payload, headers: { ...body.headers, authorization: token } });
    };
    expect((await add(actors.stranger.pat, 'three-dev.jar', jar())).statusCode).toBe(401);
    const devBytes = jar('three-dev');
    expect((await add(actors.creator.pat, 'three-dev.jar', devBytes)).statusCode).toBe(204);
    const duplicate = jar('dup');
    const refused = await add(actors.creator.pat, 'three.jar', duplicate, false);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().description).toMatch(/Duplicate file name/);
    expect(await blobExists(duplicate)).toBe(false);
    const version = (await ctx.app.inject({ method: 'GET', url: `/v2/version/${id}` })).json();
    expect(version.files.map((f: { filename: string; primary: boolean; file_type: string | null }) => [f.filename, f.primary, f.file_type])).toEqual([
      ['three.jar', true, null],
      ['three-dev.jar', false, 'dev-jar'],
    ]);
    expect((await ctx.app.inject({ method: 'POST', url: `/v2/version/ZZZZZZZZ/file`, ...withAuth(addBody('x.jar', jar()), actors.creator.pat) })).statusCode).toBe(404);
  });
});

function withAuth(body: { payload: Buffer; headers: Record<string, string> }, token: string) {
  return { payload: body.payload, headers: { ...body.headers, authorization: token } };
}

const decode = (id: string) => decodeBase62(id)!;
