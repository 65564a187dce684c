import type { JobDefinition, JobDeps } from '../../lib/jobs/job-types.js';
import { queueTrendingWindowShift } from './download-days.repository.js';
import { pruneDownloadDedup } from './downloads.service.js';

/** Hourly: see pruneDownloadDedup. */
export const pruneDownloadDedupJob: JobDefinition<JobDeps> = {
  name: 'prune-download-dedup',
  cron: '5 * * * *',
  handle: async ({ db }) => {
    await pruneDownloadDedup(db);
  },
};

/** Daily, just after midnight UTC: projects whose 7-day download window lost a day are re-indexed. */
export const searchTrendingJob: JobDefinition<JobDeps> = {
  name: 'search-trending',
  cron: '5 0 * * *',
  handle: async ({ db }) => {
    await queueTrendingWindowShift(db);
  },
};

/** The versions module's jobs, for the worker. */
export const versionsJobs: ReadonlyArray<JobDefinition<JobDeps, never>> = [pruneDownloadDedupJob, searchTrendingJob];
