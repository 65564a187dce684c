import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.js';
import type { FileStore } from '../../lib/storage/file-store.js';
import { createCollectionsService } from './collections.service.js';
import { collectionsRoutes } from './collections.routes.js';
import { collectionsV3Routes } from './collections-v3.routes.js';

/**
 * Users' collections of projects, under /v2 (their reads also under /v3). The automatic
 * Following list is the user's follows (GET /user/{id}/follows).
 */
export const collectionsModule: FastifyPluginAsync<{ db: Database; files: FileStore; cdnUrl: string }> = async (app, deps) => {
  const service = createCollectionsService(deps);
  await app.register(collectionsRoutes, { prefix: '/v2', service });
  await app.register(collectionsV3Routes, { prefix: '/v3', service });
};
