import { deleteExpiredFlows } from '../modules/auth/flows.repository.js';
import { deleteDeadSessions } from '../modules/sessions/sessions.repository.js';
import type { JobDefinition } from './job-runner.js';
import type { JobDeps } from './registry.js';

/** Daily: sessions past their refresh deadline and expired auth flows go. */
export const authCleanupJob: JobDefinition<JobDeps> = {
  name: 'auth.cleanup',
  cron: '17 3 * * *',
  async handle({ db }) {
    await deleteDeadSessions(db);
    await deleteExpiredFlows(db);
  },
};
