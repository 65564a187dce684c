import { rollUpAnalytics } from '../modules/analytics/analytics-rollup.port.js';
import type { JobDefinition } from './job-runner.js';
import type { JobDeps } from './registry.js';

/** Every 5 minutes: raw views and downloads → hourly and daily roll-ups; old raw events pruned. */
export const analyticsRollupJob: JobDefinition<JobDeps> = {
  name: 'analytics-rollup',
  cron: '*/5 * * * *',
  handle: async ({ db }) => {
    await rollUpAnalytics(db);
  },
};
