import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import { DependencyPlanBodySchema, DependencyPlanSchema } from '@cairn/shared/schemas/dependency-plan';
import { sendSerialized } from '../../lib/send-json.js';
import { optionalAuth } from '../../plugins/auth.js';
import type { DependencyPlanService } from './dependency-plan.service.js';

export const dependencyPlanRoutes: FastifyPluginAsyncZod<{ service: DependencyPlanService }> = async (app, { service }) => {
  app.post(
    '/dependency_plan',
    {
      config: optionalAuth('VERSION_READ'),
      schema: {
        operationId: 'planDependencies',
        tags: ['version-files'],
        summary: 'Resolve a set of mods and their dependencies to a loader and game version',
        description:
          'Up to 1,000 inputs (file hashes and project ids or slugs together). For each, the version to install for the target or the newest game version ' +
          'the project supports; the required dependencies over all levels, optional ones offered, conflicts, incompatibilities inside the set, and what ' +
          'could not be resolved. Only what the caller may see is used.',
        body: DependencyPlanBodySchema,
        response: { 200: DependencyPlanSchema, 400: ErrorBodySchema, 401: ErrorBodySchema },
      },
    },
    async (request, reply) => sendSerialized(reply, await service.planDependencies(request.actor, request.body)),
  );
};
