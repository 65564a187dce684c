import type { FastifyPluginAsync } from 'fastify';
import { createModerationService, type ModerationServiceDeps } from './moderation.service.js';
import { moderationRoutes } from './moderation.routes.js';

/** Moderation under /v2: the review queue, review locks, queue positions and the public decisions log. */
export const moderationModule: FastifyPluginAsync<ModerationServiceDeps & { cdnUrl: string }> = async (app, deps) => {
  await app.register(moderationRoutes, { service: createModerationService(deps), cdnUrl: deps.cdnUrl });
};
