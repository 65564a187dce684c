import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import sharp from 'sharp';
import { ALL_ORGANIZATION_PERMISSIONS, ALL_PROJECT_PERMISSIONS, ORGANIZATION_PERMISSIONS, PROJECT_PERMISSIONS } from '@cairn/shared/constants/permissions';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import { NotificationSchema } from '@cairn/shared/schemas/notifications';
import { OrganizationSchema, type Organization } from '@cairn/shared/schemas/organizations';
import { ProjectSchema } from '@cairn/shared/schemas/projects';
import { TeamMemberSchema } from '@cairn/shared/schemas/teams';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient } from '../helpers/client.js';
import { createActors, insertUserWithTokens, type Actors, type TestUser } from '../factories/users.js';
import { addTeamMember, insertProject } from '../factories/catalogue.js';
import { encodeBase62 } from '../../src/lib/ids.js';

let ctx: TestContext;
let actors: Actors;

const auth = (token?: string) => (token ? { authorization: token } : {});
const inject = testClient(() => ctx.app);
const b62 = (id: number) => encodeBase62(id);
const Members = z.array(TeamMemberSchema);

async function expectStatus(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string | undefined, status: number, payload?: object) {
  const response = await inject(method, url, token, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
  if (status >= 400) ErrorBodySchema.strict().parse(response.json());
  return response;
}

let slugCounter = 0;
async function createOrganization(owner: TestUser, slug = `org-${Date.now().toString(36)}-${slugCounter++}`): Promise<Organization> {
  const response = await expectStatus('POST', '/v2/organization', owner.pat, 200, { slug, name: 'Stonemasons', description: 'We build things together.' });
  return OrganizationSchema.parse(response.json());
}

async function getOrganization(id: string, token?: string): Promise<Organization> {
  return OrganizationSchema.parse((await expectStatus('GET', `/v2/organization/${id}`, token, 200)).json());
}

/** Invites `user` to the organization with the given bits and has them accept. */
async function addMember(organization: Organization, owner: TestUser, user: TestUser, permissions = 0, organizationPermissions = 0) {
  await expectStatus('POST', `/v2/team/${organization.team_id}/members`, owner.pat, 204, { user_id: b62(user.id), permissions, organization_permissions: organizationPermissions });
  await expectStatus('POST', `/v2/team/${organization.team_id}/join`, user.pat, 204);
}

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx.database.db);
});
afterAll(() => ctx.close());

describe('creating organizations', () => {
  it('makes the creator the owner holding every permission', async () => {
    const owner = await insertUserWithTokens(ctx.database.db);
    const organization = await createOrganization(owner);
    expect(organization.name).toBe('Stonemasons');
    expect(organization.icon_url).toBeNull();
    expect(organization.members).toHaveLength(1);
    expect(organization.members[0]).toMatchObject({ role: 'Owner', accepted: true, permissions: ALL_PROJECT_PERMISSIONS, organization_permissions: ALL_ORGANIZATION_PERMISSIONS });
    // By slug too, case-insensitively.
    expect((await getOrganization(organization.slug.toUpperCase(), owner.pat)).id).toBe(organization.id);
  });

  it('refuses bad fields, taken slugs, unverified emails and owners at the limit', async () => {
    const owner = await insertUserWithTokens(ctx.database.db);
    const taken = await createOrganization(owner);
    const body = { slug: 'fine-slug', name: 'Fine name', description: 'A fine description.' };
    for (const bad of [{ slug: 'no spaces' }, { slug: 'ab' }, { name: 'ab' }, { description: 'x'.repeat(257) }, { slug: taken.slug.toUpperCase() }, { slug: taken.id }]) {
      const response = await expectStatus('POST', '/v2/organization', owner.pat, 400, { ...body, ...bad });
      expect(response.json<{ description: string }>().description).toMatch(new RegExp(Object.keys(bad)[0]!));
    }
    const unverified = await insertUserWithTokens(ctx.database.db, { emailVerified: false });
    expect((await expectStatus('POST', '/v2/organization', unverified.pat, 400, body)).json()).toMatchObject({ error: 'email_unverified' });

    const busy = await insertUserWithTokens(ctx.database.db);
    for (let i = 0; i < 16; i++) await createOrganization(busy);
    expect((await expectStatus('POST', '/v2/organization', busy.pat, 400, body)).json()).toMatchObject({ error: 'limit_reached' });
  });
});

