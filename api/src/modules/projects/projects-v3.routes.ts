import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import { ProjectV3Schema } from '@cairn/shared/schemas/catalogue-v3';
import { LangQuerySchema } from '@cairn/shared/schemas/content-language';
import { languageWish, sendLanguageHeaders } from '../../lib/content-language.js';
import { optionalAuth } from '../../plugins/auth.js';
import { LANGUAGE_NEGOTIATION, ProjectParams } from './projects.routes.js';
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
        description:
          'The reference v3 `Project`: `name`, `summary`, `description`, `project_types`, `games`, `link_urls` and the loader fields `game_versions`, `environment` (and `mrpack_loaders` for modpacks) at the top level. ' +
          LANGUAGE_NEGOTIATION.replace('`description` and `body`', '`summary` and `description`'),
        params: ProjectParams,
        querystring: LangQuerySchema,
        response: { 200: ProjectV3Schema, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const { project, language } = await service.getProjectV3(request.actor, request.params.id, languageWish(request, request.query.lang));
      sendLanguageHeaders(reply, language);
      return project;
    },
  );
};
