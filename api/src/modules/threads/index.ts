import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.js';
import { createThreadsService } from './threads.service.js';
import { threadsRoutes } from './threads.routes.js';

/** Conversation threads of projects and reports, and their messages, under /v2. */
export const threadsModule: FastifyPluginAsync<{ db: Database }> = async (app, deps) => {
  await app.register(threadsRoutes, { service: createThreadsService(deps) });
};
