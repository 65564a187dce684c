import type { FastifyPluginAsync } from 'fastify';
import type { ImageProxyConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { FileStore } from '../../lib/storage/file-store.js';
import { imageProxyRoutes } from './image-proxy.routes.js';
import { createImageProxyService } from './image-proxy.service.js';

/** Cairn's own proxy for external images in markdown (GET /v2/image-proxy); registered only while IMAGE_PROXY=on. */
export const imageProxyModule: FastifyPluginAsync<{ db: Database; files: FileStore; config: ImageProxyConfig }> = async (app, deps) => {
  if (!deps.config.enabled) return;
  await app.register(imageProxyRoutes, { service: createImageProxyService(deps) });
};
