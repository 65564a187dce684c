import type { JobDefinition, JobDeps } from '../../lib/jobs/job-types.js';
import { createSearchIndexer } from './indexer.js';

/**
 * Every minute: applies pending search changes. The worker's LISTEN fast path normally
 * applies them within a second; this catches anything it missed (a lost connection, a
 * process without the fast path).
 */
export const searchSyncJob: JobDefinition<JobDeps> = {
  name: 'search-sync',
  cron: '* * * * *',
  handle: async ({ db, search, config }) => {
    await createSearchIndexer({ db, search, indexPrefix: config.search.indexPrefix }).drain();
  },
};

/** The search module's jobs, for the worker. */
export const searchJobs: ReadonlyArray<JobDefinition<JobDeps, never>> = [searchSyncJob];
