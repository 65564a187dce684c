import type { JobDefinition, JobDeps } from '../../lib/jobs/job-types.js';
import { attemptDelivery } from './webhook-delivery.js';
import { DELIVER_WEBHOOK_JOB, type DeliverWebhookJob } from './webhook-events.port.js';

/** One attempt of a webhook delivery; retries are follow-up jobs the attempt schedules. */
export const deliverWebhookJob: JobDefinition<JobDeps, DeliverWebhookJob> = {
  name: DELIVER_WEBHOOK_JOB,
  // Attempts wait on other servers: several at once keep one slow destination from holding up the rest.
  batchSize: 5,
  handle: async ({ db, config }, jobs, queue) => {
    await Promise.all(jobs.map((job) => attemptDelivery({ db, config: config.webhooks, publicSiteUrl: config.publicSiteUrl, queue }, job.data)));
  },
};

/** The webhooks module's jobs, for the worker. */
export const webhooksJobs: ReadonlyArray<JobDefinition<JobDeps, never>> = [deliverWebhookJob];
