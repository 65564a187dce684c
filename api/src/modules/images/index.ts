import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.js';
import type { FileStore } from '../../lib/storage/file-store.js';
import { imagesRoutes } from './images.routes.js';
import { createImagesService } from './images.service.js';

/** Images for markdown text (POST /v2/image); editing services attach or drop them when text is saved. */
export const imagesModule: FastifyPluginAsync<{ db: Database; files: FileStore; cdnUrl: string }> = async (app, deps) => {
  await app.register(imagesRoutes, { service: createImagesService(deps) });
};
