import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ALL_PROJECT_PERMISSIONS, PROJECT_PERMISSIONS } from '@cairn/shared/constants/permissions';
import { scopeBits } from '@cairn/shared/constants/scopes';
import { TeamMemberSchema, type TeamMember } from '@cairn/shared/schemas/teams';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient } from '../helpers/client.js';
import { createActors, createPat, insertUserWithTokens, type Actors, type TestUser } from '../factories/users.js';
import { addTeamMember, insertOrganization, insertProject, type InsertedProject } from '../factories/catalogue.js';
import { encodeBase62 } from '../../src/lib/ids.js';

let ctx: TestContext;
let actors: Actors;

const Members = z.array(TeamMemberSchema);
const inject = testClient(() => ctx.app);
const b62 = (id: number) => encodeBase62(id);

async function members(url: string, token?: string): Promise<TeamMember[]> {
  const response = await inject('GET', url, token);
  expect(response.statusCode, response.body).toBe(200);
  return Members.parse(response.json());
}
const names = (list: TeamMember[]) => list.map((m) => m.user.username).sort();

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx.database.db);
});
afterAll(() => ctx.close());

async function projectWithTeam(status = 'approved') {
  const db = ctx.database.db;
  const project = await insertProject(db, { ownerId: actors.creator.id, status });
  const accepted = await insertUserWithTokens(db);
  const pending = await insertUserWithTokens(db);
  await addTeamMember(db, project.teamId, accepted.id, { permissions: PROJECT_PERMISSIONS.UPLOAD_VERSION, payoutsSplit: 10 });
  await addTeamMember(db, project.teamId, pending.id, { permissions: PROJECT_PERMISSIONS.EDIT_DETAILS, accepted: false });
  return { project, accepted, pending };
}

describe('listing members', () => {
  it('shows accepted members to everyone; pending ones and private fields to accepted members', async () => {
    const { project, accepted, pending } = await projectWithTeam();
    const creator = actors.creator.username;

    const outsider = await members(`/v2/project/${project.key}/members`);
    expect(names(outsider)).toEqual([accepted.username, creator].sort());
    for (const m of outsider) {
      expect(m.permissions).toBeUndefined();
      expect(m.payouts_split).toBeUndefined();
    }
    const owner = outsider.find((m) => m.user.username === creator)!;
    expect(owner.role).toBe('Owner');

    const insider = await members(`/v2/project/${project.key}/members`, accepted.pat);
    expect(names(insider)).toEqual([accepted.username, creator, pending.username].sort());
    expect(insider.find((m) => m.user.id === b62(pending.id))).toMatchObject({ accepted: false, permissions: PROJECT_PERMISSIONS.EDIT_DETAILS });
    expect(insider.find((m) => m.user.id === b62(accepted.id))).toMatchObject({ payouts_split: 10 });

    // The invitee sees the accepted members and its own pending row.
    const invitee = await members(`/v2/team/${project.teamKey}/members`, pending.pat);
    expect(names(invitee)).toEqual([accepted.username, creator, pending.username].sort());
    expect(invitee.find((m) => m.user.id === b62(accepted.id))!.permissions).toBeUndefined();
    expect(invitee.find((m) => m.user.id === b62(pending.id))!.permissions).toBe(PROJECT_PERMISSIONS.EDIT_DETAILS);
  });

  it('answers 404 for the teams of hidden projects, and omits them from bulk reads', async () => {
    const visible = await projectWithTeam();
    const hidden = await projectWithTeam('draft');
    expect((await inject('GET', `/v2/project/${hidden.project.key}/members`)).statusCode).toBe(404);
    expect((await inject('GET', `/v2/team/${hidden.project.teamKey}/members`, actors.stranger.pat)).statusCode).toBe(404);
    expect((await inject('GET', `/v2/team/${hidden.project.teamKey}/members`, hidden.pending.pat)).statusCode).toBe(200);
    expect((await inject('GET', `/v2/team/${hidden.project.teamKey}/members`, actors.moderator.pat)).statusCode).toBe(200);
    const ids = encodeURIComponent(JSON.stringify([visible.project.teamKey, hidden.project.teamKey, 'zzzzzzzz']));
    const bulk = z.array(Members).parse((await inject('GET', `/v2/teams?ids=${ids}`)).json());
    expect(bulk).toHaveLength(1);
    expect(bulk[0]!.every((m) => m.team_id === visible.project.teamKey)).toBe(true);
    const asInvitee = z.array(Members).parse((await inject('GET', `/v2/teams?ids=${ids}`, hidden.pending.pat)).json());
    expect(asInvitee).toHaveLength(2);
  });

  it('lists no members on the own team of an organization-owned project', async () => {
    const org = await insertOrganization(ctx.database.db, { ownerId: actors.user.id });
    const project = await insertProject(ctx.database.db, { ownerId: actors.user.id, organizationId: org.id });
    expect(await members(`/v2/project/${project.key}/members`)).toEqual([]);
  });
});

