import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.js';
import { statisticsRoutes } from './statistics.routes.js';

/** Catalogue statistics under /v2/statistics. */
export const statisticsModule: FastifyPluginAsync<{ db: Database }> = async (app, deps) => {
  await app.register(statisticsRoutes, { db: deps.db });
};
