import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import { ProjectV3Schema } from '@cairn/shared/schemas/catalogue-v3';
import { optionalAuth } from '../../plugins/auth.js';
import { ProjectParams } from './projects.routes.js';
import type { ProjectsService } from './projects.service.js';

/** The read-only /v3 project route: the v2 read's visibility and scope, the reference's v3 shape. */
export const projectsV3Routes: FastifyPluginAsyncZod<{ service: ProjectsService }> = async (app, { service }) => {
  app.get(
    '/project/:id',
    {
      config: optionalAuth('PROJECT_READ'),
      schema: {
        operationId: 'getProjectV3',
        tags: ['v3'],
        summary: 'Get a project (v3 shape)',
        description: 'The reference v3 `Project`: `name`, `summary`, `description`, `project_types`, `games`, `link_urls` and the loader fields `game_versions`, `environment` (and `mrpack_loaders` for modpacks) at the top level.',
        params: ProjectParams,
        response: { 200: ProjectV3Schema, 404: ErrorBodySchema },
      },
    },
    async (request) => service.getProjectV3(request.actor, request.params.id),
  );
};
