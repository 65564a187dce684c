import type { JobDefinition, JobDeps } from '../../lib/jobs/job-types.js';
import { EMAIL_DIGEST_JOB, sendDueEmailDigests } from './email-digest.js';
import { fanOutProjectUpdate, PROJECT_UPDATE_JOB, type ProjectUpdateJob } from './follower-updates.js';

/** A version became public: its project's followers get a `project_update` notification. */
export const notifyFollowersJob: JobDefinition<JobDeps, ProjectUpdateJob> = {
  name: PROJECT_UPDATE_JOB,
  handle: async ({ db }, jobs) => {
    for (const job of jobs) await fanOutProjectUpdate(db, job.data);
  },
};

/**
 * Every hour: the email digests that are due, each written into the mail outbox with its
 * user's mark moved on (docs/api/catalogue.md, "Email digest"). The time is the worker's
 * clock, which tests move.
 */
export const emailDigestJob: JobDefinition<JobDeps> = {
  name: EMAIL_DIGEST_JOB,
  cron: '5 * * * *',
  handle: async ({ db, config, clock }, _jobs, queue) => {
    await sendDueEmailDigests({ db, config, queue }, clock?.() ?? new Date());
  },
};

/** The notifications module's jobs, for the worker. */
export const notificationsJobs: ReadonlyArray<JobDefinition<JobDeps, never>> = [notifyFollowersJob, emailDigestJob];
