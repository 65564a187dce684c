import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Base62IdSchema, ErrorBodySchema } from '@cairn/shared/schemas/common';
import { SendThreadMessageBodySchema, ThreadIdsQuerySchema } from '@cairn/shared/schemas/thread-requests';
import { ThreadListSchema, ThreadSchema } from '@cairn/shared/schemas/threads';
import { requiredActor } from '../../lib/actor.js';
import { requireAuth } from '../../plugins/auth.js';
import type { ThreadsService } from './threads.service.js';

const tags = ['threads'];
const IdParams = z.object({ id: Base62IdSchema });
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };
const NoContent = z.null().describe('No content');

export const threadsRoutes: FastifyPluginAsyncZod<{ service: ThreadsService }> = async (app, { service }) => {
  app.get(
    '/thread/:id',
    {
      config: requireAuth('THREAD_READ'),
      schema: { operationId: 'getThread', tags, summary: 'Get a thread (moderators, the project team, the reporter)', params: IdParams, response: { 200: ThreadSchema, ...errors } },
    },
    async (request) => service.getThread(requiredActor(request.actor), request.params.id),
  );

  app.post(
    '/thread/:id',
    {
      config: requireAuth('THREAD_WRITE'),
      schema: {
        operationId: 'sendThreadMessage',
        tags,
        summary: 'Send a text message to a thread; answers the thread',
        params: IdParams,
        body: SendThreadMessageBodySchema,
        response: { 200: ThreadSchema, ...errors },
      },
    },
    async (request) => service.sendMessage(requiredActor(request.actor), request.params.id, request.body),
  );

  app.get(
    '/threads',
    {
      config: requireAuth('THREAD_READ'),
      schema: { operationId: 'getThreads', tags, summary: 'Get multiple threads (those you may not read are left out)', querystring: ThreadIdsQuerySchema, response: { 200: ThreadListSchema, ...errors } },
    },
    async (request) => service.getThreads(requiredActor(request.actor), request.query.ids),
  );

  app.delete(
    '/message/:id',
    {
      config: requireAuth('THREAD_WRITE'),
      schema: { operationId: 'deleteThreadMessage', tags, summary: 'Delete a thread message (its author or a moderator)', params: IdParams, response: { 204: NoContent, ...errors } },
    },
    async (request, reply) => {
      await service.deleteMessage(requiredActor(request.actor), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
