import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.js';
import { createNotificationsService } from './notifications.service.js';
import { notificationsRoutes } from './notifications.routes.js';

/** A user's notifications under /v2: read, mark read, delete (one or several). */
export const notificationsModule: FastifyPluginAsync<{ db: Database }> = async (app, deps) => {
  await app.register(notificationsRoutes, { service: createNotificationsService(deps) });
};
