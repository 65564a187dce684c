import { countedDownloadsUsage, createRevenueDistribution } from '../modules/payouts/payouts.port.js';
import type { JobDefinition } from './job-runner.js';
import type { JobDeps } from './registry.js';

/** Daily after midnight UTC: yesterday's revenue pool into the ledger (a rerun changes nothing). */
export const distributeRevenueJob: JobDefinition<JobDeps> = {
  name: 'distribute-revenue',
  cron: '15 0 * * *',
  handle: async ({ db, config }) => {
    if (config.revenue.poolDailyCents === 0) return;
    const distribution = createRevenueDistribution({ db, usage: countedDownloadsUsage, ...config.revenue });
    await distribution.distributeDay(new Date(Date.now() - 86_400_000));
  },
};
