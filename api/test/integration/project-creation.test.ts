import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { z } from 'zod';
import { scopeBits, ALL_SCOPES, withoutRestricted } from '@cairn/shared/constants/scopes';
import { ProjectSchema } from '@cairn/shared/schemas/projects';
import { TeamMemberSchema } from '@cairn/shared/schemas/teams';
import { VersionSchema } from '@cairn/shared/schemas/versions';
import { createTestContext, type TestContext } from '../harness.js';
import { createActors, createPat, insertUserWithTokens, type Actors } from '../factories/users.js';
import { addTeamMember, insertOrganization, insertProject, insertVersion } from '../factories/catalogue.js';
import { encodeBase62 } from '../../src/lib/ids.js';
import { multipart, type Part } from '../helpers/multipart.js';
import { zip } from '../helpers/zip.js';
import { loadVersionDetails } from '../../src/modules/versions/version-details.repository.js';
import { toVersion } from '../../src/modules/versions/versions.mapper.js';
import { decodeBase62 } from '../../src/lib/ids.js';

let ctx: TestContext;
let actors: Actors;

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx.database.db);
});
afterAll(() => ctx.close());

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 160, b: 90 } } }).png().toBuffer();

function projectData(overrides: Record<string, unknown> = {}) {
  return {
    slug: `new-${Math.random().toString(36).slice(2, 10)}`,
    title: 'A New Project',
    description: 'Does one thing well.',
    body: '# Hello\nLonger text.',
    categories: ['utility'],
    client_side: 'required',
    server_side: 'optional',
    license_id: 'MIT',
    is_draft: true,
    ...overrides,
  };
}

const versionData = (overrides: Record<string, unknown> = {}) => ({
  name: 'First release',
  version_number: '1.0.0',
  changelog: 'Initial release',
  dependencies: [],
  game_versions: ['1.20.1'],
  version_type: 'release',
  loaders: ['fabric'],
  featured: true,
  file_parts: ['file'],
  ...overrides,
});

async function create(data: unknown, extra: Part[] = [], token = actors.creator.pat) {
  const body = multipart([{ name: 'data', data: JSON.stringify(data) }, ...extra]);
  return ctx.app.inject({ method: 'POST', url: '/v2/project', payload: body.payload, headers: { ...body.headers, authorization: token } });
}

const sha512 = (data: Buffer) => createHash('sha512').update(data).digest('hex');

