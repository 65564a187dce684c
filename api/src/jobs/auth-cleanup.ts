import { pruneExpiredFlows } from '../modules/auth/auth.service.js';
import { pruneExpiredOAuthTokens } from '../modules/oauth/oauth-flow.service.js';
import { pruneDeadSessions } from '../modules/sessions/sessions.service.js';
import type { JobDefinition } from './job-runner.js';
import type { JobDeps } from './registry.js';

/**
 * Daily: sessions past their refresh deadline, expired flows of every kind (email, reset,
 * two-factor, OAuth consent and codes) and expired OAuth access tokens go. Expired PATs stay:
 * their owner can still see and extend them.
 */
export const authCleanupJob: JobDefinition<JobDeps> = {
  name: 'auth.cleanup',
  cron: '17 3 * * *',
  async handle({ db }) {
    await pruneDeadSessions(db);
    await pruneExpiredFlows(db);
    await pruneExpiredOAuthTokens(db);
  },
};
