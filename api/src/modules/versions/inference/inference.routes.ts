import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import { InferredVersionSchema, InferVersionQuerySchema } from '@cairn/shared/schemas/versions';
import { requiredActor } from '../../../lib/actor.js';
import { requireAuth } from '../../../plugins/auth.js';
import type { InferenceService } from './inference.service.js';
import { withUploadedFile } from './uploaded-file.js';
import { multipartRoutes } from '../../../lib/multipart-routes.js';

export const inferenceRoutes: FastifyPluginAsyncZod<{ service: InferenceService; maxFileBytes: number }> = async (app, { service, maxFileBytes }) => {
  await multipartRoutes(app, (uploads) => {
    uploads.post(
      '/version/infer',
      {
        config: requireAuth('VERSION_CREATE'),
        schema: {
          operationId: 'inferVersion',
          tags: ['versions'],
          summary: "Read a version's details from its file",
          description:
            'Multipart request with one file part (.jar, .zip or .mrpack). Reads its manifest (fabric.mod.json, quilt.mod.json, META-INF/mods.toml, META-INF/neoforge.mods.toml, plugin.yml, paper-plugin.yml, bungee.yml, velocity-plugin.json, modrinth.index.json, pack.mcmeta, or a shaders/ folder) and answers the name, version number, channel, loaders, game versions and dependencies it declares. Nothing is stored. With `project_id`, loaders are limited to those valid for that project.',
          consumes: ['multipart/form-data'],
          querystring: InferVersionQuerySchema,
          response: { 200: InferredVersionSchema, 400: ErrorBodySchema, 401: ErrorBodySchema },
        },
      },
      async (request) => withUploadedFile(request, maxFileBytes, (path) => service.inferVersion(requiredActor(request.actor), path, request.query.project_id)),
    );
  });
};
