import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import {
  ProjectTranslationListSchema,
  ProjectTranslationSchema,
  PutProjectTranslationBodySchema,
  TranslationLanguageParamsSchema,
} from '@cairn/shared/schemas/translations';
import { requiredActor } from '../../lib/actor.js';
import { requireAuth } from '../../plugins/auth.js';
import { ProjectParams } from './projects.routes.js';
import type { ProjectsService } from './projects.service.js';

const tags = ['projects'];
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };

/** Translations of a project's summary and description, managed by those who may edit its details. */
export const projectTranslationsRoutes: FastifyPluginAsyncZod<{ service: ProjectsService }> = async (app, { service }) => {
  app.get(
    '/project/:id/translations',
    {
      config: requireAuth('PROJECT_READ'),
      schema: {
        operationId: 'getProjectTranslations',
        tags,
        summary: "List a project's translations",
        description: "The original's language and every translation of the summary and description, for those who may edit the project's details (its team, moderators).",
        params: ProjectParams,
        response: { 200: ProjectTranslationListSchema, ...errors },
      },
    },
    async (request) => service.listProjectTranslations(requiredActor(request.actor), request.params.id),
  );

  app.put(
    '/project/:id/translations/:language',
    {
      config: requireAuth('PROJECT_WRITE'),
      schema: {
        operationId: 'putProjectTranslation',
        tags,
        summary: "Create or replace a project's translation",
        description: "`language` is one of the website's languages other than the original's; `summary` and `description` follow the originals' rules.",
        params: TranslationLanguageParamsSchema,
        body: PutProjectTranslationBodySchema,
        response: { 200: ProjectTranslationSchema, ...errors },
      },
    },
    async (request) => service.putProjectTranslation(requiredActor(request.actor), request.params.id, request.params.language, request.body),
  );

  app.delete(
    '/project/:id/translations/:language',
    {
      config: requireAuth('PROJECT_WRITE'),
      schema: {
        operationId: 'deleteProjectTranslation',
        tags,
        summary: "Delete a project's translation",
        params: TranslationLanguageParamsSchema,
        response: { 204: z.null().describe('No content'), ...errors },
      },
    },
    async (request, reply) => {
      await service.deleteProjectTranslation(requiredActor(request.actor), request.params.id, request.params.language);
      return reply.code(204).send(null);
    },
  );
};
