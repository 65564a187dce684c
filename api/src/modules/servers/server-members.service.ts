import { normalizeServerPermissions, SERVER_ROLE_PRESETS, type ServerMemberRole, type ServerPermission } from '@cairn/shared/constants/server-permissions';
import type { ServerActivityPage, ServerMember, ServerMemberList } from '@cairn/shared/schemas/server-members';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { encodeBase62, parseId } from '../../lib/ids.js';
import { jobConnection } from '../../lib/job-connection.js';
import type { JobQueue } from '../../lib/jobs/job-types.js';
import { requireMemberManagement } from '../access/server.policy.js';
import { notifyUsers } from '../notifications/notifications.port.js';
import { agentClient } from './agent-client.js';
import { activityPage, importNodeActivity, recordActivity } from './server-activity.js';
import { syncUserLogin } from './server-sftp.js';
import * as members from './server-members.repository.js';
import type { ServersService } from './servers.service.js';
import * as repo from './servers.repository.js';

/** The worker job that tells a node to withdraw a member's access, retried until the node has it. */
export const SERVERS_REVOKE_ACCESS_JOB = 'servers.revoke-access';
export interface RevokeAccessJob {
  serverId: string;
  /** Base62 user id, the tokens' `sub`. */
  user: string;
  /** Milliseconds: tokens issued at or before it stop working. */
  before: number;
}

/** Tells the server's node to refuse the user's tokens issued until `before` and close their console sockets. */
export async function revokeOnNode(db: Executor, job: RevokeAccessJob): Promise<void> {
  const server = await repo.findServer(db, job.serverId);
  const node = server?.nodeId == null ? undefined : await repo.findNode(db, server.nodeId);
  if (!node) return;
  await agentClient(node, 5000).call('POST', `/api/servers/${encodeURIComponent(job.serverId)}/revocations`, { json: { user: job.user, before: job.before } });
  // Their SFTP login follows the same change: narrowed, or removed with its open sessions (docs/api/servers.md, "SFTP").
  const userId = parseId(job.user);
  if (userId !== undefined) await syncUserLogin(db, job.serverId, userId);
}

/** The permissions a role stands for: a preset's, or a custom set (writing implies reading). */
function permissionsOf(role: ServerMemberRole, custom: readonly ServerPermission[] | undefined): ServerPermission[] {
  return role === 'custom' ? normalizeServerPermissions(custom ?? []) : [...SERVER_ROLE_PRESETS[role]];
}

const userKey = (key: string): number => {
  const id = parseId(key);
  if (id === undefined) throw notFound('The member does not exist');
  return id;
};

function toMember(row: members.MemberWithUser): ServerMember {
  return {
    user: { id: encodeBase62(row.userId), username: row.username, avatar_url: row.avatarUrl },
    role: row.role,
    permissions: normalizeServerPermissions(row.permissions as ServerPermission[]),
    accepted: row.accepted,
    created: row.created.toISOString(),
  };
}

