import type { FastifyPluginAsync } from 'fastify';
import { createOrganizationsService, type OrganizationsServiceDeps } from './organizations.service.js';
import { organizationsRoutes } from './organizations.routes.js';

/** Organizations: teams of creators owning projects together, under /v2. */
export const organizationsModule: FastifyPluginAsync<OrganizationsServiceDeps> = async (app, deps) => {
  await app.register(organizationsRoutes, { service: createOrganizationsService(deps) });
};
