import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.js';
import { createSessionsService } from './sessions.service.js';
import { sessionsRoutes } from './sessions.routes.js';

/** Signed-in sessions under /v2/session/*. */
export const sessionsModule: FastifyPluginAsync<{ db: Database; secureCookies: boolean; webOrigins: string[] }> = async (app, deps) => {
  await app.register(sessionsRoutes, { service: createSessionsService(deps), secureCookies: deps.secureCookies, webOrigins: deps.webOrigins });
};
