import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { scopeBits, withoutRestricted, ALL_SCOPES } from '@cairn/shared/constants/scopes';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import { CollectionSchema } from '@cairn/shared/schemas/collections';
import { OrganizationSchema } from '@cairn/shared/schemas/organizations';
import { ProjectSchema } from '@cairn/shared/schemas/projects';
import { VersionSchema } from '@cairn/shared/schemas/versions';
import { ProjectV3Schema, VersionV3Schema, type ProjectV3 } from '@cairn/shared/schemas/catalogue-v3';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient, type Method } from '../helpers/client.js';
import { createActors, createPat, insertUserWithTokens, type Actors, type TestUser } from '../factories/users.js';
import { addTeamMember, insertOrganization, insertProject, insertVersion } from '../factories/catalogue.js';
import { encodeBase62 } from '../../src/lib/ids.js';

/*
 * The read-only /v3 routes tools such as server images and pack tools use: every answer is
 * checked against the strict v3 schemas (and, by the harness, against the published OpenAPI
 * document), with the visibility of the /v2 twins; any other /v3 path is a JSON 404.
 */
let ctx: TestContext;
let actors: Actors;

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx.database.db);
});
afterAll(() => ctx.close());

const Projects = z.array(ProjectV3Schema);
const Collection = CollectionSchema.strict();
const Collections = z.array(Collection);
const Organizations = z.array(OrganizationSchema);
const ErrorBody = ErrorBodySchema.strict();

const V3_ROUTES = [
  'GET /v3/collection/:id',
  'GET /v3/collections',
  'GET /v3/organization/:id',
  'GET /v3/organization/:id/projects',
  'GET /v3/organizations',
  'GET /v3/project/:id',
  'GET /v3/user/:id/collections',
  'GET /v3/version/:id',
];

const call = testClient(() => ctx.app);
const get = (url: string, token?: string) => call('GET', url, token);
const ids = (...values: string[]) => encodeURIComponent(JSON.stringify(values));
const b62 = encodeBase62;

async function ok<T>(schema: z.ZodType<T>, url: string, token?: string): Promise<T> {
  const response = await get(url, token);
  expect(response.statusCode, `GET ${url}: ${response.body}`).toBe(200);
  return schema.parse(response.json());
}

async function notFound(url: string, token?: string, method: Method = 'GET'): Promise<void> {
  const response = await call(method, url, token);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(404);
  expect(response.headers['content-type']).toContain('application/json');
  expect(ErrorBody.parse(response.json()).error).toBe('not_found');
}

/** An approved mod with one listed fabric version, a source link and a donation link. */
async function publicMod(owner: TestUser = actors.creator) {
  const project = await insertProject(ctx.database.db, { ownerId: owner.id, categories: ['utility', 'technology'] });
  const version = await insertVersion(ctx.database.db, { projectId: project.id, authorId: owner.id, loaders: ['fabric', 'quilt'], gameVersions: ['1.20.1'] });
  const links = await call('PATCH', `/v2/project/${project.key}`, owner.pat, {
    source_url: 'https://example.org/source',
    donation_urls: [{ id: 'ko-fi', platform: 'Ko-fi', url: 'https://ko-fi.example.org/creator' }],
  });
  expect(links.statusCode, links.body).toBe(204);
  return { project, version };
}

describe('declarations', () => {
  it('declares the eight read routes with the same authentication and scopes as their /v2 twins', () => {
    const declarations = new Map(ctx.app.routeDeclarations.map((d) => [`${d.method} ${d.url}`, d.auth]));
    const v3 = [...declarations.keys()].filter((key) => key.includes(' /v3/')).sort();
    expect(v3).toEqual(V3_ROUTES);
    for (const route of v3) expect(declarations.get(route), route).toEqual(declarations.get(route.replace(' /v3/', ' /v2/')));
  });

  it('publishes them in the OpenAPI document as v3 operations, apart from the v2 ones', async () => {
    const document = (await get('/v2/openapi.json')).json<{
      info: { description: string };
      paths: Record<string, Record<string, { operationId: string; tags: string[] }>>;
    }>();
    const v3 = Object.entries(document.paths).filter(([path]) => path.startsWith('/v3/'));
    expect(v3.map(([path]) => path).sort()).toEqual([
      '/v3/collection/{id}',
      '/v3/collections',
      '/v3/organization/{id}',
      '/v3/organization/{id}/projects',
      '/v3/organizations',
      '/v3/project/{id}',
      '/v3/user/{id}/collections',
      '/v3/version/{id}',
    ]);
    const operationIdsOf = (paths: typeof v3) => paths.flatMap(([, methods]) => Object.values(methods).map((o) => o.operationId));
    const others = new Set(operationIdsOf(Object.entries(document.paths).filter(([path]) => !path.startsWith('/v3/'))));
    expect(operationIdsOf(v3).filter((id) => others.has(id))).toEqual([]);
    for (const [path, methods] of v3) {
      expect(Object.keys(methods), path).toEqual(['get']);
      expect(methods.get!.tags, path).toEqual(['v3']);
      expect(methods.get!.operationId, path).toMatch(/V3$/);
    }
    expect(document.paths['/v3/project/{id}']!.get!.operationId).toBe('getProjectV3');
    expect(document.info.description).toContain('/v3');
  });
});

