import { sweepUnattachedImages } from '../modules/images/images.service.js';
import type { JobDefinition } from './job-runner.js';
import type { JobDeps } from './registry.js';

/** Hourly: images uploaded for text that was never saved with them (after a day), and images of deleted items. */
export const sweepUnattachedImagesJob: JobDefinition<JobDeps> = {
  name: 'images.sweep-unattached',
  cron: '41 * * * *',
  handle: async ({ db, files }) => {
    await sweepUnattachedImages(db, files);
  },
};
