import { monetizableUsageForDay } from '../modules/analytics/analytics.port.js';
import { createRevenueDistribution } from '../modules/payouts/payouts.port.js';
import type { JobDefinition } from './job-runner.js';
import type { JobDeps } from './registry.js';

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