describe('invitations', () => {
  it('invites a user (pending), who joins; a second invite or join is refused', async () => {
    const { project } = await projectWithTeam();
    const invitee = await insertUserWithTokens(ctx.database.db);
    const invite = await inject('POST', `/v2/team/${project.teamKey}/members`, actors.creator.pat, { user_id: b62(invitee.id), role: 'Artist', permissions: PROJECT_PERMISSIONS.EDIT_BODY, payouts_split: 25 });
    expect(invite.statusCode, invite.body).toBe(204);
    const list = await members(`/v2/team/${project.teamKey}/members`, actors.creator.pat);
    expect(list.find((m) => m.user.id === b62(invitee.id))).toMatchObject({ role: 'Artist', accepted: false, permissions: PROJECT_PERMISSIONS.EDIT_BODY, payouts_split: 25 });
    expect((await inject('POST', `/v2/team/${project.teamKey}/members`, actors.creator.pat, { user_id: b62(invitee.id) })).statusCode).toBe(400);
    // Pending invitations grant nothing yet.
    expect((await inject('PATCH', `/v2/project/${project.key}`, invitee.pat, { body: 'x' })).statusCode).toBe(401);
    expect((await inject('POST', `/v2/team/${project.teamKey}/join`, invitee.pat)).statusCode).toBe(204);
    expect((await inject('PATCH', `/v2/project/${project.key}`, invitee.pat, { body: 'x' })).statusCode).toBe(204);
    expect((await inject('POST', `/v2/team/${project.teamKey}/join`, invitee.pat)).statusCode).toBe(400);
    expect((await inject('POST', `/v2/team/${project.teamKey}/join`, actors.stranger.pat)).statusCode).toBe(400);
  });

  it('needs MANAGE_INVITES, and only grants permissions the inviter holds', async () => {
    const { project, accepted } = await projectWithTeam();
    const invitee = await insertUserWithTokens(ctx.database.db);
    expect((await inject('POST', `/v2/team/${project.teamKey}/members`, accepted.pat, { user_id: b62(invitee.id) })).statusCode).toBe(401);
    expect((await inject('POST', `/v2/team/${project.teamKey}/members`, actors.stranger.pat, { user_id: b62(invitee.id) })).statusCode).toBe(401);
    const manager = await insertUserWithTokens(ctx.database.db);
    await addTeamMember(ctx.database.db, project.teamId, manager.id, { permissions: PROJECT_PERMISSIONS.MANAGE_INVITES | PROJECT_PERMISSIONS.EDIT_BODY });
    const escalate = await inject('POST', `/v2/team/${project.teamKey}/members`, manager.pat, { user_id: b62(invitee.id), permissions: PROJECT_PERMISSIONS.DELETE_PROJECT });
    expect(escalate.statusCode).toBe(400);
    expect(escalate.json().description).toContain('permissions');
    const orgPerms = await inject('POST', `/v2/team/${project.teamKey}/members`, manager.pat, { user_id: b62(invitee.id), organization_permissions: 1 });
    expect(orgPerms.statusCode).toBe(400);
    expect((await inject('POST', `/v2/team/${project.teamKey}/members`, manager.pat, { user_id: 'zzzzzzzz' })).statusCode).toBe(400);
    expect((await inject('POST', `/v2/team/${project.teamKey}/members`, manager.pat, { user_id: b62(invitee.id), payouts_split: 5001 })).statusCode).toBe(400);
    expect((await inject('POST', `/v2/team/${project.teamKey}/members`, manager.pat, { user_id: b62(invitee.id), permissions: PROJECT_PERMISSIONS.EDIT_BODY })).statusCode).toBe(204);
  });

  it('adds members of the owning organization directly as accepted', async () => {
    const org = await insertOrganization(ctx.database.db, { ownerId: actors.user.id });
    const colleague = await insertUserWithTokens(ctx.database.db);
    await addTeamMember(ctx.database.db, org.teamId, colleague.id, { organizationPermissions: 0 });
    const project = await insertProject(ctx.database.db, { ownerId: actors.user.id, organizationId: org.id });
    expect((await inject('POST', `/v2/team/${project.teamKey}/members`, actors.user.pat, { user_id: b62(colleague.id), permissions: PROJECT_PERMISSIONS.UPLOAD_VERSION })).statusCode).toBe(204);
    expect((await members(`/v2/team/${project.teamKey}/members`, actors.user.pat))[0]).toMatchObject({ accepted: true });
  });
});

