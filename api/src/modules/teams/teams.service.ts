import {
  ALL_ORGANIZATION_PERMISSIONS,
  ALL_PROJECT_PERMISSIONS,
  ORGANIZATION_PERMISSIONS,
  PROJECT_PERMISSIONS,
  hasPermission,
} from '@cairn/shared/constants/permissions';
import type { AddTeamMemberBody, ModifyTeamMemberBody, TeamMember } from '@cairn/shared/schemas/teams';
import type { Database, Executor } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, notFound, unauthorized } from '../../lib/errors.js';
import { listOrganizationAccess } from '../access/organization.policy.js';
import { listProjectAccess, requireVisibleProject } from '../access/project.policy.js';
import { canGrantPermissions, canTransferTeamOwnership, hasTeamPermission, type TeamAccess } from '../access/team.policy.js';
import { recordSearchChange } from '../../lib/search-outbox.js';
import { presentMembers as present } from './team-members.js';
import * as repo from './teams.repository.js';
import { encodeBase62, parseId } from '../../lib/ids.js';
import { notifyUsers } from '../notifications/notifications.port.js';

const isSubset = (bits: number, of: number) => (bits & ~of) === 0;
const PAYOUTS_SPLIT_MAX = 5000;

export function createTeamsService(deps: { db: Database }) {
  const { db } = deps;

  /** Teams the caller may see, in the order asked; unknown and hidden ones left out. */
  async function visibleTeams(executor: Executor, actor: Actor | null, teamIds: readonly number[]): Promise<TeamAccess[]> {
    const owners = await repo.listTeamOwners(executor, teamIds);
    const projectAccess = await listProjectAccess(executor, actor, owners.map((o) => o.projectId).filter((id): id is number => id !== null));
    const organizationAccess = await listOrganizationAccess(executor, actor, owners.map((o) => o.organizationId).filter((id): id is number => id !== null));
    const out: TeamAccess[] = [];
    for (const teamId of teamIds) {
      const owner = owners.find((o) => o.teamId === teamId);
      const access = owner?.projectId != null ? projectAccess.find((a) => a.project.id === owner.projectId) : undefined;
      const organization = owner?.organizationId != null ? organizationAccess.find((a) => a.organizationId === owner.organizationId) : undefined;
      if (access?.visible) out.push({ kind: 'project', teamId, access });
      else if (organization?.visible) out.push({ kind: 'organization', teamId, organization });
    }
    return out;
  }

  async function requireTeam(executor: Executor, actor: Actor | null, teamText: string): Promise<TeamAccess> {
    const teamId = parseId(teamText);
    const [team] = teamId === undefined ? [] : await visibleTeams(executor, actor, [teamId]);
    if (!team) throw notFound('The team does not exist or you may not see it');
    return team;
  }

  function requireTeamPermission(team: TeamAccess, project: number, organization: number, action: string) {
    if (!hasTeamPermission(team, project, organization)) throw unauthorized(`You don't have permission to ${action}`);
  }

  async function findTarget(executor: Executor, team: TeamAccess, userText: string): Promise<repo.MemberRow | undefined> {
    const userId = await repo.findUserId(executor, userText, parseId(userText));
    return userId === undefined ? undefined : repo.findMember(executor, team.teamId, userId);
  }

  /** Checks the bits a member is given: project teams take project bits only, organizations both. */
  function checkGrantedBits(actor: Actor, team: TeamAccess, permissions: number | undefined, organizationPermissions: number | null | undefined) {
    if (team.kind === 'project') {
      if (organizationPermissions != null) throw badRequest("Invalid body 'organization_permissions': project team members have no organization permissions");
      if (permissions !== undefined && !canGrantPermissions(actor, permissions, team.access.permissions)) {
        throw badRequest("Invalid body 'permissions': you cannot grant permissions you do not have");
      }
      if (permissions !== undefined && !isSubset(permissions, ALL_PROJECT_PERMISSIONS)) throw badRequest("Invalid body 'permissions': unknown permission bits");
      return;
    }
    if (organizationPermissions != null) {
      if (!isSubset(organizationPermissions, ALL_ORGANIZATION_PERMISSIONS)) throw badRequest("Invalid body 'organization_permissions': unknown permission bits");
      if (!canGrantPermissions(actor, organizationPermissions, team.organization.permissions)) {
        throw badRequest("Invalid body 'organization_permissions': you cannot grant permissions you do not have");
      }
    }
    if (permissions) {
      if (!hasPermission(team.organization.permissions, ORGANIZATION_PERMISSIONS.EDIT_MEMBER_DEFAULT_PERMISSIONS)) {
        throw unauthorized("You don't have permission to change members' default project permissions");
      }
      if (!isSubset(permissions, ALL_PROJECT_PERMISSIONS)) throw badRequest("Invalid body 'permissions': unknown permission bits");
    }
  }

  return {
    async getProjectTeamMembers(actor: Actor | null, idOrSlug: string): Promise<TeamMember[]> {
      const access = await requireVisibleProject(db, actor, idOrSlug);
      const team: TeamAccess = { kind: 'project', teamId: access.project.teamId, access };
      return present(team, actor, await repo.listMembers(db, [team.teamId]));
    },

    async getTeamMembers(actor: Actor | null, teamText: string): Promise<TeamMember[]> {
      const team = await requireTeam(db, actor, teamText);
      return present(team, actor, await repo.listMembers(db, [team.teamId]));
    },

    async getTeams(actor: Actor | null, teamTexts: readonly string[]): Promise<TeamMember[][]> {
      const ids = [...new Set(teamTexts.map(parseId).filter((id): id is number => id !== undefined))];
      const teams = await visibleTeams(db, actor, ids);
      const rows = teams.length ? await repo.listMembers(db, teams.map((t) => t.teamId)) : [];
      return teams.map((team) => present(team, actor, rows));
    },

    async addTeamMember(actor: Actor, teamText: string, body: AddTeamMemberBody): Promise<void> {
      const team = await requireTeam(db, actor, teamText);
      requireTeamPermission(team, PROJECT_PERMISSIONS.MANAGE_INVITES, ORGANIZATION_PERMISSIONS.MANAGE_INVITES, 'invite members to this team');
      checkGrantedBits(actor, team, body.permissions, body.organization_permissions);
      if (body.payouts_split > PAYOUTS_SPLIT_MAX) throw badRequest(`Invalid body 'payouts_split': at most ${PAYOUTS_SPLIT_MAX}`);
      const userId = parseId(body.user_id);
      const exists = userId !== undefined && (await repo.findUserId(db, body.user_id, userId)) === userId;
      if (!exists) throw badRequest(`Invalid body 'user_id': no user '${body.user_id}'`);
      await db.transaction(async (tx) => {
        if (await repo.findMember(tx, team.teamId, userId)) throw badRequest('This user is already a member of the team or has a pending invitation');
        // Members of the organization owning the project join its team directly.
        const organizationTeamId = team.kind === 'project' ? team.access.project.organizationTeamId : null;
        const organizationMember = organizationTeamId === null ? undefined : await repo.findMember(tx, organizationTeamId, userId);
        if (organizationMember?.isOwner && body.permissions !== ALL_PROJECT_PERMISSIONS) {
          throw badRequest("Invalid body 'permissions': the organization's owner must hold every permission");
        }
        await repo.insertMember(tx, {
          teamId: team.teamId,
          userId,
          role: body.role,
          permissions: body.permissions,
          organizationPermissions: team.kind === 'organization' ? (body.organization_permissions ?? 0) : null,
          accepted: Boolean(organizationMember?.accepted),
          payoutsSplit: body.payouts_split,
          ordering: body.ordering,
        });
        if (team.kind === 'project' && !organizationMember?.accepted) {
          await notifyUsers(tx, [userId], {
            type: 'team_invite',
            project_id: encodeBase62(team.access.project.id),
            team_id: encodeBase62(team.teamId),
            invited_by: encodeBase62(actor.userId),
            role: body.role,
          });
        } else if (team.kind === 'organization') {
          await notifyUsers(tx, [userId], {
            type: 'organization_invite',
            organization_id: encodeBase62(team.organization.organizationId),
            team_id: encodeBase62(team.teamId),
            invited_by: encodeBase62(actor.userId),
            role: body.role,
          });
        }
      });
    },

    async joinTeam(actor: Actor, teamText: string): Promise<void> {
      const team = await requireTeam(db, actor, teamText);
      const member = await repo.findMember(db, team.teamId, actor.userId);
      if (!member) throw badRequest('You have no invitation to this team');
      if (member.accepted) throw badRequest('You are already a member of this team');
      await repo.updateMember(db, team.teamId, actor.userId, { accepted: true });
    },

    async modifyTeamMember(actor: Actor, teamText: string, userText: string, body: ModifyTeamMemberBody): Promise<void> {
      const team = await requireTeam(db, actor, teamText);
      requireTeamPermission(team, PROJECT_PERMISSIONS.EDIT_MEMBER, ORGANIZATION_PERMISSIONS.EDIT_MEMBER, 'edit members of this team');
      const target = await findTarget(db, team, userText);
      if (!target) throw badRequest(`'${userText}' is not a member of this team`);
      const changesPermissions =
        (body.permissions !== undefined && body.permissions !== target.permissions) ||
        (body.organization_permissions != null && body.organization_permissions !== target.organizationPermissions);
      if (target.isOwner && changesPermissions) throw badRequest("The owner's permissions cannot be changed");
      checkGrantedBits(actor, team, body.permissions, body.organization_permissions);
      await repo.updateMember(db, team.teamId, target.userId, {
        ...(body.role !== undefined ? { role: body.role } : {}),
        ...(body.permissions !== undefined ? { permissions: body.permissions } : {}),
        ...(body.organization_permissions != null && team.kind === 'organization' ? { organizationPermissions: body.organization_permissions } : {}),
        ...(body.payouts_split !== undefined ? { payoutsSplit: body.payouts_split } : {}),
        ...(body.ordering !== undefined ? { ordering: body.ordering } : {}),
      });
    },

    /** Leave, decline an invitation, cancel one, or remove a member. The owner cannot be removed. */
    async deleteTeamMember(actor: Actor, teamText: string, userText: string): Promise<void> {
      const team = await requireTeam(db, actor, teamText);
      const target = await findTarget(db, team, userText);
      if (!target) throw notFound(`'${userText}' is not a member of this team`);
      if (target.isOwner) throw unauthorized("The team's owner cannot be removed; transfer ownership first");
      if (target.userId !== actor.userId) {
        if (target.accepted) {
          requireTeamPermission(team, PROJECT_PERMISSIONS.REMOVE_MEMBER, ORGANIZATION_PERMISSIONS.REMOVE_MEMBER, 'remove members from this team');
        } else {
          requireTeamPermission(team, PROJECT_PERMISSIONS.MANAGE_INVITES, ORGANIZATION_PERMISSIONS.MANAGE_INVITES, 'cancel invitations to this team');
        }
      }
      await repo.deleteMember(db, team.teamId, target.userId);
    },

    /** Makes an accepted member the owner; only the owner (or an admin) may. */
    async transferTeamOwnership(actor: Actor, teamText: string, newOwnerText: string): Promise<void> {
      const team = await requireTeam(db, actor, teamText);
      if (team.kind === 'project' && team.access.project.organizationId !== null) {
        throw badRequest("This project belongs to an organization; its ownership follows the organization's");
      }
      const members = await repo.listMembers(db, [team.teamId]);
      const owner = members.find((m) => m.isOwner);
      if (!canTransferTeamOwnership(actor, owner?.userId)) throw unauthorized("Only the team's owner may transfer ownership");
      const newOwnerId = parseId(newOwnerText);
      const target = members.find((m) => m.userId === newOwnerId);
      if (!target) throw badRequest(`Invalid body 'user_id': '${newOwnerText}' is not a member of this team`);
      if (!target.accepted) throw badRequest(`Invalid body 'user_id': '${newOwnerText}' has not accepted the invitation yet`);
      if (target.isOwner) return;
      await db.transaction(async (tx) => {
        if (owner) await repo.updateMember(tx, team.teamId, owner.userId, { isOwner: false });
        await repo.updateMember(tx, team.teamId, target.userId, {
          isOwner: true,
          permissions: ALL_PROJECT_PERMISSIONS,
          ...(team.kind === 'organization' ? { organizationPermissions: ALL_ORGANIZATION_PERMISSIONS } : {}),
        });
        if (team.kind === 'project') {
          await recordSearchChange(tx, [team.access.project.id]);
        } else {
          // The organization's owner holds every project through the organization.
          const projectTeams = await repo.listProjectTeamsOfOrganization(tx, team.organization.organizationId);
          await repo.deleteMemberFromTeams(tx, projectTeams.map((p) => p.teamId), target.userId);
          await recordSearchChange(tx, projectTeams.map((p) => p.projectId));
        }
      });
    },
  };
}

export type TeamsService = ReturnType<typeof createTeamsService>;
