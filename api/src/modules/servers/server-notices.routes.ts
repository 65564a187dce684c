import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Base62IdSchema, ErrorBodySchema } from '@cairn/shared/schemas/common';
import {
  ActiveServerNoticeListSchema,
  CreateServerNoticeBodySchema,
  EditServerNoticeBodySchema,
  ServerNoticeListSchema,
  ServerNoticeSchema,
} from '@cairn/shared/schemas/server-notices';
import { requiredActor } from '../../lib/actor.js';
import { requireAuth } from '../../plugins/auth.js';
import { strictRateLimit } from '../../plugins/rate-limit.js';
import type { ServerNoticesService } from './server-notices.service.js';

const tags = ['servers'];
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };
const session = requireAuth('SESSION_ACCESS');
const noticeParams = z.object({ id: Base62IdSchema });
const serverNoticeParams = z.object({ id: Base62IdSchema, notice: Base62IdSchema });
const noContent = { 204: z.null().describe('No content'), ...errors };

/** Server notices: admin CRUD under /servers/notices, and a server's active notices for its customer. */
export const serverNoticesRoutes: FastifyPluginAsyncZod<{ notices: ServerNoticesService }> = async (app, { notices }) => {
  app.get(
    '/servers/notices',
    { config: session, schema: { operationId: 'listServerNotices', tags, summary: 'Every server notice with its assignments and dismissal count (admins)', response: { 200: ServerNoticeListSchema, ...errors } } },
    async (request) => notices.list(requiredActor(request.actor)),
  );

  app.post(
    '/servers/notices',
    {
      config: { ...session, ...strictRateLimit(60) },
      schema: { operationId: 'createServerNotice', tags, summary: 'Create a notice for all servers, some nodes or some servers (admins)', body: CreateServerNoticeBodySchema, response: { 201: ServerNoticeSchema, ...errors } },
    },
    async (request, reply) => reply.code(201).send(await notices.create(requiredActor(request.actor), request.body)),
  );

  app.patch(
    '/servers/notices/:id',
    { config: session, schema: { operationId: 'editServerNotice', tags, summary: 'Change a notice; `assign` replaces its assignments (admins)', params: noticeParams, body: EditServerNoticeBodySchema, response: { 200: ServerNoticeSchema, ...errors } } },
    async (request) => notices.edit(requiredActor(request.actor), request.params.id, request.body),
  );

  app.delete(
    '/servers/notices/:id',
    { config: session, schema: { operationId: 'deleteServerNotice', tags, summary: 'Delete a notice (admins)', params: noticeParams, response: noContent } },
    async (request, reply) => {
      await notices.remove(requiredActor(request.actor), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/servers/:id/notices',
    { config: session, schema: { operationId: 'listActiveServerNotices', tags, summary: "The notices shown on the server's panel now (not dismissed)", params: noticeParams, response: { 200: ActiveServerNoticeListSchema, ...errors } } },
    async (request) => notices.active(requiredActor(request.actor), request.params.id),
  );

  app.post(
    '/servers/:id/notices/:notice/dismiss',
    {
      config: { ...session, ...strictRateLimit(60) },
      schema: { operationId: 'dismissServerNotice', tags, summary: 'Hide a dismissable notice on this server (repeating it changes nothing)', params: serverNoticeParams, response: noContent },
    },
    async (request, reply) => {
      await notices.dismiss(requiredActor(request.actor), request.params.id, request.params.notice);
      return reply.code(204).send(null);
    },
  );
};
