import type { JobDefinition, JobDeps } from '../../lib/jobs/job-types.js';
import { pruneExpiredFlows } from './auth.service.js';

/**
 * Daily: expired flows of every kind (email, reset, two-factor, OAuth consent and codes) go.
 * Sessions and OAuth access tokens have their own daily clean-up in their modules.
 */
export const authCleanupJob: JobDefinition<JobDeps> = {
  name: 'auth.cleanup',
  cron: '17 3 * * *',
  async handle({ db }) {
    await pruneExpiredFlows(db);
  },
};

/** The auth module's jobs, for the worker. */
export const authJobs: ReadonlyArray<JobDefinition<JobDeps, never>> = [authCleanupJob];
