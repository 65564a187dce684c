import type { FastifyPluginAsync } from 'fastify';
import type { FileStore } from '../../lib/storage/file-store.js';
import { cdnRoutes } from './cdn.routes.js';

/** Uploaded images under /cdn. */
export const cdnModule: FastifyPluginAsync<{ files: FileStore }> = async (app, deps) => {
  await app.register(cdnRoutes, deps);
};
