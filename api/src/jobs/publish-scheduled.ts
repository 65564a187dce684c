import { publishScheduledProjects } from '../modules/projects/project-schedules.js';
import { publishScheduledVersions } from '../modules/versions/version-schedules.js';
import type { JobDefinition } from './job-runner.js';
import type { JobDeps } from './registry.js';

/** Every minute: scheduled projects and versions whose time has come take their requested status. */
export const publishScheduledJob: JobDefinition<JobDeps> = {
  name: 'catalogue.publish-scheduled',
  cron: '* * * * *',
  handle: async ({ db }, _jobs, queue) => {
    await publishScheduledProjects(db, queue);
    await publishScheduledVersions(db, queue);
  },
};