/** Sharing a server with other users (docs/api/server-members.md) and reading its activity log. */
export function createServerMembersService(deps: { db: Database; jobs: JobQueue | undefined; servers: ServersService; log: FastifyBaseLogger }) {
  const { db, servers } = deps;

  /**
   * Withdraws a member's node access once their change committed: the job (written in the
   * change's transaction) retries until the node has it; the call here makes it immediate.
   */
  async function withdraw(tx: Executor, job: RevokeAccessJob): Promise<void> {
    await deps.jobs?.send(SERVERS_REVOKE_ACCESS_JOB, job, { db: jobConnection(tx), retryLimit: 20, retryDelay: 15, retryBackoff: true });
  }
  const withdrawNow = (job: RevokeAccessJob) =>
    revokeOnNode(db, job).catch((error: Error) => deps.log.warn(`servers: access of ${job.user} on ${job.serverId} not yet withdrawn on its node (the job retries): ${error.message}`));

  async function memberRow(serverId: string, userId: number): Promise<members.MemberWithUser> {
    const row = (await members.listMembers(db, serverId)).find((m) => m.userId === userId);
    if (!row) throw notFound('The member does not exist');
    return row;
  }

  return {
    async list(actor: Actor, id: string): Promise<ServerMemberList> {
      const { server, standing } = await servers.standing(actor, id, 'view');
      const owner = (await members.findUserNames(db, [server.ownerId])).get(server.ownerId);
      return {
        owner: { id: encodeBase62(server.ownerId), username: owner?.username ?? '', avatar_url: owner?.avatarUrl ?? null },
        members: (await members.listMembers(db, server.id)).map(toMember),
        my_role: standing.role,
        my_permissions: standing.permissions,
      };
    },

    async invite(actor: Actor, id: string, body: { username: string; role: ServerMemberRole; permissions?: ServerPermission[] | undefined }): Promise<ServerMember> {
      const { server, standing } = await servers.standing(actor, id, 'members');
      const permissions = permissionsOf(body.role, body.permissions);
      requireMemberManagement(standing, { permissions: [] }, permissions);
      const user = await members.findUserByUsername(db, body.username);
      if (!user) throw badRequest(`username: no user is named ${body.username}`, 'unknown_user');
      if (user.id === server.ownerId) throw badRequest(`username: ${user.username} owns this server`, 'already_member');
      await db.transaction(async (tx) => {
        const added = await members.insertMember(tx, { serverId: server.id, userId: user.id, role: body.role, permissions, invitedBy: actor.userId });
        if (!added) throw conflict(`username: ${user.username} is already a member of this server or invited to it`, 'already_member');
        await notifyUsers(tx, [user.id], { type: 'server_invite', server_id: server.id, server_name: server.name, invited_by: encodeBase62(actor.userId), role: body.role });
        await recordActivity(tx, { serverId: server.id, actorId: actor.userId, kind: 'members', action: 'invite', detail: `${user.username} as ${body.role}` });
      });
      return toMember(await memberRow(server.id, user.id));
    },

    async edit(actor: Actor, id: string, key: string, body: { role: ServerMemberRole; permissions?: ServerPermission[] | undefined }): Promise<ServerMember> {
      const { server, standing } = await servers.standing(actor, id, 'members');
      const userId = userKey(key);
      if (userId === server.ownerId) requireMemberManagement(standing, 'owner');
      const target = await memberRow(server.id, userId);
      const permissions = permissionsOf(body.role, body.permissions);
      requireMemberManagement(standing, target, permissions);
      const job = { serverId: server.id, user: encodeBase62(userId), before: Date.now() };
      await db.transaction(async (tx) => {
        await members.updateMember(tx, server.id, userId, { role: body.role, permissions });
        await recordActivity(tx, { serverId: server.id, actorId: actor.userId, kind: 'members', action: 'change', detail: `${target.username}: ${body.role === 'custom' ? permissions.join(', ') : body.role}` });
        // Tokens carry permissions: the old ones go, and the panel asks for new access.
        if (target.accepted) await withdraw(tx, job);
      });
      if (target.accepted) await withdrawNow(job);
      return toMember(await memberRow(server.id, userId));
    },

    /** Removes a member (the `members` permission), or the caller leaves (any member). */
    async remove(actor: Actor, id: string, key: string): Promise<void> {
      const userId = userKey(key);
      const leaving = userId === actor.userId;
      const { server, standing } = await servers.standing(actor, id, leaving ? 'view' : 'members');
      if (userId === server.ownerId) requireMemberManagement(standing, 'owner');
      const target = await memberRow(server.id, userId);
      if (!leaving) requireMemberManagement(standing, target);
      const job = { serverId: server.id, user: encodeBase62(userId), before: Date.now() };
      await db.transaction(async (tx) => {
        await members.deleteMember(tx, server.id, userId);
        await recordActivity(tx, { serverId: server.id, actorId: actor.userId, kind: 'members', action: leaving ? 'leave' : 'remove', detail: target.username });
        await withdraw(tx, job);
      });
      await withdrawNow(job);
    },

    /** Accepts the caller's invitation (from the notification): the server shows in their list. */
    async accept(actor: Actor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const pending = await members.findMember(tx, id, actor.userId);
        if (!pending || pending.accepted) throw notFound('There is no invitation to this server');
        await members.updateMember(tx, id, actor.userId, { accepted: true });
        await recordActivity(tx, { serverId: id, actorId: actor.userId, kind: 'members', action: 'join', detail: pending.role });
      });
    },

    async decline(actor: Actor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const pending = await members.findMember(tx, id, actor.userId);
        if (!pending || pending.accepted) throw notFound('There is no invitation to this server');
        await members.deleteMember(tx, id, actor.userId);
        await recordActivity(tx, { serverId: id, actorId: actor.userId, kind: 'members', action: 'decline' });
      });
    },

    /**
     * A page of the activity log, readable by everyone with a standing on the server (members
     * see who else did what). What the node reported since the last read is imported first; a
     * node that does not answer leaves the page as the API has it.
     */
    async activity(actor: Actor, id: string, query: { actor?: string | undefined; kind?: string | undefined; cursor?: string | undefined; limit: number }): Promise<ServerActivityPage> {
      const server = await servers.visible(actor, id, 'view');
      const node = server.nodeId === null ? undefined : await repo.findNode(db, server.nodeId);
      if (node && query.cursor === undefined) await importNodeActivity(db, server.id, node).catch(() => 0);
      return activityPage(db, server.id, query);
    },
  };
}

export type ServerMembersService = ReturnType<typeof createServerMembersService>;
