import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import { ProjectV3ListSchema } from '@cairn/shared/schemas/catalogue-v3';
import { OrganizationSchema } from '@cairn/shared/schemas/organizations';
import { optionalAuth } from '../../plugins/auth.js';
import { IdsQuery, OrganizationParams } from './organizations.routes.js';
import type { OrganizationsService } from './organizations.service.js';

/**
 * The read-only /v3 organization routes: the same scopes and visibility as their /v2 twins.
 * Organizations already have the reference's v3 shape; their projects answer v3 projects.
 */
export const organizationsV3Routes: FastifyPluginAsyncZod<{ service: OrganizationsService }> = async (app, { service }) => {
  const tags = ['v3'];

  app.get(
    '/organization/:id',
    {
      config: optionalAuth('ORGANIZATION_READ'),
      schema: { operationId: 'getOrganizationV3', tags, summary: 'Get an organization (v3)', params: OrganizationParams, response: { 200: OrganizationSchema, 404: ErrorBodySchema } },
    },
    async (request) => service.getOrganization(request.actor, request.params.id),
  );

  app.get(
    '/organizations',
    {
      config: optionalAuth('ORGANIZATION_READ'),
      schema: { operationId: 'getOrganizationsV3', tags, summary: 'Get multiple organizations (v3)', querystring: IdsQuery, response: { 200: z.array(OrganizationSchema), 400: ErrorBodySchema } },
    },
    async (request) => service.getOrganizations(request.actor, request.query.ids),
  );

  app.get(
    '/organization/:id/projects',
    {
      config: optionalAuth('ORGANIZATION_READ', 'PROJECT_READ'),
      schema: {
        operationId: 'getOrganizationProjectsV3',
        tags,
        summary: "Get an organization's projects (v3 project shapes)",
        params: OrganizationParams,
        response: { 200: ProjectV3ListSchema, 404: ErrorBodySchema },
      },
    },
    async (request) => service.getOrganizationProjectsV3(request.actor, request.params.id),
  );
};
