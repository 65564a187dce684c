import type { JobDefinition, JobDeps } from '../../lib/jobs/job-types.js';
import { monetizableUsageForDay } from '../analytics/analytics.port.js';
import { announceAvailableCredits } from './credit-announcements.js';
import { createRevenueDistribution } from './revenue-distribution.js';

/** Daily after midnight UTC: yesterday's revenue pool into the ledger by monetizable views + downloads (a rerun changes nothing). */
export const distributeRevenueJob: JobDefinition<JobDeps> = {
  name: 'distribute-revenue',
  cron: '15 0 * * *',
  handle: async ({ db, config }) => {
    if (config.revenue.poolDailyCents === 0) return;
    const distribution = createRevenueDistribution({ db, usage: monetizableUsageForDay, ...config.revenue });
    await distribution.distributeDay(new Date(Date.now() - 86_400_000));
  },
};

/** Hourly: `payout_available` notifications for credits whose holding period ended. */
export const announcePayoutsJob: JobDefinition<JobDeps> = {
  name: 'announce-payouts',
  cron: '25 * * * *',
  handle: async ({ db }) => {
    while ((await announceAvailableCredits(db)) > 0);
  },
};

/** The payouts module's jobs, for the worker. */
export const payoutsJobs: ReadonlyArray<JobDefinition<JobDeps, never>> = [distributeRevenueJob, announcePayoutsJob];
