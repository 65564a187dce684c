import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PROJECT_PERMISSIONS } from '@cairn/shared/constants/permissions';
import { ProjectDependencyListSchema, ProjectIdentifierSchema, ProjectSchema } from '@cairn/shared/schemas/projects';
import { scopeBits } from '@cairn/shared/constants/scopes';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient } from '../helpers/client.js';
import { createActors, createPat, insertUserWithTokens, type Actors, type TestUser } from '../factories/users.js';
import { addTeamMember, insertOrganization, insertProject, insertVersion, type InsertedProject } from '../factories/catalogue.js';

let ctx: TestContext;
let actors: Actors;
let pending: TestUser;
let member: TestUser;
let orgMember: TestUser;
let publicProject: InsertedProject;
let draftProject: InsertedProject;

const ProjectsSchema = z.array(ProjectSchema);

const call = testClient(() => ctx.app);
const get = (url: string, token?: string) => call('GET', url, token);

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.database.db;
  actors = await createActors(db);
  pending = await insertUserWithTokens(db, { username: 'Pending' });
  member = await insertUserWithTokens(db, { username: 'Member' });
  orgMember = await insertUserWithTokens(db, { username: 'OrgMember' });
  publicProject = await insertProject(db, { ownerId: actors.creator.id, slug: 'alpha', categories: ['utility', 'magic'] });
  await insertVersion(db, { projectId: publicProject.id, authorId: actors.creator.id, versionNumber: '1.0.0', loaders: ['fabric'], gameVersions: ['1.20.1'] });
  draftProject = await insertProject(db, { ownerId: actors.creator.id, slug: 'beta', status: 'draft' });
  await addTeamMember(db, draftProject.teamId, pending.id, { accepted: false });
  await addTeamMember(db, draftProject.teamId, member.id, { accepted: true, permissions: PROJECT_PERMISSIONS.UPLOAD_VERSION });
  const org = await insertOrganization(db, { ownerId: actors.user.id });
  await addTeamMember(db, org.teamId, orgMember.id, { accepted: true, permissions: PROJECT_PERMISSIONS.EDIT_DETAILS, organizationPermissions: 0 });
  await insertProject(db, { ownerId: actors.user.id, slug: 'zeta-project', status: 'private', organizationId: org.id });
});
afterAll(() => ctx.close());

describe('GET /v2/project/{id|slug}', () => {
  it('answers by id and by slug (any case) with the v2 Project shape', async () => {
    for (const key of [publicProject.key, 'alpha', 'ALPHA']) {
      const response = await get(`/v2/project/${key}`);
      expect(response.statusCode).toBe(200);
      const project = ProjectSchema.parse(response.json());
      expect(project.id).toBe(publicProject.key);
    }
    const project = ProjectSchema.parse((await get('/v2/project/alpha')).json());
    expect(project).toMatchObject({
      slug: 'alpha',
      project_type: 'mod',
      team: publicProject.teamKey,
      status: 'approved',
      categories: ['magic', 'utility'],
      loaders: ['fabric'],
      game_versions: ['1.20.1'],
      license: { id: 'MIT', name: 'MIT License', url: null },
      client_side: 'required',
      server_side: 'required',
      environment: ['client_and_server'],
      body_url: null,
      donation_urls: [],
      gallery: [],
    });
    expect(project.versions).toHaveLength(1);
  });

  it('answers 404 for unknown projects', async () => {
    expect((await get('/v2/project/nothing-here')).statusCode).toBe(404);
    expect((await get('/v2/project/zzzzzzzz')).statusCode).toBe(404);
  });

  it('shows hidden projects only to members (pending included), org members and moderators', async () => {
    const matrix: Array<[string | undefined, number]> = [
      [undefined, 404],
      [actors.stranger.pat, 404],
      [actors.user.pat, 404],
      [pending.pat, 200],
      [member.pat, 200],
      [actors.creator.pat, 200],
      [actors.moderator.pat, 200],
      [actors.admin.pat, 200],
    ];
    for (const [token, status] of matrix) expect((await get('/v2/project/beta', token)).statusCode, String(token)).toBe(status);
    expect((await get('/v2/project/zeta-project', orgMember.pat)).statusCode).toBe(200);
    expect((await get('/v2/project/zeta-project', actors.user.pat)).statusCode).toBe(200);
    expect((await get('/v2/project/zeta-project', actors.stranger.pat)).statusCode).toBe(404);
  });

  it('treats a token without PROJECT_READ as anonymous', async () => {
    const noRead = await createPat(ctx.database.db, actors.creator.id, scopeBits('USER_READ'));
    expect((await get('/v2/project/beta', noRead)).statusCode).toBe(404);
    const read = await createPat(ctx.database.db, actors.creator.id, scopeBits('PROJECT_READ'));
    expect((await get('/v2/project/beta', read)).statusCode).toBe(200);
  });
});