describe('GET /v3/project/{id|slug}', () => {
  it('answers the v3 shape of the same project the v2 route shows, by id or slug', async () => {
    const { project, version } = await publicMod();
    const v2 = ProjectSchema.parse((await get(`/v2/project/${project.key}`)).json());
    const byId = await ok(ProjectV3Schema, `/v3/project/${project.key}`);
    expect(await ok(ProjectV3Schema, `/v3/project/${project.slug.toUpperCase()}`)).toEqual(byId);
    expect(byId).toMatchObject({
      id: project.key,
      slug: project.slug,
      project_types: ['mod'],
      games: ['minecraft-java'],
      team_id: project.teamKey,
      organization: null,
      name: v2.title,
      summary: v2.description,
      description: v2.body,
      status: 'approved',
      license: v2.license,
      categories: ['technology', 'utility'],
      loaders: ['fabric', 'quilt'],
      versions: [version.key],
      game_versions: ['1.20.1'],
      environment: ['client_and_server'],
      side_types_migration_review_status: 'reviewed',
      thread_id: v2.thread_id,
      link_urls: {
        source: { platform: 'source', donation: false, url: 'https://example.org/source' },
        'ko-fi': { platform: 'ko-fi', donation: true, url: 'https://ko-fi.example.org/creator' },
      },
    });
    expect(byId).not.toHaveProperty('mrpack_loaders');
    expect(byId).not.toHaveProperty('title');
    expect(byId).not.toHaveProperty('project_type');
  });

  it('gives a project without listed versions empty aggregates', async () => {
    const project = await insertProject(ctx.database.db, { ownerId: actors.creator.id, status: 'unlisted' });
    await insertVersion(ctx.database.db, { projectId: project.id, authorId: actors.creator.id, status: 'draft' });
    const v3 = await ok(ProjectV3Schema, `/v3/project/${project.key}`);
    expect(v3).toMatchObject({ project_types: [], games: [], loaders: [], versions: [], game_versions: [], environment: [], link_urls: {}, gallery: [] });
  });

  it('shows a modpack the way the reference stores it: loader mrpack, its loaders in mrpack_loaders', async () => {
    const project = await insertProject(ctx.database.db, { ownerId: actors.creator.id, declaredType: 'modpack' });
    const pack = await insertVersion(ctx.database.db, { projectId: project.id, authorId: actors.creator.id, modpack: true, loaders: ['quilt', 'fabric'], gameVersions: ['1.20.1', '1.20.4'] });
    const v3 = await ok(ProjectV3Schema, `/v3/project/${project.key}`);
    expect(v3).toMatchObject({ project_types: ['modpack'], loaders: ['mrpack'], mrpack_loaders: ['fabric', 'quilt'], game_versions: ['1.20.1', '1.20.4'] });
    const version = await ok(VersionV3Schema, `/v3/version/${pack.key}`);
    expect(version).toMatchObject({ project_types: ['modpack'], loaders: ['mrpack'], mrpack_loaders: ['quilt', 'fabric'] });
    // v2 keeps showing the pack's real loaders.
    expect(VersionSchema.parse((await get(`/v2/version/${pack.key}`)).json()).loaders).toEqual(['quilt', 'fabric']);
  });

  it('hides a draft from everyone but its team and moderators, like the v2 route', async () => {
    const owner = await insertUserWithTokens(ctx.database.db);
    const member = await insertUserWithTokens(ctx.database.db);
    const draft = await insertProject(ctx.database.db, { ownerId: owner.id, status: 'draft' });
    await addTeamMember(ctx.database.db, draft.teamId, member.id, { accepted: false });
    for (const token of [undefined, actors.stranger.pat, actors.user.session]) {
      await notFound(`/v3/project/${draft.key}`, token);
      await notFound(`/v3/project/${draft.slug}`, token);
    }
    for (const token of [owner.pat, owner.session, member.pat, actors.moderator.pat, actors.admin.session]) {
      expect((await ok(ProjectV3Schema, `/v3/project/${draft.slug}`, token)).status).toBe('draft');
    }
    // A token without PROJECT_READ reads as anonymous.
    const blind = await createPat(ctx.database.db, owner.id, Number(BigInt(withoutRestricted(ALL_SCOPES)) & ~BigInt(scopeBits('PROJECT_READ'))));
    await notFound(`/v3/project/${draft.key}`, blind);
  });

  it('shows unlisted projects to anyone who has the link', async () => {
    const unlisted = await insertProject(ctx.database.db, { ownerId: actors.creator.id, status: 'unlisted' });
    expect((await ok(ProjectV3Schema, `/v3/project/${unlisted.key}`)).status).toBe('unlisted');
  });

  it('answers 404 for unknown ids and slugs', async () => {
    await notFound('/v3/project/no-such-project-here');
    await notFound('/v3/project/AAAAAAAA');
  });
});