describe('visibility', () => {
  it('hides an organization of one member from outsiders until it has a second member or a public project', async () => {
    const owner = await insertUserWithTokens(ctx.database.db);
    const invitee = await insertUserWithTokens(ctx.database.db);
    const organization = await createOrganization(owner);
    const url = `/v2/organization/${organization.id}`;
    await expectStatus('GET', url, undefined, 404);
    await expectStatus('GET', url, actors.stranger.pat, 404);
    await getOrganization(organization.id, actors.moderator.pat);
    expect(z.array(OrganizationSchema).parse((await inject('GET', `/v2/organizations?ids=${encodeURIComponent(JSON.stringify([organization.id]))}`)).json())).toEqual([]);

    // A pending invitee sees it (and its own pending row); outsiders still do not.
    await expectStatus('POST', `/v2/team/${organization.team_id}/members`, owner.pat, 204, { user_id: b62(invitee.id) });
    const seenByInvitee = await getOrganization(organization.id, invitee.pat);
    expect(seenByInvitee.members.map((m) => [m.user.id, m.accepted])).toEqual(expect.arrayContaining([[b62(invitee.id), false]]));
    await expectStatus('GET', url, undefined, 404);

    await expectStatus('POST', `/v2/team/${organization.team_id}/join`, invitee.pat, 204);
    const seenByAnyone = await getOrganization(organization.id);
    expect(seenByAnyone.members).toHaveLength(2);
    // Outsiders see no permission bits.
    expect(seenByAnyone.members.every((m) => m.permissions === undefined && m.organization_permissions === undefined)).toBe(true);

    const listed = z.array(OrganizationSchema).parse((await expectStatus('GET', `/v2/user/${invitee.username}/organizations`, undefined, 200)).json());
    expect(listed.map((o) => o.id)).toEqual([organization.id]);
  });

  it('shows an organization owning a public project to everyone', async () => {
    const owner = await insertUserWithTokens(ctx.database.db);
    const organization = await createOrganization(owner);
    const project = await insertProject(ctx.database.db, { ownerId: owner.id, status: 'approved' });
    await expectStatus('POST', `/v2/organization/${organization.id}/projects`, owner.pat, 204, { project_id: project.slug });
    await getOrganization(organization.id);
    const projects = z.array(ProjectSchema).parse((await expectStatus('GET', `/v2/organization/${organization.id}/projects`, undefined, 200)).json());
    expect(projects.map((p) => p.id)).toEqual([project.key]);
  });
});

describe('invitations and permission subsets', () => {
  it('sends an organization_invite notification the invitee can accept', async () => {
    const owner = await insertUserWithTokens(ctx.database.db);
    const invitee = await insertUserWithTokens(ctx.database.db);
    const organization = await createOrganization(owner);
    await expectStatus('POST', `/v2/team/${organization.team_id}/members`, owner.pat, 204, { user_id: b62(invitee.id), role: 'Mason' });
    const notifications = z.array(NotificationSchema).parse((await expectStatus('GET', `/v2/user/${b62(invitee.id)}/notifications`, invitee.pat, 200)).json());
    expect(notifications).toHaveLength(1);
    const [notification] = notifications;
    expect(notification!.body).toEqual({ type: 'organization_invite', organization_id: organization.id, team_id: organization.team_id, invited_by: b62(owner.id), role: 'Mason' });
    expect(notification!.title).toContain('Stonemasons');
    expect(notification!.link).toBe(`/organization/${organization.slug}`);
    const accept = notification!.actions.find((a) => a.title === 'Accept')!;
    expect(accept.action_route).toEqual(['POST', `team/${organization.team_id}/join`]);
    await expectStatus('POST', `/v2/${accept.action_route[1]}`, invitee.pat, 204);
    const members = Members.parse((await expectStatus('GET', `/v2/organization/${organization.id}/members`, owner.pat, 200)).json());
    expect(members.find((m) => m.user.id === b62(invitee.id))).toMatchObject({ accepted: true, role: 'Mason', organization_permissions: 0 });
  });

  it('lets members grant only organization bits they hold, and default project bits only with EDIT_MEMBER_DEFAULT_PERMISSIONS', async () => {
    const owner = await insertUserWithTokens(ctx.database.db);
    const inviter = await insertUserWithTokens(ctx.database.db);
    const organization = await createOrganization(owner);
    await addMember(organization, owner, inviter, 0, ORGANIZATION_PERMISSIONS.MANAGE_INVITES);
    const team = `/v2/team/${organization.team_id}/members`;
    const target = await insertUserWithTokens(ctx.database.db);
    await expectStatus('POST', team, inviter.pat, 400, { user_id: b62(target.id), organization_permissions: ORGANIZATION_PERMISSIONS.MANAGE_INVITES | ORGANIZATION_PERMISSIONS.EDIT_DETAILS });
    await expectStatus('POST', team, inviter.pat, 401, { user_id: b62(target.id), permissions: PROJECT_PERMISSIONS.UPLOAD_VERSION });
    await expectStatus('POST', team, inviter.pat, 204, { user_id: b62(target.id), organization_permissions: ORGANIZATION_PERMISSIONS.MANAGE_INVITES });
    // A plain member may not invite at all.
    const plain = await insertUserWithTokens(ctx.database.db);
    await addMember(organization, owner, plain);
    await expectStatus('POST', team, plain.pat, 401, { user_id: b62(actors.user.id) });
  });
});

