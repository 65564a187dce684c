import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import { CompareVersionsQuerySchema, VersionDiffSchema } from '@cairn/shared/schemas/version-diffs';
import { optionalAuth } from '../../plugins/auth.js';
import type { VersionDiffsService } from './version-diffs.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };

export const versionDiffsRoutes: FastifyPluginAsyncZod<{ service: VersionDiffsService }> = async (app, { service }) => {
  app.get(
    '/project/:id/compare',
    {
      config: optionalAuth('PROJECT_READ', 'VERSION_READ'),
      schema: {
        operationId: 'compareVersions',
        tags: ['versions'],
        summary: 'Compare two versions of a project',
        description:
          'What changed from version `from` to version `to` of the project: the versions in between with their changelogs, game versions, loaders, ' +
          "files, declared dependencies and, for modpacks, the mods added, removed and updated (with the mods' changelogs in between). " +
          'Both versions must be versions of the project the caller may see (404 naming the field otherwise) and differ (400). ' +
          'When `from` is the newer one, the answer is for the swapped order and says so with `swapped: true`.',
        params: z.object({ id: z.string().min(1).max(64) }),
        querystring: CompareVersionsQuerySchema,
        response: { 200: VersionDiffSchema, ...errors },
      },
    },
    async (request) => service.compareVersions(request.actor, request.params.id, request.query),
  );
};