describe('GET /v3/version/{id}', () => {
  it('answers the v3 shape of the same version the v2 route shows', async () => {
    const { project, version } = await publicMod();
    const v2 = VersionSchema.parse((await get(`/v2/version/${version.key}`)).json());
    const v3 = await ok(VersionV3Schema, `/v3/version/${version.key}`);
    expect(v3).toMatchObject({
      id: version.key,
      project_id: project.key,
      author_id: b62(actors.creator.id),
      name: v2.name,
      version_number: v2.version_number,
      project_types: ['mod'],
      games: ['minecraft-java'],
      changelog: v2.changelog,
      version_type: 'release',
      status: 'listed',
      loaders: ['fabric', 'quilt'],
      game_versions: ['1.20.1'],
      environment: 'client_and_server',
      ordering: null,
      dependencies: [],
    });
    expect(v3.files).toHaveLength(1);
    const { id, ...file } = v3.files[0]!;
    expect(id).toMatch(/^[0-9A-Za-z]+$/);
    expect(file).toEqual(v2.files[0]);
    expect(v3).not.toHaveProperty('changelog_url');
    expect(v3).not.toHaveProperty('mrpack_loaders');
  });

  it('hides draft versions and versions of hidden projects from outsiders, and signs their file links for insiders', async () => {
    const owner = await insertUserWithTokens(ctx.database.db);
    const project = await insertProject(ctx.database.db, { ownerId: owner.id });
    const draft = await insertVersion(ctx.database.db, { projectId: project.id, authorId: owner.id, status: 'draft' });
    const unlisted = await insertVersion(ctx.database.db, { projectId: project.id, authorId: owner.id, status: 'unlisted' });
    const hiddenProject = await insertProject(ctx.database.db, { ownerId: owner.id, status: 'draft' });
    const ofHidden = await insertVersion(ctx.database.db, { projectId: hiddenProject.id, authorId: owner.id });
    for (const token of [undefined, actors.stranger.pat]) {
      await notFound(`/v3/version/${draft.key}`, token);
      await notFound(`/v3/version/${ofHidden.key}`, token);
    }
    expect((await ok(VersionV3Schema, `/v3/version/${unlisted.key}`)).status).toBe('unlisted');
    for (const token of [owner.pat, actors.moderator.pat]) {
      const seen = await ok(VersionV3Schema, `/v3/version/${draft.key}`, token);
      expect(seen.status).toBe('draft');
      expect(seen.files[0]!.url).toContain('?token=');
      await ok(VersionV3Schema, `/v3/version/${ofHidden.key}`, token);
    }
  });

  it('answers 404 for unknown or malformed ids, which are never slugs', async () => {
    await notFound('/v3/version/AAAAAAAA');
    await notFound('/v3/version/not-an-id');
  });
});

