import { queueTrendingWindowShift } from '../modules/versions/download-stats.port.js';
import type { JobDefinition } from './job-runner.js';
import type { JobDeps } from './registry.js';

/** Daily, just after midnight UTC: projects whose 7-day download window lost a day are re-indexed. */
export const searchTrendingJob: JobDefinition<JobDeps> = {
  name: 'search-trending',
  cron: '5 0 * * *',
  handle: async ({ db }) => {
    await queueTrendingWindowShift(db);
  },
};