describe('GET /v2/projects', () => {
  it('returns visible projects and silently omits unknown and hidden ones', async () => {
    const url = `/v2/projects?ids=${encodeURIComponent(JSON.stringify(['alpha', 'beta', 'nope', publicProject.key]))}`;
    const anonymous = ProjectsSchema.parse((await get(url)).json());
    expect(anonymous.map((p) => p.slug)).toEqual(['alpha']);
    const asMember = ProjectsSchema.parse((await get(url, pending.pat)).json());
    expect(asMember.map((p) => p.slug).sort()).toEqual(['alpha', 'beta']);
  });

  it('rejects ids that are not a JSON array', async () => {
    const response = await get('/v2/projects?ids=alpha');
    expect(response.statusCode).toBe(400);
    expect(response.json().description).toContain('ids');
  });
});

describe('GET /v2/projects_random', () => {
  it('returns only searchable projects and checks the count', async () => {
    const response = await get('/v2/projects_random?count=10');
    expect(response.statusCode).toBe(200);
    const projects = ProjectsSchema.parse(response.json());
    expect(projects.map((p) => p.slug)).toEqual(['alpha']);
    for (const count of ['0', '101', 'x']) expect((await get(`/v2/projects_random?count=${count}`)).statusCode).toBe(400);
  });
});

describe('GET /v2/project/{id|slug}/check', () => {
  it('confirms ids and slugs in use, hidden ones included', async () => {
    const response = await get('/v2/project/beta/check');
    expect(response.statusCode).toBe(200);
    expect(ProjectIdentifierSchema.parse(response.json())).toEqual({ id: draftProject.key });
    expect((await get('/v2/project/free-slug/check')).statusCode).toBe(404);
  });
});

describe('GET /v2/project/{id|slug}/dependencies', () => {
  it('lists the projects and versions depended on, as far as the caller may see them', async () => {
    const db = ctx.database.db;
    const library = await insertProject(db, { ownerId: actors.user.id, slug: 'library' });
    const libraryVersion = await insertVersion(db, { projectId: library.id, authorId: actors.user.id });
    const hiddenLibrary = await insertProject(db, { ownerId: actors.user.id, slug: 'hidden-library', status: 'private' });
    const dependent = await insertProject(db, { ownerId: actors.creator.id, slug: 'dependent' });
    await insertVersion(db, {
      projectId: dependent.id,
      authorId: actors.creator.id,
      dependencies: [
        { versionId: libraryVersion.id, projectId: library.id, type: 'required' },
        { projectId: hiddenLibrary.id, type: 'optional' },
        { fileName: 'external.jar', type: 'embedded' },
      ],
    });
    const anonymous = ProjectDependencyListSchema.parse((await get('/v2/project/dependent/dependencies')).json());
    expect(anonymous.projects.map((p) => p.slug)).toEqual(['library']);
    expect(anonymous.versions.map((v) => v.id)).toEqual([libraryVersion.key]);
    const owner = ProjectDependencyListSchema.parse((await get('/v2/project/dependent/dependencies', actors.user.pat)).json());
    expect(owner.projects.map((p) => p.slug).sort()).toEqual(['hidden-library', 'library']);
    expect((await get('/v2/project/beta/dependencies')).statusCode).toBe(404);
  });
});

describe('GET /v2/user/{id|username}/projects', () => {
  it("lists a user's projects; outsiders see only searchable ones", async () => {
    const anonymous = ProjectsSchema.parse((await get(`/v2/user/${actors.creator.username}/projects`)).json());
    expect(anonymous.map((p) => p.slug)).not.toContain('beta');
    expect(anonymous.map((p) => p.slug)).toContain('alpha');
    const self = ProjectsSchema.parse((await get(`/v2/user/${actors.creator.username.toLowerCase()}/projects`, actors.creator.pat)).json());
    expect(self.map((p) => p.slug)).toEqual(expect.arrayContaining(['alpha', 'beta']));
    const pendingView = ProjectsSchema.parse((await get(`/v2/user/${pending.username}/projects`, pending.pat)).json());
    expect(pendingView).toEqual([]);
    expect((await get('/v2/user/no-such-user/projects')).statusCode).toBe(404);
  });
});
