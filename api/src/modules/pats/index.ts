import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.js';
import { createPatsService } from './pats.service.js';
import { patsRoutes } from './pats.routes.js';

/** Personal access tokens under /v2/pat (session-only: the PAT_* scopes are restricted). */
export const patsModule: FastifyPluginAsync<{ db: Database }> = async (app, deps) => {
  await app.register(patsRoutes, { service: createPatsService(deps) });
};
