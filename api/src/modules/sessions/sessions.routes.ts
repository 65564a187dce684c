import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import { IssuedSessionSchema, SessionIdentifierSchema, SessionSchema } from '@cairn/shared/schemas/auth';
import { requiredActor } from '../../lib/actor.js';
import { ApiError } from '../../lib/errors.js';
import { tokenFromAuthorizationHeader } from '../../lib/tokens.js';
import { publicRoute, readSessionCookie, requireAuth } from '../../plugins/auth.js';
import type { SessionsService } from './sessions.service.js';
import { toIssuedSession, toSession } from './sessions.mapper.js';
import { clearSessionCookie, clientInfo, setSessionCookie } from './session-http.js';

const tags = ['sessions'];

export interface SessionsRoutesOptions {
  service: SessionsService;
  secureCookies: boolean;
  webOrigins: string[];
}

export const sessionsRoutes: FastifyPluginAsyncZod<SessionsRoutesOptions> = async (app, { service, secureCookies, webOrigins }) => {
  const trustedOrigins = new Set(webOrigins);

  app.get(
    '/session/list',
    {
      config: requireAuth('SESSION_READ'),
      schema: { operationId: 'listSessions', tags, summary: 'List your signed-in sessions', response: { 200: z.array(SessionSchema), 401: ErrorBodySchema } },
    },
    async (request) => {
      const { rows, currentId } = await service.listSessions(requiredActor(request.actor));
      return rows.map((row) => toSession(row, currentId));
    },
  );

  app.delete(
    '/session/:id',
    {
      config: requireAuth('SESSION_DELETE'),
      schema: {
        operationId: 'deleteSession',
        tags,
        summary: 'Sign out one of your sessions (by id or token)',
        params: z.object({ id: SessionIdentifierSchema }),
        response: { 204: z.null(), 401: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const { wasCurrent } = await service.revokeSession(requiredActor(request.actor), request.params.id);
      if (wasCurrent) clearSessionCookie(reply, secureCookies);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/session',
    {
      config: requireAuth('SESSION_DELETE'),
      schema: { operationId: 'deleteCurrentSession', tags, summary: 'Sign out (the session making the request)', response: { 204: z.null(), 400: ErrorBodySchema, 401: ErrorBodySchema } },
    },
    async (request, reply) => {
      await service.revokeCurrentSession(requiredActor(request.actor));
      clearSessionCookie(reply, secureCookies);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/session/refresh',
    {
      config: publicRoute,
      schema: {
        operationId: 'refreshSession',
        tags,
        summary: 'Replace a session (even an expired one, until its refresh deadline) with a new one',
        description: 'The session token goes in the Authorization header (or the session cookie).',
        response: { 200: IssuedSessionSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      let token = tokenFromAuthorizationHeader(request.headers.authorization);
      if (!token) {
        token = readSessionCookie(request);
        // A cookie-borne refresh is a write: only the website may ask for it.
        if (token && !trustedOrigins.has(request.headers.origin ?? '')) {
          throw new ApiError(403, 'csrf_failed', 'Cookie-authenticated requests must come from the Cairn website.');
        }
      }
      const issued = await service.refreshSession(token, clientInfo(request));
      setSessionCookie(reply, { token: issued.token, expires: issued.row.expires }, secureCookies);
      return toIssuedSession(issued);
    },
  );
};
