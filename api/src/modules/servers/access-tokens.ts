import { createHmac } from 'node:crypto';
import type { AgentPermission } from '@cairn/shared/schemas/node-agent';

/** Everything an owner does from the panel: console, power, files and backups. */
export const OWNER_PERMISSIONS: AgentPermission[] = ['console', 'control', 'files.read', 'files.write', 'backups'];
export const ACCESS_TTL_SECONDS = 15 * 60;

/**
 * A node access token minted by the API itself (docs/api/node-agent.md: the agent checks an
 * HMAC-SHA256 over `v1.<claims>`, keyed by HMAC-SHA256(node token, "cairn-node-access-v1")).
 */
export function mintAccessToken(nodeToken: string, grant: { serverId: string; userId: string; permissions: AgentPermission[]; expires: Date }): string {
  const key = createHmac('sha256', nodeToken).update('cairn-node-access-v1').digest();
  const claims = { sid: grant.serverId, sub: grant.userId, perms: grant.permissions, exp: Math.floor(grant.expires.getTime() / 1000) };
  const encoded = `v1.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${encoded}.${createHmac('sha256', key).update(encoded).digest('base64url')}`;
}
