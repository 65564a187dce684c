import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.js';
import { createTeamsService } from './teams.service.js';
import { teamsRoutes } from './teams.routes.js';

/** Project and organization teams: members, invitations, ownership, under /v2. */
export const teamsModule: FastifyPluginAsync<{ db: Database }> = async (app, deps) => {
  await app.register(teamsRoutes, { service: createTeamsService(deps) });
};
