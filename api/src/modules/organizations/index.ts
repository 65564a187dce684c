import type { FastifyPluginAsync } from 'fastify';
import { createOrganizationsService, type OrganizationsServiceDeps } from './organizations.service.js';
import { organizationsRoutes } from './organizations.routes.js';
import { organizationsV3Routes } from './organizations-v3.routes.js';

/** Organizations: teams of creators owning projects together, under /v2 (their reads also under /v3). */
export const organizationsModule: FastifyPluginAsync<OrganizationsServiceDeps> = async (app, deps) => {
  const service = createOrganizationsService(deps);
  await app.register(organizationsRoutes, { prefix: '/v2', service });
  await app.register(organizationsV3Routes, { prefix: '/v3', service });
};
