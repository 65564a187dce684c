import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.js';
import { createTagsService } from './tags.service.js';
import { tagsRoutes } from './tags.routes.js';

/** Reference data (tags) under /v2/tag/*. */
export const tagsModule: FastifyPluginAsync<{ db: Database }> = async (app, deps) => {
  await app.register(tagsRoutes, { service: createTagsService(deps) });
};