describe('editing members', () => {
  it('needs EDIT_MEMBER, keeps the owner intact, caps payouts and refuses escalation', async () => {
    const { project, accepted } = await projectWithTeam();
    const url = `/v2/team/${project.teamKey}/members/${accepted.username}`;
    expect((await inject('PATCH', url, accepted.pat, { role: 'Me' })).statusCode).toBe(401);
    expect((await inject('PATCH', url, actors.stranger.pat, { role: 'Me' })).statusCode).toBe(401);
    expect((await inject('PATCH', url, actors.creator.pat, { role: 'Developer', permissions: PROJECT_PERMISSIONS.EDIT_BODY, payouts_split: 5000, ordering: 3 })).statusCode).toBe(204);
    expect((await members(`/v2/team/${project.teamKey}/members`, actors.creator.pat)).find((m) => m.user.id === b62(accepted.id))).toMatchObject({
      role: 'Developer',
      permissions: PROJECT_PERMISSIONS.EDIT_BODY,
      payouts_split: 5000,
      ordering: 3,
    });
    expect((await inject('PATCH', url, actors.creator.pat, { payouts_split: 5001 })).statusCode).toBe(400);
    expect((await inject('PATCH', url, actors.creator.pat, { payouts_split: -1 })).statusCode).toBe(400);
    expect((await inject('PATCH', url, actors.creator.pat, { organization_permissions: 1 })).statusCode).toBe(400);
    expect((await inject('PATCH', `/v2/team/${project.teamKey}/members/${actors.creator.username}`, actors.creator.pat, { permissions: 0 })).statusCode).toBe(400);
    expect((await inject('PATCH', `/v2/team/${project.teamKey}/members/${actors.stranger.username}`, actors.creator.pat, { role: 'x' })).statusCode).toBe(400);
    const editor = await insertUserWithTokens(ctx.database.db);
    await addTeamMember(ctx.database.db, project.teamId, editor.id, { permissions: PROJECT_PERMISSIONS.EDIT_MEMBER });
    expect((await inject('PATCH', url, editor.pat, { permissions: PROJECT_PERMISSIONS.DELETE_PROJECT })).statusCode).toBe(400);
    expect((await inject('PATCH', url, editor.pat, { permissions: PROJECT_PERMISSIONS.EDIT_MEMBER })).statusCode).toBe(204);
    expect((await inject('PATCH', url, actors.admin.pat, { permissions: ALL_PROJECT_PERMISSIONS })).statusCode).toBe(204);
  });
});

describe('removing members', () => {
  it('lets members leave, invitees decline, and needs REMOVE_MEMBER / MANAGE_INVITES otherwise', async () => {
    const { project, accepted, pending } = await projectWithTeam();
    const team = `/v2/team/${project.teamKey}/members`;
    const remover = await insertUserWithTokens(ctx.database.db);
    await addTeamMember(ctx.database.db, project.teamId, remover.id, { permissions: PROJECT_PERMISSIONS.REMOVE_MEMBER });
    // Pending rows need MANAGE_INVITES, accepted ones REMOVE_MEMBER.
    expect((await inject('DELETE', `${team}/${pending.username}`, remover.pat)).statusCode).toBe(401);
    expect((await inject('DELETE', `${team}/${accepted.username}`, actors.stranger.pat)).statusCode).toBe(401);
    expect((await inject('DELETE', `${team}/${accepted.username}`, remover.pat)).statusCode).toBe(204);
    expect((await inject('DELETE', `${team}/${pending.username}`, pending.pat)).statusCode).toBe(204);
    expect((await inject('DELETE', `${team}/${remover.username}`, remover.pat)).statusCode).toBe(204);
    expect((await inject('DELETE', `${team}/${actors.creator.username}`, actors.creator.pat)).statusCode).toBe(401);
    expect((await inject('DELETE', `${team}/${actors.stranger.username}`, actors.creator.pat)).statusCode).toBe(404);
    expect(names(await members(team.replace('/members', '') + '/members', actors.creator.pat))).toEqual([actors.creator.username]);
  });
});

