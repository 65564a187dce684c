import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.js';
import type { FileStore } from '../../lib/storage/file-store.js';
import { createCollectionsService } from './collections.service.js';
import { collectionsRoutes } from './collections.routes.js';

/** Users' collections of projects, under /v2. The automatic Following list is the user's follows (GET /user/{id}/follows). */
export const collectionsModule: FastifyPluginAsync<{ db: Database; files: FileStore; cdnUrl: string }> = async (app, deps) => {
  await app.register(collectionsRoutes, { service: createCollectionsService(deps) });
};
