import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import {
  PutVersionTranslationBodySchema,
  TranslationLanguageParamsSchema,
  VersionTranslationListSchema,
  VersionTranslationSchema,
} from '@cairn/shared/schemas/translations';
import { requiredActor } from '../../lib/actor.js';
import { requireAuth } from '../../plugins/auth.js';
import { VersionParams } from './versions.routes.js';
import type { VersionsService } from './versions.service.js';

const tags = ['versions'];
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };
const LanguageParams = TranslationLanguageParamsSchema.extend({ id: VersionParams.shape.id });

/** Translations of a version's changelog, managed by those who may edit the version. */
export const versionTranslationsRoutes: FastifyPluginAsyncZod<{ service: VersionsService }> = async (app, { service }) => {
  app.get(
    '/version/:id/translations',
    {
      config: requireAuth('VERSION_READ'),
      schema: {
        operationId: 'getVersionTranslations',
        tags,
        summary: "List a version's changelog translations",
        description: "The original's language (the project's) and every translation of the changelog, for those who may edit the version (its team, moderators).",
        params: VersionParams,
        response: { 200: VersionTranslationListSchema, ...errors },
      },
    },
    async (request) => service.listVersionTranslations(requiredActor(request.actor), request.params.id),
  );

  app.put(
    '/version/:id/translations/:language',
    {
      config: requireAuth('VERSION_WRITE'),
      schema: {
        operationId: 'putVersionTranslation',
        tags,
        summary: "Create or replace a version's changelog translation",
        description: "`language` is one of the website's languages other than the project's original one; `changelog` follows the original's rules and may not be empty.",
        params: LanguageParams,
        body: PutVersionTranslationBodySchema,
        response: { 200: VersionTranslationSchema, ...errors },
      },
    },
    async (request) => service.putVersionTranslation(requiredActor(request.actor), request.params.id, request.params.language, request.body),
  );

  app.delete(
    '/version/:id/translations/:language',
    {
      config: requireAuth('VERSION_WRITE'),
      schema: {
        operationId: 'deleteVersionTranslation',
        tags,
        summary: "Delete a version's changelog translation",
        params: LanguageParams,
        response: { 204: z.null().describe('No content'), ...errors },
      },
    },
    async (request, reply) => {
      await service.deleteVersionTranslation(requiredActor(request.actor), request.params.id, request.params.language);
      return reply.code(204).send(null);
    },
  );
};
