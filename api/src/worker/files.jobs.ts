import type { JobDefinition, JobDeps } from '../lib/jobs/job-types.js';
import { sweepOrphanBlobs } from '../lib/storage/orphan-blobs.js';

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

/** Hourly: blobs stored by uploads whose row never committed (the API was killed in between). */
export const sweepOrphanBlobsJob: JobDefinition<JobDeps> = {
  name: 'files.sweep-orphans',
  cron: '53 * * * *',
  handle: async ({ db, files }) => {
    await sweepOrphanBlobs(db, files);
  },
};

/** The file store's sweeps (no module owns the blobs), for the worker. */
export const filesJobs: ReadonlyArray<JobDefinition<JobDeps, never>> = [sweepUnfinishedUploadsJob, sweepOrphanBlobsJob];
