import type { JobDefinition, JobDeps } from '../../lib/jobs/job-types.js';
import { sweepUnattachedImages } from './images.service.js';

/** Hourly: images uploaded for text that was never saved with them (after a day), and images of deleted items. */
export const sweepUnattachedImagesJob: JobDefinition<JobDeps> = {
  name: 'images.sweep-unattached',
  cron: '41 * * * *',
  handle: async ({ db, files }) => {
    await sweepUnattachedImages(db, files);
  },
};

/** The images module's jobs, for the worker. */
export const imagesJobs: ReadonlyArray<JobDefinition<JobDeps, never>> = [sweepUnattachedImagesJob];
