import { SERVER_PERMISSIONS, type ServerPermission } from '@cairn/shared/constants/server-permissions';
import type { ServerViewerRole } from '@cairn/shared/schemas/server-members';
import { isAdmin, type Actor } from '../../lib/actor.js';
import { forbidden, notFound } from '../../lib/errors.js';

/** A game server is its owner's (and admins'); anyone else learns nothing of it (404). */
export function requireOwnServer<T extends { ownerId: number }>(actor: Actor, server: T | undefined): T {
  if (!server || (server.ownerId !== actor.userId && !isAdmin(actor))) throw notFound('The server does not exist');
  return server;
}

/** The caller's accepted membership of a server, if any (docs/api/server-members.md). */
export interface ServerMembership {
  role: 'editor' | 'limited' | 'custom';
  permissions: readonly string[];
}

/** What a server route needs: a named permission, any standing at all (`view`), or being the owner (billing, deletion). */
export type ServerNeed = ServerPermission | 'view' | 'owner';

/** Who the caller is on a server and what they may do there. */
export interface ServerStanding {
  role: ServerViewerRole;
  permissions: ServerPermission[];
}

const ALL: ServerPermission[] = [...SERVER_PERMISSIONS];

/**
 * The one place server access is decided. The owner and admins may do everything; an accepted
 * member what their permissions name (403 naming the missing one); anyone else — pending
 * invitees included — learns nothing of the server (404).
 */
export function requireServerAccess<T extends { ownerId: number }>(
  actor: Actor,
  server: T | undefined,
  membership: ServerMembership | undefined,
  need: ServerNeed,
): { server: T; standing: ServerStanding } {
  if (!server) throw notFound('The server does not exist');
  if (server.ownerId === actor.userId) return { server, standing: { role: 'owner', permissions: ALL } };
  if (isAdmin(actor)) return { server, standing: { role: 'admin', permissions: ALL } };
  if (!membership) throw notFound('The server does not exist');
  const permissions = SERVER_PERMISSIONS.filter((permission) => membership.permissions.includes(permission));
  const standing: ServerStanding = { role: membership.role, permissions };
  if (need === 'owner') throw forbidden("Only the server's owner may do this", 'not_server_owner');
  if (need !== 'view' && !permissions.includes(need)) throw forbidden(`permission: you need the ${need} permission on this server`, 'missing_server_permission');
  return { server, standing };
}

/** Whether a member with `standing` may change or remove a member: members managers may not touch the owner, and only the owner or admins grant `members`. */
export function requireMemberManagement(standing: ServerStanding, target: { permissions: readonly string[] } | 'owner', granting: readonly string[] = []): void {
  if (target === 'owner') throw forbidden("member: the server's owner cannot be changed or removed", 'not_server_owner');
  const privileged = standing.role === 'owner' || standing.role === 'admin';
  if (!privileged && (target.permissions.includes('members') || granting.includes('members'))) {
    throw forbidden('permission: only the owner grants or changes the members permission', 'missing_server_permission');
  }
}

/** What one user's SFTP login to a server may do (docs/api/servers.md, "SFTP"). */
export interface SftpLoginPermissions {
  read: boolean;
  write: boolean;
}

/**
 * The one place SFTP access is decided: a login needs the `sftp` permission and `files_read`
 * (403 naming the missing one); `files_write` lets it change files. `standing` is the caller's
 * (requireServerAccess), or for a login pushed again without a request (a move, a member
 * change) the user's as owner or accepted member — undefined when they are neither any more.
 */
export function requireSftpLogin(standing: ServerStanding | undefined): SftpLoginPermissions {
  if (!standing) throw forbidden('permission: you no longer have access to this server', 'missing_server_permission');
  for (const need of ['sftp', 'files_read'] as const) {
    if (!standing.permissions.includes(need)) throw forbidden(`permission: you need the ${need} permission on this server`, 'missing_server_permission');
  }
  return { read: true, write: standing.permissions.includes('files_write') };
}

/** A user's standing on a server without a request: its owner, or an accepted member (admins act only through requests). */
export function standingOfUser(server: { ownerId: number }, userId: number, membership: ServerMembership | undefined): ServerStanding | undefined {
  if (server.ownerId === userId) return { role: 'owner', permissions: ALL };
  if (!membership) return undefined;
  return { role: membership.role, permissions: SERVER_PERMISSIONS.filter((permission) => membership.permissions.includes(permission)) };
}