describe('POST /v2/project', () => {
  it('creates a draft owned by the caller, with a team and a thread', async () => {
    const data = projectData({ issues_url: 'https://example.com/issues', donation_urls: [{ id: 'patreon', platform: 'Patreon', url: 'https://patreon.com/me' }], additional_categories: ['magic'] });
    const response = await create(data);
    expect(response.statusCode, response.body).toBe(200);
    const project = ProjectSchema.parse(response.json());
    expect(project).toMatchObject({
      slug: data.slug,
      title: 'A New Project',
      description: 'Does one thing well.',
      status: 'draft',
      requested_status: 'approved',
      project_type: 'mod',
      categories: ['utility'],
      additional_categories: ['magic'],
      client_side: 'required',
      server_side: 'optional',
      environment: ['client_only_server_optional'],
      issues_url: 'https://example.com/issues',
      donation_urls: [{ id: 'patreon', platform: 'Patreon', url: 'https://patreon.com/me' }],
      versions: [],
      followers: 0,
      downloads: 0,
    });
    const members = z.array(TeamMemberSchema).parse((await ctx.app.inject({ method: 'GET', url: `/v2/project/${project.id}/members`, headers: { authorization: actors.creator.pat } })).json());
    expect(members).toHaveLength(1);
    expect(members[0]).toMatchObject({ role: 'Owner', accepted: true, permissions: 1023, payouts_split: 100, user: { username: 'Creator' } });
    // Drafts are hidden from everyone else.
    expect((await ctx.app.inject({ method: 'GET', url: `/v2/project/${project.id}` })).statusCode).toBe(404);
  });

  it('accepts the legacy field names', async () => {
    const response = await create({ ...projectData(), title: undefined, mod_name: 'Legacy Name' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().title).toBe('Legacy Name');
  });

  it('stores the icon (96 px and original, dominant colour) and gallery images (350 px WebP)', async () => {
    const icon = await png(200, 200);
    const image = await png(1000, 500);
    const data = projectData({ gallery_items: [{ item: 'shot', featured: true, title: 'A screenshot', ordering: 2 }] });
    const response = await create(data, [
      { name: 'icon', filename: 'icon.png', contentType: 'image/png', data: icon },
      { name: 'shot', filename: 'shot.png', contentType: 'image/png', data: image },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const project = ProjectSchema.parse(response.json());
    expect(project.raw_icon_url).toBe(`${ctx.config.publicCdnUrl}/${sha512(icon)}.png`);
    expect(project.color).toBeTypeOf('number');
    const iconKey = project.icon_url!.split('/').pop()!;
    const stored = await ctx.app.inject({ method: 'GET', url: `/cdn/${iconKey}` });
    expect(stored.statusCode).toBe(200);
    expect((await sharp(stored.rawPayload).metadata()).width).toBe(96);
    expect(project.gallery).toHaveLength(1);
    expect(project.gallery[0]).toMatchObject({ featured: true, title: 'A screenshot', description: null, ordering: 2, raw_url: `${ctx.config.publicCdnUrl}/${sha512(image)}.png` });
    const thumbnail = await ctx.app.inject({ method: 'GET', url: `/cdn/${project.gallery[0]!.url.split('/').pop()}` });
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({ width: 350, format: 'webp' });
  });

  it('creates initial versions from file parts and submits the project for review', async () => {
    const jar = zip({ 'META-INF/MANIFEST.MF': 'Manifest-Version: 1.0\n', 'mod/Main.class': 'pretend classes' });
    const sources = zip({ 'mod/Main.java': 'pretend sources' });
    const data = projectData({
      is_draft: undefined,
      initial_versions: [versionData({ file_parts: ['file', 'sources'], file_types: { sources: 'sources-jar' }, primary_file: 'file' })],
    });
    const response = await create(data, [
      { name: 'file', filename: 'my-mod-1.0.0.jar', data: jar },
      { name: 'sources', filename: 'my-mod-1.0.0-sources.jar', data: sources },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const project = ProjectSchema.parse(response.json());
    expect(project.status).toBe('processing');
    expect(project.queued).not.toBeNull();
    expect(project.versions).toHaveLength(1);
    expect(project.loaders).toEqual(['fabric']);
    expect(project.game_versions).toEqual(['1.20.1']);
    const [details] = await loadVersionDetails(ctx.database.db, [Number(decodeBase62(project.versions[0]!))]);
    const version = VersionSchema.parse(toVersion(details!, ctx.config.publicApiUrl));
    expect(version).toMatchObject({ name: 'First release', version_number: '1.0.0', version_type: 'release', status: 'listed', environment: 'client_only_server_optional', author_id: expect.any(String) });
    expect(version.files.map((f) => [f.filename, f.primary, f.file_type, f.size])).toEqual([
      ['my-mod-1.0.0.jar', true, null, jar.length],
      ['my-mod-1.0.0-sources.jar', false, 'sources-jar', sources.length],
    ]);
    expect(version.files[0]!.hashes).toEqual({ sha1: createHash('sha1').update(jar).digest('hex'), sha512: sha512(jar) });
    const blob = await ctx.files.read(`${sha512(jar)}.jar`);
    expect(blob?.size).toBe(jar.length);
  });

  it('recognises modpacks by their .mrpack file and reads the pack index', async () => {
    const library = await insertProject(ctx.database.db, { ownerId: actors.user.id, slug: 'pack-library' });
    const libraryVersion = await insertVersion(ctx.database.db, { projectId: library.id, authorId: actors.user.id });
    const index = {
      formatVersion: 1,
      game: 'minecraft',
      versionId: '1.0.0',
      name: 'Pack',
      files: [
        { path: 'mods/library.jar', hashes: { sha1: libraryVersion.sha1, sha512: libraryVersion.sha512 }, downloads: ['https://cdn.modrinth.com/data/AAAAAAAA/versions/1/a.jar'], fileSize: 10 },
        { path: 'mods/elsewhere.jar', hashes: { sha1: 'a'.repeat(40), sha512: 'b'.repeat(128) }, downloads: ['https://raw.githubusercontent.com/pack/main/b.jar'], fileSize: 10 },
      ],
      dependencies: { minecraft: '1.20.1', 'fabric-loader': '0.15.0' },
    };
    const pack = zip({ 'modrinth.index.json': JSON.stringify(index), 'overrides/config/a.txt': 'x' });
    const data = projectData({ project_type: 'modpack', is_draft: true, initial_versions: [versionData({ file_parts: ['pack'] })] });
    const response = await create(data, [{ name: 'pack', filename: 'pack-1.0.0.mrpack', data: pack }]);
    expect(response.statusCode, response.body).toBe(200);
    const project = ProjectSchema.parse(response.json());
    expect(project).toMatchObject({ project_type: 'modpack', loaders: ['fabric'], status: 'draft' });
    const [details] = await loadVersionDetails(ctx.database.db, [Number(decodeBase62(project.versions[0]!))]);
    expect(toVersion(details!, ctx.config.publicApiUrl).dependencies).toEqual([
      { version_id: libraryVersion.key, project_id: library.key, file_name: null, dependency_type: 'embedded' },
      { version_id: null, project_id: null, file_name: 'elsewhere.jar', dependency_type: 'embedded' },
    ]);
  });

  it('refuses an .mrpack without a valid index', async () => {
    const data = projectData({ initial_versions: [versionData({ file_parts: ['pack'] })] });
    const response = await create(data, [{ name: 'pack', filename: 'pack.mrpack', data: zip({ 'readme.txt': 'no index' }) }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().description).toContain('modrinth.index.json');
  });

  describe('validation', () => {
    const taken = 'taken-slug';
    beforeAll(async () => {
      expect((await create(projectData({ slug: taken }))).statusCode).toBe(200);
    });

    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['missing title', { title: undefined }, 'title'],
      ['short slug', { slug: 'ab' }, 'slug'],
      ['long slug', { slug: 'a'.repeat(65) }, 'slug'],
      ['slug with spaces', { slug: 'my project' }, 'slug'],
      ['taken slug (other case)', { slug: 'TAKEN-slug' }, 'slug'],
      ['short title', { title: 'ab' }, 'title'],
      ['long title', { title: 'a'.repeat(65) }, 'title'],
      ['blank title', { title: '     ' }, 'title'],
      ['short description', { description: 'ab' }, 'description'],
      ['long description', { description: 'a'.repeat(257) }, 'description'],
      ['long body', { body: 'a'.repeat(65537) }, 'body'],
      ['four categories', { categories: ['utility', 'magic', 'storage', 'food'] }, 'categories'],
      ['unknown category', { categories: ['not-a-category'] }, 'categories'],
      ['unknown additional category', { additional_categories: ['nope'] }, 'additional_categories'],
      ['unknown license', { license_id: 'NOT-A-LICENSE' }, 'license_id'],
      ['http link', { source_url: 'http://example.com' }, 'source_url'],
      ['malformed link', { wiki_url: 'not a url' }, 'wiki_url'],
      ['overlong link', { discord_url: `https://example.com/${'a'.repeat(2048)}` }, 'discord_url'],
      ['unknown donation platform', { donation_urls: [{ id: 'bank', platform: 'Bank', url: 'https://example.com' }] }, 'donation_urls'],
      ['bad side type', { client_side: 'sometimes' }, 'client_side'],
      ['review without versions', { is_draft: false }, 'initial_versions'],
      ['unknown loader', { initial_versions: [versionData({ loaders: ['not-a-loader'] })] }, 'loaders'],
      ['unknown game version', { initial_versions: [versionData({ game_versions: ['9.9.9'] })] }, 'game_versions'],
      ['bad version number', { initial_versions: [versionData({ version_number: 'has space' })] }, 'version_number'],
    ];
    for (const [name, overrides, field] of cases) {
      it(`refuses ${name} (400 naming '${field}') and creates nothing`, async () => {
        const slug = typeof overrides.slug === 'string' ? overrides.slug : `fail-${Math.random().toString(36).slice(2, 10)}`;
        const jar = zip({ 'name.txt': `jar for ${name}` });
        const versions = overrides.initial_versions ? [{ name: 'file', filename: 'a.jar', data: jar }] : [];
        const response = await create(projectData({ slug, ...overrides }), versions);
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().description).toContain(field);
        if (slug !== 'TAKEN-slug' && slug.length >= 3 && slug.length <= 64 && !slug.includes(' ')) {
          expect((await ctx.app.inject({ method: 'GET', url: `/v2/project/${slug}/check` })).statusCode).toBe(404);
        }
        // Files of a failed upload are not kept.
        expect(await ctx.files.read(`${sha512(jar)}.jar`)).toBeUndefined();
      });
    }

    it('refuses a slug equal to another project id', async () => {
      const other = await insertProject(ctx.database.db, { ownerId: actors.user.id });
      const response = await create(projectData({ slug: other.key }));
      expect(response.statusCode).toBe(400);
      expect(response.json().description).toContain('slug');
    });

    it('needs "data" first, valid JSON, and only parts it names', async () => {
      const jar = { name: 'file', filename: 'a.jar', data: 'x' };
      const notFirst = multipart([jar, { name: 'data', data: JSON.stringify(projectData()) }]);
      const response = await ctx.app.inject({ method: 'POST', url: '/v2/project', payload: notFirst.payload, headers: { ...notFirst.headers, authorization: actors.creator.pat } });
      expect(response.statusCode).toBe(400);
      expect(response.json().description).toContain('data');
      const badJson = multipart([{ name: 'data', data: '{not json' }]);
      expect((await ctx.app.inject({ method: 'POST', url: '/v2/project', payload: badJson.payload, headers: { ...badJson.headers, authorization: actors.creator.pat } })).statusCode).toBe(400);
      expect((await create(projectData(), [{ name: 'surprise', filename: 'x.jar', data: 'x' }])).statusCode).toBe(400);
      const json = await ctx.app.inject({ method: 'POST', url: '/v2/project', payload: projectData(), headers: { authorization: actors.creator.pat } });
      expect(json.statusCode).toBe(400);
    });

    it('needs every declared file, with an allowed extension and a unique name', async () => {
      const missing = await create(projectData({ initial_versions: [versionData({ file_parts: ['file', 'other'] })] }), [{ name: 'file', filename: 'a.jar', data: 'x1' }]);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().description).toContain('other');
      const exe = await create(projectData({ initial_versions: [versionData()] }), [{ name: 'file', filename: 'virus.exe', data: 'x2' }]);
      expect(exe.statusCode).toBe(400);
      expect(exe.json().description).toContain('extension');
      const twice = await create(projectData({ initial_versions: [versionData({ file_parts: ['file', 'again'] })] }), [
        { name: 'file', filename: 'same.jar', data: 'x3' },
        { name: 'again', filename: 'same.jar', data: 'x4' },
      ]);
      expect(twice.statusCode).toBe(400);
    });

    it('refuses files already published by another project, even renamed', async () => {
      const jar = zip({ 'once.txt': 'a jar that exists only once' });
      expect((await create(projectData({ initial_versions: [versionData()] }), [{ name: 'file', filename: 'one.jar', data: jar }])).statusCode).toBe(200);
      const again = await create(projectData({ initial_versions: [versionData()] }), [{ name: 'file', filename: 'renamed.jar', data: jar }], actors.user.pat);
      expect(again.statusCode).toBe(400);
      expect(again.json().description).toContain('Duplicate');
      // The first project's copy is still there.
      expect(await ctx.files.read(`${sha512(jar)}.jar`)).toBeDefined();
    });

    it('refuses icons that are not images or are too large, and two featured gallery images', async () => {
      const notImage = await create(projectData(), [{ name: 'icon', filename: 'icon.svg', data: '<svg xmlns="http://www.w3.org/2000/svg"/>' }]);
      expect(notImage.statusCode).toBe(400);
      expect(notImage.json().error).toBe('invalid_image');
      const large = await sharp({ create: { width: 1500, height: 1500, channels: 4, background: { r: 1, g: 2, b: 3, alpha: 0.5 } } }).png({ compressionLevel: 0 }).toBuffer();
      const tooLarge = await create(projectData(), [{ name: 'icon', filename: 'icon.png', data: large }]);
      expect(tooLarge.statusCode).toBe(400);
      const image = await png(20, 20);
      const twoFeatured = await create(
        projectData({ gallery_items: [{ item: 'a', featured: true }, { item: 'b', featured: true }] }),
        [{ name: 'a', filename: 'a.png', data: image }, { name: 'b', filename: 'b.png', data: await png(30, 30) }],
      );
      expect(twoFeatured.statusCode).toBe(400);
    });
  });

  it('creates projects for an organization when the caller may add projects to it', async () => {
    const org = await insertOrganization(ctx.database.db, { ownerId: actors.user.id });
    const colleague = await insertUserWithTokens(ctx.database.db);
    await addTeamMember(ctx.database.db, org.teamId, colleague.id, { organizationPermissions: 0 });
    const response = await create(projectData({ organization_id: encodeBase62(org.id) }), [], actors.user.pat);
    expect(response.statusCode, response.body).toBe(200);
    const project = ProjectSchema.parse(response.json());
    expect(project.organization).toBe(encodeBase62(org.id));
    // The organization's members hold it through the organization, not the project team.
    const members = await ctx.app.inject({ method: 'GET', url: `/v2/project/${project.id}/members`, headers: { authorization: actors.user.pat } });
    expect(members.json()).toEqual([]);
    expect((await ctx.app.inject({ method: 'PATCH', url: `/v2/project/${project.id}`, payload: { title: 'Org project' }, headers: { authorization: actors.user.pat } })).statusCode).toBe(204);
    expect((await create(projectData({ organization_id: encodeBase62(org.id) }), [], colleague.pat)).statusCode).toBe(401);
    expect((await create(projectData({ organization_id: 'zzzzzzzz' }), [], actors.user.pat)).statusCode).toBe(400);
  });

  it('needs PROJECT_CREATE and a verified email', async () => {
    const anonymous = multipart([{ name: 'data', data: JSON.stringify(projectData()) }]);
    expect((await ctx.app.inject({ method: 'POST', url: '/v2/project', payload: anonymous.payload, headers: anonymous.headers })).statusCode).toBe(401);
    const withoutScope = await createPat(ctx.database.db, actors.creator.id, withoutRestricted(ALL_SCOPES) - scopeBits('PROJECT_CREATE'));
    expect((await create(projectData(), [], withoutScope)).statusCode).toBe(401);
    const onlyScope = await createPat(ctx.database.db, actors.creator.id, scopeBits('PROJECT_CREATE'));
    expect((await create(projectData(), [], onlyScope)).statusCode).toBe(200);
    const unverified = await insertUserWithTokens(ctx.database.db, { username: 'Unverified', emailVerified: false });
    const response = await create(projectData(), [], unverified.pat);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('email_unverified');
  });
});
