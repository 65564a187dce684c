import type { JobDefinition, JobDeps } from '../../lib/jobs/job-types.js';
import { pruneExpiredOAuthTokens } from './oauth-flow.service.js';

/**
 * Daily: expired OAuth access tokens go (their consent flows and codes are auth flows, pruned by
 * `auth.cleanup`). Expired PATs stay: their owner can still see and extend them.
 */
export const oauthCleanupJob: JobDefinition<JobDeps> = {
  name: 'oauth.cleanup',
  cron: '17 3 * * *',
  async handle({ db }) {
    await pruneExpiredOAuthTokens(db);
  },
};

/** The oauth module's jobs, for the worker. */
export const oauthJobs: ReadonlyArray<JobDefinition<JobDeps, never>> = [oauthCleanupJob];
