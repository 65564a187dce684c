import type { Executor } from '../../db/client.js';
import { encodeBase62 } from '../../lib/ids.js';
import { ApiError } from '../../lib/errors.js';
import { requireSftpLogin, standingOfUser, type SftpLoginPermissions } from '../access/server.policy.js';
import { agentClient, type NodeAddress } from './agent-client.js';
import * as members from './server-members.repository.js';
import * as sftp from './server-sftp.repository.js';
import * as repo from './servers.repository.js';

const loginPath = (serverId: string, userId: number) => `/api/servers/${encodeURIComponent(serverId)}/sftp-users/${encodeBase62(userId)}`;

/** Puts a login on the node as the API has it (docs/api/node-agent.md, "SFTP"), or removes it when it opens nothing. */
export async function putLoginOnNode(node: NodeAddress, row: sftp.SftpLoginRow, permissions: SftpLoginPermissions | undefined): Promise<void> {
  if (!permissions || (row.passwordHash === null && row.publicKeys.length === 0)) {
    await removeLoginFromNode(node, row.serverId, row.userId);
    return;
  }
  await agentClient(node, 5000).call('PUT', loginPath(row.serverId, row.userId), {
    json: { username: row.username, password_hash: row.passwordHash, public_keys: row.publicKeys, permissions },
  });
}

/** Removes a login from the node and ends its open sessions; a node without the server has nothing to remove. */
export async function removeLoginFromNode(node: NodeAddress, serverId: string, userId: number): Promise<void> {
  try {
    await agentClient(node, 5000).call('DELETE', loginPath(serverId, userId));
  } catch (error) {
    if (!(error instanceof ApiError && error.statusCode === 404)) throw error;
  }
}

/** What a login may do now, asked without a request: undefined once its user is neither the owner nor a member with `sftp` and `files_read`. */
async function permissionsNow(db: Executor, server: Pick<repo.ServerRow, 'id' | 'ownerId'>, userId: number): Promise<SftpLoginPermissions | undefined> {
  const member = server.ownerId === userId ? undefined : await members.findMember(db, server.id, userId);
  try {
    return requireSftpLogin(standingOfUser(server, userId, member?.accepted ? member : undefined));
  } catch {
    return undefined;
  }
}

/**
 * Pushes every SFTP login of a server to `node` (a server moving there). A login whose user lost
 * the access is removed instead; the API's row goes too.
 */
export async function pushServerLogins(db: Executor, node: NodeAddress, server: Pick<repo.ServerRow, 'id' | 'ownerId'>): Promise<void> {
  for (const row of await sftp.listSftpLogins(db, server.id)) {
    const permissions = await permissionsNow(db, server, row.userId);
    await putLoginOnNode(node, row, permissions);
    if (!permissions) await sftp.deleteSftpLogin(db, server.id, row.userId);
  }
}

/**
 * Brings one user's SFTP login on the server's node in line with their permissions now (a member's
 * role changed or they were removed): narrower permissions apply at once (the node ends the old
 * sessions), no access removes the login.
 */
export async function syncUserLogin(db: Executor, serverId: string, userId: number): Promise<void> {
  const row = await sftp.findSftpLogin(db, serverId, userId);
  const server = row ? await repo.findServer(db, serverId) : undefined;
  const node = server?.nodeId == null ? undefined : await repo.findNode(db, server.nodeId);
  if (!row || !server) return;
  const permissions = await permissionsNow(db, server, userId);
  if (node) await putLoginOnNode(node, row, permissions);
  if (!permissions) await sftp.deleteSftpLogin(db, serverId, userId);
}