describe('projects of an organization', () => {
  async function setup() {
    const owner = await insertUserWithTokens(ctx.database.db);
    const creator = await insertUserWithTokens(ctx.database.db);
    const organization = await createOrganization(owner);
    await addMember(organization, owner, creator, PROJECT_PERMISSIONS.EDIT_DETAILS, ORGANIZATION_PERMISSIONS.ADD_PROJECT);
    const project = await insertProject(ctx.database.db, { ownerId: creator.id, status: 'approved' });
    return { owner, creator, organization, project };
  }

  it('moves a project in at its owner\'s request and shows the organization as its owner', async () => {
    const { owner, creator, organization, project } = await setup();
    const helper = await insertUserWithTokens(ctx.database.db);
    await addTeamMember(ctx.database.db, project.teamId, helper.id, { permissions: PROJECT_PERMISSIONS.UPLOAD_VERSION });
    const add = `/v2/organization/${organization.id}/projects`;
    // Not the project's owner, or no ADD_PROJECT in the organization.
    await expectStatus('POST', add, owner.pat, 401, { project_id: project.key });
    const bystander = await insertUserWithTokens(ctx.database.db);
    await addMember(organization, owner, bystander);
    const ownProject = await insertProject(ctx.database.db, { ownerId: bystander.id, status: 'approved' });
    await expectStatus('POST', add, bystander.pat, 401, { project_id: ownProject.key });

    await expectStatus('POST', add, creator.pat, 204, { project_id: project.slug, owner_permissions: 'organization_defaults' });
    await expectStatus('POST', add, creator.pat, 400, { project_id: project.key });

    const wire = ProjectSchema.parse((await expectStatus('GET', `/v2/project/${project.key}`, undefined, 200)).json());
    expect(wire.organization).toBe(organization.id);
    const owning = OrganizationSchema.parse((await expectStatus('GET', `/v2/project/${project.key}/organization`, undefined, 200)).json());
    expect(owning.id).toBe(organization.id);
    // With `organization_defaults` the project's owner left its team (he holds the project through the organization); other members stay.
    const team = Members.parse((await expectStatus('GET', `/v2/project/${project.key}/members`, undefined, 200)).json());
    expect(team.map((m) => m.user.id)).toEqual([b62(helper.id)]);
    // A project without an organization has none to show.
    const lone = await insertProject(ctx.database.db, { ownerId: creator.id, status: 'approved' });
    await expectStatus('GET', `/v2/project/${lone.key}/organization`, undefined, 404);
  });

  it('applies effective project permissions: project-team bits override the organization defaults', async () => {
    const { owner, creator, organization, project } = await setup();
    await expectStatus('POST', `/v2/organization/${organization.id}/projects`, creator.pat, 204, { project_id: project.key, owner_permissions: 'organization_defaults' });
    const patch = `/v2/project/${project.key}`;
    // The creator now holds the project through its default bits (EDIT_DETAILS).
    await expectStatus('PATCH', patch, creator.pat, 204, { title: 'Edited through the organization' });
    // The organization's owner holds everything.
    await expectStatus('PATCH', patch, owner.pat, 204, { title: 'Edited by the owner' });
    // A member with no default bits may not edit; an outsider does not see a hidden project at all.
    const plain = await insertUserWithTokens(ctx.database.db);
    await addMember(organization, owner, plain);
    await expectStatus('PATCH', patch, plain.pat, 401, { title: 'Nope' });
    // A project-team row overrides the defaults, even downwards: the creator joins the team with no bits.
    await addTeamMember(ctx.database.db, project.teamId, creator.id, { permissions: 0 });
    await expectStatus('PATCH', patch, creator.pat, 401, { title: 'Nope' });
    // ...and upwards for the plain member.
    await addTeamMember(ctx.database.db, project.teamId, plain.id, { permissions: PROJECT_PERMISSIONS.EDIT_DETAILS });
    await expectStatus('PATCH', patch, plain.pat, 204, { title: 'Edited through an override' });
  });

  /** What the caller may see of the project's analytics: the project's key when VIEW_ANALYTICS applies, else nothing. */
  async function analyticsProjects(token: string, projectKey: string): Promise<string[]> {
    const response = await expectStatus('GET', `/v2/analytics/downloads?project_ids=${encodeURIComponent(JSON.stringify([projectKey]))}`, token, 200);
    return Object.keys(response.json() as object);
  }

  /** The creator: an organization member whose default project permissions are all unticked. */
  async function setupWithoutDefaults() {
    const owner = await insertUserWithTokens(ctx.database.db);
    const creator = await insertUserWithTokens(ctx.database.db);
    const organization = await createOrganization(owner);
    await addMember(organization, owner, creator, 0, ORGANIZATION_PERMISSIONS.ADD_PROJECT);
    const project = await insertProject(ctx.database.db, { ownerId: creator.id, status: 'approved' });
    // The organization's owner already helps on the project.
    await addTeamMember(ctx.database.db, project.teamId, owner.id, { permissions: PROJECT_PERMISSIONS.UPLOAD_VERSION });
    return { owner, creator, organization, project };
  }

  it('keeps the creator in control by default: he stays on the team with the permissions he held', async () => {
    const { owner, creator, organization, project } = await setupWithoutDefaults();
    await expectStatus('POST', `/v2/organization/${organization.id}/projects`, creator.pat, 204, { project_id: project.key });

    const team = Members.parse((await expectStatus('GET', `/v2/project/${project.key}/members`, creator.pat, 200)).json());
    // No longer the owner (the organization is), the organization's owner left as the reference does.
    expect(team.map((m) => m.user.id)).toEqual([b62(creator.id)]);
    expect(team[0]).toMatchObject({ role: 'Member', permissions: ALL_PROJECT_PERMISSIONS, accepted: true });
    expect(ProjectSchema.parse((await expectStatus('GET', `/v2/project/${project.key}`, undefined, 200)).json()).organization).toBe(organization.id);

    // Effective permissions: every one he had, although the organization's defaults for him are none.
    await expectStatus('PATCH', `/v2/project/${project.key}`, creator.pat, 204, { title: 'Still mine to edit' });
    expect(await analyticsProjects(creator.pat, project.key)).toEqual([project.key]);
    const helper = await insertUserWithTokens(ctx.database.db);
    await expectStatus('POST', `/v2/team/${project.teamKey}/members`, creator.pat, 204, { user_id: b62(helper.id), permissions: PROJECT_PERMISSIONS.UPLOAD_VERSION });
    // The organization's owner holds the project through the organization.
    await expectStatus('PATCH', `/v2/project/${project.key}`, owner.pat, 204, { title: 'Edited by the organization owner' });
    // Ownership follows the organization's now; the organization's managers may give the project back.
    await expectStatus('PATCH', `/v2/team/${project.teamKey}/owner`, creator.pat, 400, { user_id: b62(creator.id) });
    await expectStatus('DELETE', `/v2/organization/${organization.id}/projects/${project.key}`, owner.pat, 204, { new_owner: b62(creator.id) });
    const back = Members.parse((await expectStatus('GET', `/v2/project/${project.key}/members`, creator.pat, 200)).json());
    expect(back.find((m) => m.user.id === b62(creator.id))).toMatchObject({ role: 'Owner', permissions: ALL_PROJECT_PERMISSIONS });
  });

  it("applies the organization's defaults to the creator when he chooses so (the reference's rule)", async () => {
    const { owner, creator, organization, project } = await setupWithoutDefaults();
    const add = `/v2/organization/${organization.id}/projects`;
    const refused = await expectStatus('POST', add, creator.pat, 400, { project_id: project.key, owner_permissions: 'nobody' });
    expect(ErrorBodySchema.parse(refused.json()).description).toContain('owner_permissions');
    await expectStatus('POST', add, creator.pat, 204, { project_id: project.key, owner_permissions: 'organization_defaults' });

    const team = Members.parse((await expectStatus('GET', `/v2/project/${project.key}/members`, creator.pat, 200)).json());
    expect(team).toEqual([]);
    // His effective permissions are the organization's defaults for him: none. He still sees the project.
    await expectStatus('GET', `/v2/project/${project.key}`, creator.pat, 200);
    await expectStatus('PATCH', `/v2/project/${project.key}`, creator.pat, 401, { title: 'Locked out' });
    expect(await analyticsProjects(creator.pat, project.key)).toEqual([]);
    // Raising the defaults for him (an organization setting) gives the bits back.
    await expectStatus('PATCH', `/v2/team/${organization.team_id}/members/${b62(creator.id)}`, owner.pat, 204, { permissions: PROJECT_PERMISSIONS.EDIT_DETAILS | PROJECT_PERMISSIONS.VIEW_ANALYTICS });
    await expectStatus('PATCH', `/v2/project/${project.key}`, creator.pat, 204, { title: 'Back in' });
    expect(await analyticsProjects(creator.pat, project.key)).toEqual([project.key]);
  });

  it('documents the choice and its default in the OpenAPI document', async () => {
    const document = (await expectStatus('GET', '/v2/openapi.json', undefined, 200)).json() as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties: Record<string, { enum?: string[]; default?: string; description?: string }>; required?: string[] } }> } }>>;
    };
    const body = document.paths['/v2/organization/{id}/projects']!.post!.requestBody!.content['application/json']!.schema;
    expect(body.properties.owner_permissions).toMatchObject({ enum: ['keep', 'organization_defaults'], default: 'keep' });
    expect(body.properties.owner_permissions!.description).toMatch(/organization's default project permissions/);
    expect(body.required).toEqual(['project_id']);
  });

  it('gives a project back to a member, who becomes its owner', async () => {
    const { owner, creator, organization, project } = await setup();
    await expectStatus('POST', `/v2/organization/${organization.id}/projects`, creator.pat, 204, { project_id: project.key });
    const remove = `/v2/organization/${organization.id}/projects/${project.key}`;
    await expectStatus('DELETE', remove, creator.pat, 401, { new_owner: b62(creator.id) });
    await expectStatus('DELETE', remove, owner.pat, 400, { new_owner: b62(actors.stranger.id) });
    await expectStatus('DELETE', remove, owner.pat, 204, { new_owner: b62(creator.id) });
    const wire = ProjectSchema.parse((await expectStatus('GET', `/v2/project/${project.key}`, undefined, 200)).json());
    expect(wire.organization).toBeNull();
    const team = Members.parse((await expectStatus('GET', `/v2/project/${project.key}/members`, creator.pat, 200)).json());
    expect(team.find((m) => m.user.id === b62(creator.id))).toMatchObject({ role: 'Owner', permissions: ALL_PROJECT_PERMISSIONS });
    await expectStatus('DELETE', remove, owner.pat, 400, { new_owner: b62(creator.id) });
  });
});

