import type { Config } from '../../config.js';
import type { JobDefinition, JobDeps } from '../../lib/jobs/job-types.js';
import { pingAllListings, pingListing, type PingSettings } from './server-listing-pings.js';
import * as repo from './server-listings.repository.js';

export const SERVER_LISTINGS_PING_JOB = 'server-listings.ping';

/** `listingId`: ping that listing now (a new or edited listing); without it, every listing. */
export interface PingListingsJob {
  listingId?: number;
}

/** The ping settings of a configuration. */
export const pingSettingsOf = (config: Pick<Config, 'serverListings' | 'servers'>): PingSettings => ({
  allowHosts: config.serverListings.allowHosts,
  pingTimeoutMs: config.serverListings.pingTimeoutMs,
  hideAfterMs: config.serverListings.hideAfterMs,
  domain: config.servers.domain,
});

/**
 * Every five minutes, a status ping to every listed server (docs/api/server-listings.md, "Status
 * pings"): the answer is cached on the listing, and a server that stays silent longer than
 * SERVER_LISTINGS_HIDE_AFTER_HOURS leaves search until it answers again.
 */
export const serverListingsPingJob: JobDefinition<JobDeps, PingListingsJob> = {
  name: SERVER_LISTINGS_PING_JOB,
  cron: '*/5 * * * *',
  handle: async ({ db, config, clock }, jobs) => {
    const settings = pingSettingsOf(config);
    for (const job of jobs) {
      const now = clock?.() ?? new Date();
      if (job.data.listingId === undefined) {
        await pingAllListings(db, settings, now);
        continue;
      }
      const listing = await repo.findListingRow(db, job.data.listingId);
      if (listing) await pingListing(db, listing, settings, now);
    }
  },
};

/** The server listings module's jobs, for the worker. */
export const serverListingsJobs: ReadonlyArray<JobDefinition<JobDeps, never>> = [serverListingsPingJob] as ReadonlyArray<JobDefinition<JobDeps, never>>;
