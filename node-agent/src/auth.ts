import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { AgentPermission } from '@cairn/shared/schemas/node-agent';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Constant-time comparison of a presented secret with the expected one (lengths hidden by hashing). */
export function secretsEqual(presented: string, expected: string): boolean {
  return timingSafeEqual(digest(presented), digest(expected));
}

export interface AccessClaims {
  /** Server id the token is good for. */
  sid: string;
  /** User id it was issued to (for logs). */
  sub: string;
  perms: AgentPermission[];
  /** Expiry, seconds since the epoch. */
  exp: number;
  /** When it was issued, milliseconds since the epoch: revocations cut off by it (access-journal.ts). */
  iat?: number;
}

/**
 * Per-server access tokens handed to browsers: `v1.<base64url(JSON claims)>.<base64url(HMAC-SHA256)>`.
 * The key is derived from the node token, so the API (which knows it) can also mint them itself.
 */
export function accessKey(nodeToken: string): Buffer {
  return createHmac('sha256', nodeToken).update('cairn-node-access-v1').digest();
}

export function signAccessToken(key: Buffer, claims: AccessClaims): string {
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const mac = createHmac('sha256', key).update(`v1.${body}`).digest('base64url');
  return `v1.${body}.${mac}`;
}

export function verifyAccessToken(key: Buffer, token: string, now = Date.now()): AccessClaims | undefined {
  const [version, body, mac] = token.split('.');
  if (version !== 'v1' || !body || !mac) return undefined;
  const expected = createHmac('sha256', key).update(`v1.${body}`).digest();
  const presented = Buffer.from(mac, 'base64url');
  if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as AccessClaims;
    if (typeof claims.exp !== 'number' || claims.exp * 1000 <= now) return undefined;
    if (typeof claims.sid !== 'string' || !Array.isArray(claims.perms)) return undefined;
    return claims;
  } catch {
    return undefined;
  }
}
