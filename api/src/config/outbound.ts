import { z } from 'zod';
import { addProblem } from './env-values.js';
import type { InstanceEnv } from './instance.js';

const HOST_PORT = /^(?:\[[0-9a-f:.]+\]|[a-z0-9]([a-z0-9.-]*[a-z0-9])?):\d{1,5}$/i;
const hostPortList = z
  .string()
  .refine((v) => v.split(',').every((pair) => HOST_PORT.test(pair.trim())), 'must be comma-separated host:port pairs (e.g. 127.0.0.1:4567)')
  .optional();

/**
 * Requests to user-chosen URLs (the image proxy, release webhooks) go through lib/outbound, which
 * refuses loopback and private addresses; this is the one exception to that, shared by both
 * (docs/operations.md, "Outbound requests").
 */
export const outboundSchema = z.object({
  /**
   * Development and tests only: exact `host:port` pairs (comma separated) that outbound requests
   * may reach although they resolve to loopback or private addresses.
   */
  OUTBOUND_ALLOW_HOSTS: hostPortList,
  /** The list's older name, from when only the image proxy used it; still read, added to the list above. */
  IMAGE_PROXY_ALLOW_HOSTS: hostPortList,
});

export type OutboundEnv = z.infer<typeof outboundSchema>;

export interface OutboundSection {
  outbound: {
    /** Lower-case `host:port` pairs, as lib/outbound's policy takes them. */
    allowHosts: string[];
  };
}

/** The allow-list opens loopback and private addresses to user-chosen URLs: never in production. */
export function checkOutbound(env: OutboundEnv & Pick<InstanceEnv, 'NODE_ENV'>, ctx: z.RefinementCtx): void {
  if (env.NODE_ENV !== 'production') return;
  for (const variable of ['OUTBOUND_ALLOW_HOSTS', 'IMAGE_PROXY_ALLOW_HOSTS'] as const) {
    if (env[variable]) addProblem(ctx, variable, 'is for development and tests only; leave it unset when NODE_ENV=production');
  }
}

export function outboundSection(env: OutboundEnv): OutboundSection {
  const pairs = [env.OUTBOUND_ALLOW_HOSTS, env.IMAGE_PROXY_ALLOW_HOSTS].flatMap((list) => (list ?? '').split(','));
  return { outbound: { allowHosts: [...new Set(pairs.map((pair) => pair.trim().toLowerCase()).filter(Boolean))] } };
}
