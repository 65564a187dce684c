import { pruneDownloadDedup } from '../modules/versions/downloads.service.js';
import type { JobDefinition } from './job-runner.js';
import type { JobDeps } from './registry.js';

/** Hourly: see pruneDownloadDedup. */
export const pruneDownloadDedupJob: JobDefinition<JobDeps> = {
  name: 'prune-download-dedup',
  cron: '5 * * * *',
  handle: async ({ db }) => {
    await pruneDownloadDedup(db);
  },
};
