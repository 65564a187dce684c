import type { JobDefinition } from './job-runner.js';
import type { JobDeps } from './registry.js';

/** An upload untouched for this long is not coming back (its process is gone). */
export const UNFINISHED_UPLOAD_AGE_MS = 6 * 60 * 60 * 1000;

/** Hourly: partial files of uploads whose process died mid-way are removed from the file store. */
export const sweepUnfinishedUploadsJob: JobDefinition<JobDeps> = {
  name: 'files.sweep-unfinished',
  cron: '23 * * * *',
  handle: async ({ files }) => {
    await files.sweepUnfinished(UNFINISHED_UPLOAD_AGE_MS);
  },
};
