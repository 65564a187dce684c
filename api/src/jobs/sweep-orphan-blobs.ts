import { sweepOrphanBlobs } from '../lib/storage/orphan-blobs.js';
import type { JobDefinition } from './job-runner.js';
import type { JobDeps } from './registry.js';

/** Hourly: blobs stored by uploads whose row never committed (the API was killed in between). */
export const sweepOrphanBlobsJob: JobDefinition<JobDeps> = {
  name: 'files.sweep-orphans',
  cron: '53 * * * *',
  handle: async ({ db, files }) => {
    await sweepOrphanBlobs(db, files);
  },
};
