import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.js';
import { versionDiffsRoutes } from './version-diffs.routes.js';
import { createVersionDiffsService } from './version-diffs.service.js';

/** Comparisons of two versions of a project: GET /v2/project/{id|slug}/compare. */
export const versionDiffsModule: FastifyPluginAsync<{ db: Database }> = async (app, deps) => {
  await app.register(versionDiffsRoutes, { prefix: '/v2', service: createVersionDiffsService({ db: deps.db }) });
};
