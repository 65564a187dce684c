import type { FastifyPluginAsync } from 'fastify';
import type { WebhooksConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { JobQueue } from '../../lib/jobs/job-types.js';
import { webhooksRoutes } from './webhooks.routes.js';
import { createWebhooksService } from './webhooks.service.js';

/** Release webhooks of projects and organizations under /v2 (docs/api/webhooks.md). */
export const webhooksModule: FastifyPluginAsync<{ db: Database; config: WebhooksConfig; jobs: JobQueue | undefined }> = async (app, deps) => {
  await app.register(webhooksRoutes, { service: createWebhooksService(deps) });
};
