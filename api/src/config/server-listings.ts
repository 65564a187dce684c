import { z } from 'zod';

/** Public server listings' status pings (docs/api/server-listings.md, "Status pings"). */
export const serverListingsSchema = z.object({
  /** Hours a listed server may leave pings unanswered before its listing leaves search (the owner is shown why). */
  SERVER_LISTINGS_HIDE_AFTER_HOURS: z.coerce.number().min(0).max(24 * 365).default(24),
  /** Deadline of one status ping: connecting and the answer. */
  SERVER_LISTINGS_PING_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
});

export type ServerListingsEnv = z.infer<typeof serverListingsSchema>;

export interface ServerListingsSection {
  serverListings: {
    hideAfterMs: number;
    pingTimeoutMs: number;
    /** The shared outbound allow-list (config/outbound.ts): the only loopback or private addresses a listing may name. */
    allowHosts: string[];
  };
}

export function serverListingsSection(env: ServerListingsEnv, allowHosts: string[]): ServerListingsSection {
  return { serverListings: { hideAfterMs: env.SERVER_LISTINGS_HIDE_AFTER_HOURS * 3_600_000, pingTimeoutMs: env.SERVER_LISTINGS_PING_TIMEOUT_MS, allowHosts } };
}