describe('ownership transfer', () => {
  it('moves ownership to an accepted member, only at the owner’s request', async () => {
    const { project, accepted, pending } = await projectWithTeam();
    const url = `/v2/team/${project.teamKey}/owner`;
    expect((await inject('PATCH', url, actors.creator.pat, { user_id: b62(actors.stranger.id) })).statusCode).toBe(400);
    expect((await inject('PATCH', url, actors.creator.pat, { user_id: b62(pending.id) })).statusCode).toBe(400);
    expect((await inject('PATCH', url, actors.stranger.pat, { user_id: b62(accepted.id) })).statusCode).toBe(401);
    expect((await inject('PATCH', url, accepted.pat, { user_id: b62(accepted.id) })).statusCode).toBe(401);
    expect((await inject('PATCH', url, actors.creator.pat, { user_id: b62(accepted.id) })).statusCode).toBe(204);
    const list = await members(`/v2/team/${project.teamKey}/members`, accepted.pat);
    expect(list.find((m) => m.user.id === b62(accepted.id))).toMatchObject({ role: 'Owner', permissions: ALL_PROJECT_PERMISSIONS });
    expect(list.find((m) => m.user.id === b62(actors.creator.id))!.role).toBe('Member');
    // The former owner can no longer remove the new one, nor transfer back.
    expect((await inject('DELETE', `/v2/team/${project.teamKey}/members/${accepted.username}`, actors.creator.pat)).statusCode).toBe(401);
    expect((await inject('PATCH', url, actors.creator.pat, { user_id: b62(actors.creator.id) })).statusCode).toBe(401);
    expect((await inject('PATCH', url, actors.admin.pat, { user_id: b62(actors.creator.id) })).statusCode).toBe(204);
  });

  it('refuses transfers of organization-owned projects', async () => {
    const org = await insertOrganization(ctx.database.db, { ownerId: actors.user.id });
    const project = await insertProject(ctx.database.db, { ownerId: actors.user.id, organizationId: org.id });
    expect((await inject('PATCH', `/v2/team/${project.teamKey}/owner`, actors.admin.pat, { user_id: b62(actors.user.id) })).statusCode).toBe(400);
  });

  it('transfers organization teams with every organization permission', async () => {
    const org = await insertOrganization(ctx.database.db, { ownerId: actors.user.id });
    const colleague = await insertUserWithTokens(ctx.database.db);
    await addTeamMember(ctx.database.db, org.teamId, colleague.id, { organizationPermissions: 0 });
    const orgTeam = encodeBase62(org.teamId);
    expect((await inject('PATCH', `/v2/team/${orgTeam}/owner`, actors.user.pat, { user_id: b62(colleague.id) })).statusCode).toBe(204);
    const list = await members(`/v2/team/${orgTeam}/members`, colleague.pat);
    expect(list.find((m) => m.user.id === b62(colleague.id))).toMatchObject({ role: 'Owner', permissions: ALL_PROJECT_PERMISSIONS });
  });
});

describe('team routes need PROJECT_WRITE', () => {
  let project: InsertedProject;
  let invitee: TestUser;
  beforeAll(async () => {
    ({ project } = await projectWithTeam());
    invitee = await insertUserWithTokens(ctx.database.db);
  });
  it('refuses anonymous callers and tokens without the scope', async () => {
    const readOnly = await createPat(ctx.database.db, actors.creator.id, scopeBits('PROJECT_READ'));
    const writeOnly = await createPat(ctx.database.db, actors.creator.id, scopeBits('PROJECT_WRITE'));
    const url = `/v2/team/${project.teamKey}/members`;
    expect((await inject('POST', url, undefined, { user_id: b62(invitee.id) })).statusCode).toBe(401);
    expect((await inject('POST', url, readOnly, { user_id: b62(invitee.id) })).statusCode).toBe(401);
    expect((await inject('POST', url, writeOnly, { user_id: b62(invitee.id) })).statusCode).toBe(204);
  });
});
