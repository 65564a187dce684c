import type { JobDefinition, JobDeps } from '../../lib/jobs/job-types.js';
import { publishScheduledVersions } from '../versions/version-schedules.js';
import { publishScheduledProjects } from './project-schedules.js';

/**
 * Every minute: scheduled projects and versions whose time has come take their requested status.
 * One job for both, projects first, so a project and its version released together never race.
 */
export const publishScheduledJob: JobDefinition<JobDeps> = {
  name: 'catalogue.publish-scheduled',
  cron: '* * * * *',
  handle: async ({ db }, _jobs, queue) => {
    await publishScheduledProjects(db, queue);
    await publishScheduledVersions(db, queue);
  },
};

/** The projects module's jobs, for the worker. */
export const projectsJobs: ReadonlyArray<JobDefinition<JobDeps, never>> = [publishScheduledJob];
