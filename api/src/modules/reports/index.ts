import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.js';
import { createTagsService } from '../tags/tags.service.js';
import { createReportsService } from './reports.service.js';
import { reportsRoutes } from './reports.routes.js';

/** Reports of projects, versions and users to the moderators, under /v2. */
export const reportsModule: FastifyPluginAsync<{ db: Database }> = async (app, deps) => {
  await app.register(reportsRoutes, { service: createReportsService({ db: deps.db, tags: createTagsService(deps) }) });
};
