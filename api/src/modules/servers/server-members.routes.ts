import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Base62IdSchema, ErrorBodySchema } from '@cairn/shared/schemas/common';
import {
  EditServerMemberBodySchema,
  InviteServerMemberBodySchema,
  ServerActivityPageSchema,
  ServerActivityQuerySchema,
  ServerMemberListSchema,
  ServerMemberSchema,
} from '@cairn/shared/schemas/server-members';
import { requiredActor } from '../../lib/actor.js';
import { requireAuth } from '../../plugins/auth.js';
import { strictRateLimit } from '../../plugins/rate-limit.js';
import type { ServerMembersService } from './server-members.service.js';

const tags = ['servers'];
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };
const params = z.object({ id: Base62IdSchema });
const memberParams = params.extend({ user: Base62IdSchema });
const session = requireAuth('SESSION_ACCESS');
const noContent = { 204: z.null().describe('No content'), ...errors };

/** A server's members, invitations and activity log (docs/api/server-members.md). */
export const serverMembersRoutes: FastifyPluginAsyncZod<{ members: ServerMembersService }> = async (app, { members }) => {
  app.get(
    '/servers/:id/members',
    { config: session, schema: { operationId: 'listServerMembers', tags, summary: "The server's owner and members, and the caller's own role and permissions", params, response: { 200: ServerMemberListSchema, ...errors } } },
    async (request) => members.list(requiredActor(request.actor), request.params.id),
  );

  app.post(
    '/servers/:id/members',
    {
      config: { ...session, ...strictRateLimit(30) },
      schema: { operationId: 'inviteServerMember', tags, summary: 'Invite a user by username with a role or a custom set of permissions (the members permission)', params, body: InviteServerMemberBodySchema, response: { 201: ServerMemberSchema, ...errors } },
    },
    async (request, reply) => reply.code(201).send(await members.invite(requiredActor(request.actor), request.params.id, request.body)),
  );

  app.patch(
    '/servers/:id/members/:user',
    { config: session, schema: { operationId: 'editServerMember', tags, summary: "Change a member's role or permissions; their open console and file access ends at once", params: memberParams, body: EditServerMemberBodySchema, response: { 200: ServerMemberSchema, ...errors } } },
    async (request) => members.edit(requiredActor(request.actor), request.params.id, request.params.user, request.body),
  );

  app.delete(
    '/servers/:id/members/:user',
    { config: session, schema: { operationId: 'removeServerMember', tags, summary: 'Remove a member or withdraw an invitation (the members permission), or leave (your own id); their access ends at once', params: memberParams, response: noContent } },
    async (request, reply) => {
      await members.remove(requiredActor(request.actor), request.params.id, request.params.user);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/servers/:id/invitation',
    { config: session, schema: { operationId: 'acceptServerInvitation', tags, summary: "Accept the caller's invitation to the server", params, response: noContent } },
    async (request, reply) => {
      await members.accept(requiredActor(request.actor), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/servers/:id/invitation',
    { config: session, schema: { operationId: 'declineServerInvitation', tags, summary: "Decline the caller's invitation to the server", params, response: noContent } },
    async (request, reply) => {
      await members.decline(requiredActor(request.actor), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/servers/:id/activity',
    {
      config: session,
      schema: { operationId: 'listServerActivity', tags, summary: 'Who did what on the server and when, newest first (kept 90 days)', params, querystring: ServerActivityQuerySchema, response: { 200: ServerActivityPageSchema, ...errors } },
    },
    async (request) => members.activity(requiredActor(request.actor), request.params.id, request.query),
  );
};
