import { createHmac } from 'node:crypto';
import type { ServerPermission } from '@cairn/shared/constants/server-permissions';
import type { AgentPermission } from '@cairn/shared/schemas/node-agent';

/** What a member's permissions allow on the node (console read-only is `console.read`). */
export function agentPermissionsOf(permissions: readonly ServerPermission[]): AgentPermission[] {
  const has = (permission: ServerPermission) => permissions.includes(permission);
  const granted: AgentPermission[] = [];
  if (has('console_write')) granted.push('console');
  else if (has('console_read')) granted.push('console.read');
  if (has('power')) granted.push('control');
  if (has('files_read') || has('files_write')) granted.push('files.read');
  if (has('files_write')) granted.push('files.write');
  if (has('backups')) granted.push('backups');
  return granted;
}
export const ACCESS_TTL_SECONDS = 15 * 60;

/**
 * A node access token minted by the API itself (docs/api/node-agent.md: the agent checks an
 * HMAC-SHA256 over `v1.<claims>`, keyed by HMAC-SHA256(node token, "cairn-node-access-v1")).
 */
export function mintAccessToken(nodeToken: string, grant: { serverId: string; userId: string; permissions: AgentPermission[]; expires: Date; issued?: Date }): string {
  const key = createHmac('sha256', nodeToken).update('cairn-node-access-v1').digest();
  // `iat` (ms) lets the node refuse tokens issued before a revocation (docs/api/node-agent.md, "Revocation and activity reports").
  const claims = { sid: grant.serverId, sub: grant.userId, perms: grant.permissions, exp: Math.floor(grant.expires.getTime() / 1000), iat: grant.issued?.getTime() ?? Date.now() };
  const encoded = `v1.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${encoded}.${createHmac('sha256', key).update(encoded).digest('base64url')}`;
}
