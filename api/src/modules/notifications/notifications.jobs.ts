import type { JobDefinition, JobDeps } from '../../lib/jobs/job-types.js';
import { fanOutProjectUpdate, PROJECT_UPDATE_JOB, type ProjectUpdateJob } from './follower-updates.js';

/** A version became public: its project's followers get a `project_update` notification. */
export const notifyFollowersJob: JobDefinition<JobDeps, ProjectUpdateJob> = {
  name: PROJECT_UPDATE_JOB,
  handle: async ({ db }, jobs) => {
    for (const job of jobs) await fanOutProjectUpdate(db, job.data);
  },
};

/** The notifications module's jobs, for the worker. */
export const notificationsJobs: ReadonlyArray<JobDefinition<JobDeps, never>> = [notifyFollowersJob];
