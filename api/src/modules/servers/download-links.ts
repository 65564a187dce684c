import { createHmac } from 'node:crypto';

/** How long a download link the API hands out stays valid. */
export const DOWNLOAD_LINK_TTL_SECONDS = 15 * 60;

/**
 * A signed link to a prepared backup archive, served by the node itself (docs/api/node-agent.md:
 * HMAC-SHA256 over `<server>/<backup>/<expires>` keyed by HMAC-SHA256(node token, "cairn-node-download-v1")).
 */
export function signDownloadLink(node: { publicUrl: string; token: string }, serverId: string, backupId: string, expires: Date): string {
  const seconds = Math.floor(expires.getTime() / 1000);
  const key = createHmac('sha256', node.token).update('cairn-node-download-v1').digest();
  const signature = createHmac('sha256', key).update(`${serverId}/${backupId}/${seconds}`).digest('base64url');
  const path = `/api/servers/${encodeURIComponent(serverId)}/backups/${encodeURIComponent(backupId)}/archive`;
  return `${node.publicUrl}${path}?expires=${seconds}&signature=${signature}`;
}
