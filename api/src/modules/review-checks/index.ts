import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.js';
import type { FileStore } from '../../lib/storage/file-store.js';
import { createTagsService } from '../tags/tags.service.js';
import { reviewChecksRoutes } from './review-checks.routes.js';
import { createReviewChecksService } from './review-checks.service.js';

export { REVIEW_CHECKS } from './checks.js';
export { defineCheck, type CheckOutcome, type ReviewCheckDefinition, type ReviewCheckEnv, type ReviewSubject } from './review-check.js';

/**
 * Review pre-checks under /v2: GET /v2/project/{id}/review_checks evaluates a project and its
 * newest versions against the list in checks.ts, for its team before submitting and for
 * moderators beside the review.
 */
export const reviewChecksModule: FastifyPluginAsync<{ db: Database; files: FileStore; cdnUrl: string }> = async (app, deps) => {
  const service = createReviewChecksService({ ...deps, tags: createTagsService({ db: deps.db }) });
  await app.register(reviewChecksRoutes, { prefix: '/v2', service });
};
