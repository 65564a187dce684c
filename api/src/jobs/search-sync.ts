import { createSearchIndexer } from '../modules/search/indexer.js';
import type { JobDefinition } from './job-runner.js';
import type { JobDeps } from './registry.js';

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
