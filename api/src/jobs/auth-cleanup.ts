import { deleteExpiredFlows } from '../modules/auth/flows.repository.js';
import { deleteExpiredOAuthTokens } from '../modules/oauth/oauth.repository.js';
import { deleteDeadSessions } from '../modules/sessions/sessions.repository.js';
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
    await deleteDeadSessions(db);
    await deleteExpiredFlows(db);
    await deleteExpiredOAuthTokens(db);
  },
};
