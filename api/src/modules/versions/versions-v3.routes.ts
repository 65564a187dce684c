import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import { VersionV3Schema } from '@cairn/shared/schemas/catalogue-v3';
import { optionalAuth } from '../../plugins/auth.js';
import { VersionParams } from './versions.routes.js';
import type { VersionsService } from './versions.service.js';

/** The read-only /v3 version route: the v2 read's visibility and scope, the reference's v3 shape. */
export const versionsV3Routes: FastifyPluginAsyncZod<{ service: VersionsService }> = async (app, { service }) => {
  app.get(
    '/version/:id',
    {
      config: optionalAuth('VERSION_READ'),
      schema: {
        operationId: 'getVersionV3',
        tags: ['v3'],
        summary: 'Get a version (v3 shape)',
        description:
          'The reference v3 `Version`: `project_types`, `games`, `ordering`, file ids and the loader fields `game_versions` and `environment` at the top level; a modpack version has the loader `mrpack` and its loaders in `mrpack_loaders`.',
        params: VersionParams,
        response: { 200: VersionV3Schema, 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) => service.getVersionV3(request.actor, request.params.id),
  );
};
