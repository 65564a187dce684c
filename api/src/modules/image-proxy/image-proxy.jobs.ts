import type { JobDefinition, JobDeps } from '../../lib/jobs/job-types.js';
import { createImageProxyService } from './image-proxy.service.js';

/** Hourly: expired proxy entries go, with the images only they kept in the file store. */
export const sweepExpiredProxyImagesJob: JobDefinition<JobDeps> = {
  name: 'image-proxy.sweep-expired',
  cron: '23 * * * *',
  handle: async ({ db, files, config }) => {
    await createImageProxyService({ db, files, config: config.imageProxy }).sweepExpired();
  },
};

/** The image proxy's jobs, for the worker. */
export const imageProxyJobs: ReadonlyArray<JobDefinition<JobDeps, never>> = [sweepExpiredProxyImagesJob];
