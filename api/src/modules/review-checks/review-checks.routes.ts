import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import { ReviewChecksSchema } from '@cairn/shared/schemas/review-checks';
import { requiredActor } from '../../lib/actor.js';
import { requireAuth } from '../../plugins/auth.js';
import { toReviewChecks } from './review-checks.mapper.js';
import type { ReviewChecksService } from './review-checks.service.js';

const IdParams = z.object({ id: z.string().min(1).max(128) });

export const reviewChecksRoutes: FastifyPluginAsyncZod<{ service: ReviewChecksService }> = async (app, { service }) => {
  app.get(
    '/project/:id/review_checks',
    {
      config: requireAuth('PROJECT_READ'),
      schema: {
        operationId: 'getProjectReviewChecks',
        tags: ['moderation'],
        summary: "A project's review pre-checks: license, description, links, image alt text, modpack attribution, version metadata (its team and moderators)",
        params: IdParams,
        response: { 200: ReviewChecksSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) => {
      const { projectId, results } = await service.getReviewChecks(requiredActor(request.actor), request.params.id);
      return toReviewChecks(projectId, results);
    },
  );
};