describe('collections', () => {
  it('reads a collection in the v3 shape, listing only the projects the caller may see', async () => {
    const { project } = await publicMod();
    const hidden = await insertProject(ctx.database.db, { ownerId: actors.creator.id, status: 'draft' });
    const created = await call('POST', '/v2/collection', actors.creator.pat, { name: 'Tech', description: 'Machines.', projects: [project.key, hidden.key] });
    expect(created.statusCode, created.body).toBe(200);
    const id = Collection.parse(created.json()).id;
    const forStranger = await ok(Collection, `/v3/collection/${id}`);
    expect(forStranger).toMatchObject({ id, user: b62(actors.creator.id), name: 'Tech', status: 'listed', projects: [project.key] });
    expect((await ok(Collection, `/v3/collection/${id}`, actors.creator.pat)).projects).toEqual([project.key, hidden.key]);
    expect(forStranger).toEqual(Collection.parse((await get(`/v2/collection/${id}`)).json()));
  });

  it('hides a private collection from others, and leaves it out of ?ids= lists and user lists', async () => {
    const owner = await insertUserWithTokens(ctx.database.db);
    const { project } = await publicMod();
    const make = async (status: string) => {
      const response = await call('POST', '/v2/collection', owner.pat, { name: `List ${status}`, projects: [project.key] });
      const id = Collection.parse(response.json()).id;
      if (status !== 'listed') expect((await call('PATCH', `/v2/collection/${id}`, owner.pat, { status })).statusCode).toBe(204);
      return id;
    };
    const listed = await make('listed');
    const privateOne = await make('private');
    for (const token of [undefined, actors.stranger.pat]) await notFound(`/v3/collection/${privateOne}`, token);
    for (const token of [owner.pat, actors.moderator.pat]) expect((await ok(Collection, `/v3/collection/${privateOne}`, token)).status).toBe('private');

    const query = `/v3/collections?ids=${ids(listed, privateOne, 'AAAAAAAA')}`;
    expect((await ok(Collections, query)).map((c) => c.id)).toEqual([listed]);
    expect((await ok(Collections, query, owner.pat)).map((c) => c.id).sort()).toEqual([listed, privateOne].sort());

    for (const who of [b62(owner.id), owner.username, owner.username.toUpperCase()]) {
      expect((await ok(Collections, `/v3/user/${who}/collections`)).map((c) => c.id)).toEqual([listed]);
    }
    expect((await ok(Collections, `/v3/user/${owner.username}/collections`, owner.pat)).map((c) => c.id).sort()).toEqual([listed, privateOne].sort());
    await notFound('/v3/user/nobody-by-this-name/collections');
  });

  it('refuses a malformed ?ids= list with a 400 naming it', async () => {
    const response = await get('/v3/collections?ids=not-json');
    expect(response.statusCode).toBe(400);
    expect(ErrorBody.parse(response.json()).description).toContain('ids');
  });
});

describe('organizations', () => {
  it('shows an organization to its members (pending ones too) and moderators only, until it is public', async () => {
    const owner = await insertUserWithTokens(ctx.database.db);
    const invited = await insertUserWithTokens(ctx.database.db);
    const organization = await insertOrganization(ctx.database.db, { ownerId: owner.id, slug: `quiet-${Date.now().toString(36)}` });
    await addTeamMember(ctx.database.db, organization.teamId, invited.id, { accepted: false });
    const id = b62(organization.id);
    const slug = (await ok(OrganizationSchema, `/v3/organization/${id}`, owner.pat)).slug;
    for (const token of [undefined, actors.stranger.pat]) {
      await notFound(`/v3/organization/${id}`, token);
      await notFound(`/v3/organization/${slug}`, token);
      await notFound(`/v3/organization/${id}/projects`, token);
      expect(await ok(Organizations, `/v3/organizations?ids=${ids(id, slug)}`, token)).toEqual([]);
    }
    for (const token of [owner.pat, invited.pat, actors.moderator.pat]) {
      const seen = await ok(OrganizationSchema, `/v3/organization/${slug.toUpperCase()}`, token);
      expect(seen).toEqual(await ok(OrganizationSchema, `/v2/organization/${id}`, token));
      expect((await ok(Organizations, `/v3/organizations?ids=${ids(slug)}`, token)).map((o) => o.id)).toEqual([id]);
    }
  });

  it('lists its projects in the v3 shape, each as the caller may see it', async () => {
    const owner = await insertUserWithTokens(ctx.database.db);
    const organization = await insertOrganization(ctx.database.db, { ownerId: owner.id });
    const id = b62(organization.id);
    const shown = await insertProject(ctx.database.db, { ownerId: owner.id, organizationId: organization.id });
    await insertVersion(ctx.database.db, { projectId: shown.id, authorId: owner.id });
    const draft = await insertProject(ctx.database.db, { ownerId: owner.id, organizationId: organization.id, status: 'draft' });

    // Owning a public project makes the organization public.
    const forStranger = await ok(Projects, `/v3/organization/${id}/projects`, actors.stranger.pat);
    expect(forStranger.map((p) => p.id)).toEqual([shown.key]);
    expect(forStranger[0]).toMatchObject({ organization: id, project_types: ['mod'], games: ['minecraft-java'] });
    const forOwner = await ok(Projects, `/v3/organization/${id}/projects`, owner.pat);
    expect(forOwner.map((p) => p.id).sort()).toEqual([shown.key, draft.key].sort());
    expect((await ok(Organizations, `/v3/organizations?ids=${ids(id)}`)).map((o) => o.id)).toEqual([id]);
    // The same projects as the v2 route, in the other shape.
    const v2 = z.array(ProjectSchema).parse((await get(`/v2/organization/${id}/projects`, owner.pat)).json());
    expect(forOwner.map((p) => [p.id, p.name]).sort()).toEqual(v2.map((p) => [p.id, p.title]).sort());
  });
});

