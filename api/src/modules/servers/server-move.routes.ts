import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Base62IdSchema, ErrorBodySchema } from '@cairn/shared/schemas/common';
import { MoveServerBodySchema } from '@cairn/shared/schemas/server-moves';
import { ServerSchema } from '@cairn/shared/schemas/servers';
import { requiredActor } from '../../lib/actor.js';
import { requireAuth } from '../../plugins/auth.js';
import { strictRateLimit } from '../../plugins/rate-limit.js';
import type { ServerMoveService } from './server-move.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema, 503: ErrorBodySchema };

/** POST /servers/{id}/move (admins). */
export const serverMoveRoutes: FastifyPluginAsyncZod<{ moves: ServerMoveService }> = async (app, { moves }) => {
  app.post(
    '/servers/:id/move',
    {
      config: { ...requireAuth('SESSION_ACCESS'), ...strictRateLimit(10) },
      schema: {
        operationId: 'moveServer',
        tags: ['servers'],
        summary: 'Move a server to another node (admins): stopped, its folder and backups copied, started there if it ran, removed from the old node',
        params: z.object({ id: Base62IdSchema }),
        body: MoveServerBodySchema,
        response: { 200: ServerSchema, ...errors },
      },
    },
    async (request) => moves.move(requiredActor(request.actor), request.params.id, request.body.node_id),
  );
};
