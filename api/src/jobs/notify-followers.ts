import { fanOutProjectUpdate, PROJECT_UPDATE_JOB, type ProjectUpdateJob } from '../modules/notifications/follower-updates.js';
import type { JobDefinition } from './job-runner.js';
import type { JobDeps } from './registry.js';

/** A version became public: its project's followers get a `project_update` notification. */
export const notifyFollowersJob: JobDefinition<JobDeps, ProjectUpdateJob> = {
  name: PROJECT_UPDATE_JOB,
  handle: async ({ db }, jobs) => {
    for (const job of jobs) await fanOutProjectUpdate(db, job.data);
  },
};
