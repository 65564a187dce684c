import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed backup download links (docs/api/node-agent.md): `?expires=<unix seconds>&signature=<base64url>`
 * where the signature is HMAC-SHA256 over `<server>/<backup>/<expires>`, keyed by
 * HMAC-SHA256(node token, "cairn-node-download-v1"). The key differs from the access-token key, so a
 * leaked link serves that one archive until it expires and grants nothing else.
 */
export function downloadKey(nodeToken: string): Buffer {
  return createHmac('sha256', nodeToken).update('cairn-node-download-v1').digest();
}

export function verifyDownloadLink(key: Buffer, link: { serverId: string; backupId: string; expires: string; signature: string }, now = Date.now()): boolean {
  const expires = Number(link.expires);
  if (!Number.isSafeInteger(expires) || expires * 1000 <= now) return false;
  const expected = createHmac('sha256', key).update(`${link.serverId}/${link.backupId}/${expires}`).digest();
  const presented = Buffer.from(link.signature, 'base64url');
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}
