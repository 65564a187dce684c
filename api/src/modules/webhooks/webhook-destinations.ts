import { isIP } from 'node:net';
import { refusedRangeOf } from '../../lib/outbound/address-policy.js';
import { checkUrl, OutboundError } from '../../lib/outbound/safe-fetch.js';

export interface DestinationRules {
  /** Plain http allowed (development only, WEBHOOKS_ALLOW_HTTP). */
  allowHttp: boolean;
  /** The shared outbound allow-list (OUTBOUND_ALLOW_HOSTS). */
  allowHosts: readonly string[];
}

/**
 * Why a hook may not send to `raw`, or undefined. Checked when a hook is saved (so a team learns
 * of it at once) and before every attempt (the rules may have changed since). The addresses a
 * name resolves to are checked by the outbound client when it connects, not here.
 */
export function destinationProblem(raw: string, rules: DestinationRules): string | undefined {
  let target;
  try {
    target = checkUrl(raw);
  } catch (error) {
    return error instanceof OutboundError ? error.message : 'is not a valid URL';
  }
  if (target.url.protocol !== 'https:' && !rules.allowHttp) return 'must be an https URL';
  if (rules.allowHosts.includes(target.hostPort)) return undefined;
  const name = target.hostname.toLowerCase();
  if (name === 'localhost' || name.endsWith('.localhost')) return 'must not point at this machine';
  if (isIP(target.hostname)) {
    const range = refusedRangeOf(target.hostname);
    if (range) return `must not point at a ${range} address`;
  }
  return undefined;
}