describe('the rest of /v3', () => {
  it('answers 404 with the usual error body for every other path and method', async () => {
    const { project, version } = await publicMod();
    await notFound('/v3');
    await notFound('/v3/');
    await notFound('/v3/tag/loader');
    await notFound('/v3/search');
    await notFound(`/v3/project/${project.key}/version`);
    await notFound(`/v3/projects?ids=${ids(project.key)}`);
    await notFound(`/v3/versions?ids=${ids(version.key)}`);
    await notFound(`/v3/version_file/${version.sha1}`);
    await notFound('/v3/user/Creator');
    await notFound(`/v3/project/${project.key}`, actors.creator.pat, 'PATCH');
    await notFound(`/v3/project/${project.key}`, actors.creator.pat, 'DELETE');
    await notFound('/v3/collection', actors.creator.pat, 'POST');
    await notFound('/v3/organization', actors.creator.pat, 'POST');
  });

  it('counts /v3 calls against the same rate limit as /v2', async () => {
    const remoteAddress = '198.51.100.33';
    const first = await ctx.app.inject({ method: 'GET', url: '/v2/tag/loader', remoteAddress });
    const second = await ctx.app.inject({ method: 'GET', url: `/v3/organizations?ids=${ids()}`, remoteAddress });
    expect(second.statusCode).toBe(200);
    expect(second.headers['x-ratelimit-limit']).toBe(first.headers['x-ratelimit-limit']);
    expect(Number(second.headers['x-ratelimit-remaining'])).toBe(Number(first.headers['x-ratelimit-remaining']) - 1);
    const limit = Number(second.headers['x-ratelimit-limit']);
    let last = second;
    for (let i = 2; i <= limit; i++) last = await ctx.app.inject({ method: 'GET', url: `/v3/organizations?ids=${ids()}`, remoteAddress });
    expect(last.statusCode).toBe(429);
    expect(ErrorBody.parse(last.json()).error).toBe('ratelimit_error');
  });
});

describe("a pack tool's flow", () => {
  it('reads a collection, then each of its projects and their versions, through /v3 only', async () => {
    const curator = await insertUserWithTokens(ctx.database.db);
    const { project: mod } = await publicMod();
    const pack = await insertProject(ctx.database.db, { ownerId: actors.creator.id, declaredType: 'modpack' });
    await insertVersion(ctx.database.db, { projectId: pack.id, authorId: actors.creator.id, modpack: true, loaders: ['fabric'] });
    const hidden = await insertProject(ctx.database.db, { ownerId: curator.id, status: 'draft' });
    const created = await call('POST', '/v2/collection', curator.pat, { name: 'Server pack', projects: [mod.slug, pack.key, hidden.key] });
    expect(created.statusCode, created.body).toBe(200);
    const collectionId = Collection.parse(created.json()).id;

    // Anonymous, as a docker image resolving a collection at start-up.
    const collection = await ok(Collection, `/v3/collection/${collectionId}`);
    expect(collection.projects).toEqual([mod.key, pack.key]);
    const projects: ProjectV3[] = [];
    for (const id of collection.projects) projects.push(await ok(ProjectV3Schema, `/v3/project/${id}`));
    expect(projects.map((p) => p.project_types)).toEqual([['mod'], ['modpack']]);
    const downloads: string[] = [];
    for (const project of projects) {
      for (const versionId of project.versions) {
        const version = await ok(VersionV3Schema, `/v3/version/${versionId}`);
        expect(version.project_id).toBe(project.id);
        const primary = version.files.find((f) => f.primary)!;
        expect(primary.url).not.toContain('?token=');
        downloads.push(primary.filename);
      }
    }
    expect(downloads).toHaveLength(2);
    expect(downloads[1]).toMatch(/\.mrpack$/);
    // The curator sees the hidden project too, and can read it.
    const own = await ok(Collection, `/v3/collection/${collectionId}`, curator.pat);
    expect(own.projects).toEqual([mod.key, pack.key, hidden.key]);
    expect((await ok(ProjectV3Schema, `/v3/project/${hidden.key}`, curator.pat)).status).toBe('draft');
  });
});
