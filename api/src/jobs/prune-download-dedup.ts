import { deleteExpiredDownloadDedup } from '../modules/versions/versions.repository.js';
import type { JobDefinition } from './job-runner.js';
import type { JobDeps } from './registry.js';

/** Hourly: download de-duplication rows only matter during their hour. */
export const pruneDownloadDedupJob: JobDefinition<JobDeps> = {
  name: 'prune-download-dedup',
  cron: '5 * * * *',
  handle: async ({ db }) => {
    await deleteExpiredDownloadDedup(db);
  },
};
