import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import { ForgeUpdatesQuerySchema, ForgeUpdatesSchema } from '@cairn/shared/schemas/statistics';
import { optionalAuth } from '../../plugins/auth.js';
import type { ForgeUpdatesService } from './forge-updates.service.js';

/** GET /updates/{id|slug}/forge_updates.json (served at the root and under /v2). */
export const forgeUpdatesRoutes: FastifyPluginAsyncZod<{ service: ForgeUpdatesService; operationId: string }> = async (app, { service, operationId }) => {
  app.get(
    '/updates/:id/forge_updates.json',
    {
      config: optionalAuth('PROJECT_READ'),
      schema: {
        operationId,
        tags: ['misc'],
        summary: "Forge update checker file for a project's Forge (and NeoForge) versions",
        params: z.object({ id: z.string().min(1).max(64) }),
        querystring: ForgeUpdatesQuerySchema,
        response: { 200: ForgeUpdatesSchema, 400: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return service.getForgeUpdates(request.actor, request.params.id, request.query.neoforge);
    },
  );
};
