import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { StatisticsSchema } from '@cairn/shared/schemas/statistics';
import type { Database } from '../../db/client.js';
import { publicRoute } from '../../plugins/auth.js';
import { countCatalogue } from './statistics.repository.js';

/** GET /v2/statistics: how big the public catalogue is. */
export const statisticsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/statistics',
    {
      config: publicRoute,
      schema: {
        operationId: 'statistics',
        tags: ['misc'],
        summary: 'Various statistics about this Cairn instance',
        response: { 200: StatisticsSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return countCatalogue(db);
    },
  );
};
