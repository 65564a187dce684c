import type { Executor } from '../../db/client.js';
import { currentServerAddress } from '../servers/server-listing-source.port.js';
import { checkedListingAddress, ListingAddressError, type ListingAddressPolicy } from './server-listing-address.js';
import { pingServer, StatusPingError, type StatusPingResult } from './server-list-ping.js';
import * as repo from './server-listings.repository.js';

/** What pinging needs from the configuration (config/server-listings.ts, SERVERS_DOMAIN). */
export interface PingSettings extends ListingAddressPolicy {
  pingTimeoutMs: number;
  hideAfterMs: number;
  /** SERVERS_DOMAIN, for hosted servers' custom addresses. */
  domain: string | undefined;
}

/** Listings pinged at once by the scheduled job: enough to finish a few thousand within its five minutes, few enough to stay polite. */
export const PING_CONCURRENCY = 8;

/** Pings the listing's server once; the answer, or why there is none. */
async function ping(db: Executor, listing: repo.ListingRow, settings: PingSettings): Promise<{ result: StatusPingResult; address?: { host: string; port: number } } | { error: string; address?: { host: string; port: number } }> {
  try {
    if (listing.serverId !== null) {
      // A hosted server's address follows it (moves, custom addresses); it is the operator's own node, so it is trusted.
      const hosted = await currentServerAddress(db, listing.serverId, settings.domain);
      if (!hosted) return { error: 'the hosted server is not on a node' };
      const address = await checkedListingAddress(hosted.pingHost, hosted.port, settings, true);
      const result = await pingServer({ host: hosted.host, port: hosted.port, address, timeoutMs: settings.pingTimeoutMs });
      return { result, address: { host: hosted.host, port: hosted.port } };
    }
    const address = await checkedListingAddress(listing.host, listing.port, settings);
    return { result: await pingServer({ host: listing.host, port: listing.port, address, timeoutMs: settings.pingTimeoutMs }) };
  } catch (error) {
    if (error instanceof StatusPingError || error instanceof ListingAddressError) return { error: error.message.replace(/^host: /, '') };
    throw error;
  }
}

/**
 * Pings one listing and records what it read. An answer clears any hiding; no answer keeps the
 * last version and message of the day, drops the player count, and once the server has not
 * answered for longer than `hideAfterMs` (since its last answer, or since the listing was made)
 * takes the listing out of search with the reason its owner is shown.
 */
export async function pingListing(db: Executor, listing: repo.ListingRow, settings: PingSettings, now: Date): Promise<void> {
  const outcome = await ping(db, listing, settings);
  const moved = outcome.address && (outcome.address.host !== listing.host || outcome.address.port !== listing.port) ? outcome.address : {};
  if ('result' in outcome) {
    const { result } = outcome;
    await repo.updateListing(db, listing.id, {
      ...moved,
      checked: now,
      online: true,
      lastOnline: now,
      playersOnline: result.playersOnline,
      playersMax: result.playersMax,
      versionName: result.versionName,
      motd: result.motd,
      pingError: null,
      hiddenReason: null,
    });
    return;
  }
  const since = listing.lastOnline ?? listing.created;
  const overdue = now.getTime() - since.getTime() >= settings.hideAfterMs;
  const hiddenReason = overdue
    ? `Hidden from the server listings: the server has not answered status pings since ${since.toISOString()} (last error: ${outcome.error}). It is listed again as soon as a ping is answered.`
    : listing.hiddenReason;
  await repo.updateListing(db, listing.id, { ...moved, checked: now, online: false, playersOnline: null, pingError: outcome.error, hiddenReason });
}

/** Pings every listing that is waiting for review or approved, `PING_CONCURRENCY` at a time. */
export async function pingAllListings(db: Executor, settings: PingSettings, now: Date): Promise<number> {
  const listings = await repo.listPingableListings(db);
  let next = 0;
  const worker = async () => {
    while (next < listings.length) {
      const listing = listings[next++]!;
      await pingListing(db, listing, settings, now);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PING_CONCURRENCY, listings.length) }, worker));
  return listings.length;
}
