import type { JobDefinition, JobDeps } from '../../lib/jobs/job-types.js';
import { pruneDeadSessions } from './sessions.service.js';

/** Daily: sessions past their refresh deadline go. */
export const sessionsCleanupJob: JobDefinition<JobDeps> = {
  name: 'sessions.cleanup',
  cron: '17 3 * * *',
  async handle({ db }) {
    await pruneDeadSessions(db);
  },
};

/** The sessions module's jobs, for the worker. */
export const sessionsJobs: ReadonlyArray<JobDefinition<JobDeps, never>> = [sessionsCleanupJob];