describe('ownership, editing and deletion', () => {
  it('transfers ownership of the organization team; org-owned project teams cannot be transferred', async () => {
    const owner = await insertUserWithTokens(ctx.database.db);
    const heir = await insertUserWithTokens(ctx.database.db);
    const organization = await createOrganization(owner);
    await addMember(organization, owner, heir);
    const project = await insertProject(ctx.database.db, { ownerId: owner.id, status: 'approved' });
    await expectStatus('POST', `/v2/organization/${organization.id}/projects`, owner.pat, 204, { project_id: project.key });
    await expectStatus('PATCH', `/v2/team/${project.teamKey}/owner`, owner.pat, 400, { user_id: b62(heir.id) });

    await expectStatus('PATCH', `/v2/team/${organization.team_id}/owner`, heir.pat, 401, { user_id: b62(heir.id) });
    await expectStatus('PATCH', `/v2/team/${organization.team_id}/owner`, owner.pat, 204, { user_id: b62(heir.id) });
    const members = Members.parse((await expectStatus('GET', `/v2/organization/${organization.id}/members`, heir.pat, 200)).json());
    expect(members.find((m) => m.user.id === b62(heir.id))).toMatchObject({ role: 'Owner', permissions: ALL_PROJECT_PERMISSIONS, organization_permissions: ALL_ORGANIZATION_PERMISSIONS });
    expect(members.find((m) => m.user.id === b62(owner.id))!.role).not.toBe('Owner');
    // The new owner holds every project of the organization and may delete it.
    await expectStatus('PATCH', `/v2/project/${project.key}`, heir.pat, 204, { title: 'Kept by the heir' });
    await expectStatus('DELETE', `/v2/organization/${organization.id}`, heir.pat, 204);
  });

  it('edits details and the icon with EDIT_DETAILS only', async () => {
    const owner = await insertUserWithTokens(ctx.database.db);
    const member = await insertUserWithTokens(ctx.database.db);
    const organization = await createOrganization(owner);
    const other = await createOrganization(owner);
    await addMember(organization, owner, member);
    const url = `/v2/organization/${organization.id}`;
    await expectStatus('PATCH', url, member.pat, 401, { name: 'Renamed' });
    await expectStatus('PATCH', url, actors.stranger.pat, 401, { name: 'Renamed' });
    await expectStatus('PATCH', url, owner.pat, 400, { slug: other.slug });
    await expectStatus('PATCH', url, owner.pat, 204, { name: 'Renamed guild', slug: `${organization.slug}-new`, description: 'New words.' });
    const edited = await getOrganization(organization.id);
    expect(edited).toMatchObject({ name: 'Renamed guild', slug: `${organization.slug}-new`, description: 'New words.' });

    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 40, b: 40 } } }).png().toBuffer();
    const upload = await ctx.app.inject({ method: 'PATCH', url: `${url}/icon?ext=png`, headers: { ...auth(owner.pat), 'content-type': 'image/png' }, payload: png });
    expect(upload.statusCode, upload.body).toBe(204);
    const withIcon = await getOrganization(organization.id);
    expect(withIcon.icon_url).toMatch(/^http/);
    expect(withIcon.color).not.toBeNull();
    await expectStatus('DELETE', `${url}/icon`, owner.pat, 204);
    expect((await getOrganization(organization.id)).icon_url).toBeNull();
  });

  it('deletes the organization and hands its projects to the owner', async () => {
    const owner = await insertUserWithTokens(ctx.database.db);
    const member = await insertUserWithTokens(ctx.database.db);
    const organization = await createOrganization(owner);
    await addMember(organization, owner, member, ALL_PROJECT_PERMISSIONS, ALL_ORGANIZATION_PERMISSIONS & ~ORGANIZATION_PERMISSIONS.DELETE_ORGANIZATION);
    const project = await insertProject(ctx.database.db, { ownerId: member.id, status: 'approved' });
    await expectStatus('POST', `/v2/organization/${organization.id}/projects`, member.pat, 204, { project_id: project.key });
    await expectStatus('DELETE', `/v2/organization/${organization.id}`, member.pat, 401);
    await expectStatus('DELETE', `/v2/organization/${organization.id}`, owner.pat, 204);
    await expectStatus('GET', `/v2/organization/${organization.id}`, owner.pat, 404);
    const wire = ProjectSchema.parse((await expectStatus('GET', `/v2/project/${project.key}`, undefined, 200)).json());
    expect(wire.organization).toBeNull();
    const team = Members.parse((await expectStatus('GET', `/v2/project/${project.key}/members`, owner.pat, 200)).json());
    expect(team.find((m) => m.role === 'Owner')!.user.id).toBe(b62(owner.id));
  });
});
