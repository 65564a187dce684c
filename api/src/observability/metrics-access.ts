import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether an `authorization` header may read the metrics: any when no token is configured (the
 * private listener, bound to a private address), else exactly `Bearer <token>`, compared in
 * constant time.
 */
export function mayReadMetrics(authorization: string | undefined, token: string | undefined): boolean {
  if (token === undefined) return true;
  if (!authorization?.startsWith('Bearer ')) return false;
  return timingSafeEqual(digest(authorization.slice(7).trim()), digest(token));
}
