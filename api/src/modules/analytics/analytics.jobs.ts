import type { JobDefinition, JobDeps } from '../../lib/jobs/job-types.js';
import { rollUpAnalytics } from './analytics-rollup.repository.js';

/** Every 5 minutes: raw views and downloads → hourly and daily roll-ups; old raw events pruned. */
export const analyticsRollupJob: JobDefinition<JobDeps> = {
  name: 'analytics-rollup',
  cron: '*/5 * * * *',
  handle: async ({ db }) => {
    await rollUpAnalytics(db);
  },
};

/** The analytics module's jobs, for the worker. */
export const analyticsJobs: ReadonlyArray<JobDefinition<JobDeps, never>> = [analyticsRollupJob];
