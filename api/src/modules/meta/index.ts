import type { FastifyPluginAsync } from 'fastify';
import { metaRoutes, type MetaDeps } from './meta.routes.js';

/** API description (`/`, `/v2/`) and health (`/health`). */
export const metaModule: FastifyPluginAsync<MetaDeps> = async (app, deps) => {
  await app.register(metaRoutes, deps);
};
