import { z } from 'zod';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import {
  AVATAR_MAX_BYTES,
  ChangeUserIconQuerySchema,
  GetUsersQuerySchema,
  ModifyUserBodySchema,
  UserIdentifierSchema,
  UserSchema,
} from '@cairn/shared/schemas/users';
import { GetUserByEmailQuerySchema } from '@cairn/shared/schemas/moderation';
import { requiredActor } from '../../lib/actor.js';
import { badRequest } from '../../lib/errors.js';
import { optionalAuth, requireAuth } from '../../plugins/auth.js';
import { clearSessionCookie } from '../sessions/session-http.js';
import type { UsersService } from './users.service.js';
import { toUser } from './users.mapper.js';

const tags = ['users'];
const params = z.object({ id: UserIdentifierSchema });
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };

export interface UsersRoutesOptions {
  service: UsersService;
  secureCookies: boolean;
}

export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, { service, secureCookies }) => {
  app.get(
    '/user',
    {
      config: requireAuth('USER_READ'),
      schema: { operationId: 'getUserFromAuth', tags, summary: 'Get user from authorization header', response: { 200: UserSchema, 401: ErrorBodySchema } },
    },
    async (request) => {
      const { row, view, providers } = await service.getSelf(requiredActor(request.actor));
      return toUser(row, view, providers);
    },
  );

  // The website's sign-in probe: visitors get 200 with no user, so a page view logs no failed request.
  app.get(
    '/session/user',
    {
      config: optionalAuth('USER_READ'),
      schema: {
        operationId: 'getSessionUser',
        tags,
        summary: 'The signed-in user, or null for a visitor',
        response: { 200: z.object({ user: UserSchema.nullable() }) },
      },
    },
    async (request) => {
      if (!request.actor) return { user: null };
      const { row, view, providers } = await service.getSelf(request.actor);
      return { user: toUser(row, view, providers) };
    },
  );

  app.get(
    '/user/:id',
    {
      config: optionalAuth('USER_READ'),
      schema: { operationId: 'getUser', tags, summary: 'Get a user', params, response: { 200: UserSchema, ...errors } },
    },
    async (request) => {
      const { row, view, providers } = await service.getUser(request.actor, request.params.id);
      return toUser(row, view, providers);
    },
  );

  app.get(
    '/user_email',
    {
      config: requireAuth('USER_READ'),
      schema: {
        operationId: 'getUserByEmail',
        tags,
        summary: 'Find a user by email address (admins)',
        querystring: GetUserByEmailQuerySchema,
        response: { 200: UserSchema, ...errors },
      },
    },
    async (request) => {
      const { row, view, providers } = await service.getUserByEmail(requiredActor(request.actor), request.query.email);
      return toUser(row, view, providers);
    },
  );

  app.get(
    '/users',
    {
      config: optionalAuth('USER_READ'),
      schema: { operationId: 'getUsers', tags, summary: 'Get multiple users', querystring: GetUsersQuerySchema, response: { 200: z.array(UserSchema), 400: ErrorBodySchema } },
    },
    async (request) => (await service.getUsers(request.actor, request.query.ids)).map(({ row, view, providers }) => toUser(row, view, providers)),
  );

  app.patch(
    '/user/:id',
    {
      config: requireAuth('USER_WRITE'),
      schema: {
        operationId: 'modifyUser',
        tags,
        summary: 'Modify a user',
        description: 'Your own account, or any non-admin account for moderators. `role` and `badges` are for admins.',
        params,
        body: ModifyUserBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.modifyUser(requiredActor(request.actor), request.params.id, request.body);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/user/:id',
    {
      config: requireAuth('USER_DELETE'),
      schema: {
        operationId: 'deleteUser',
        tags,
        summary: 'Delete a user',
        description: 'Your own account, or any account for admins. Only a signed-in session holds USER_DELETE.',
        params,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { self } = await service.deleteUser(requiredActor(request.actor), request.params.id);
      if (self) clearSessionCookie(reply, secureCookies);
      return reply.code(204).send(null);
    },
  );

  // The avatar routes take the image itself as the body, whatever its content type.
  await app.register(async (scope) => {
    const raw = scope.withTypeProvider<ZodTypeProvider>();
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: AVATAR_MAX_BYTES }, (_request, body, done) => done(null, body));

    raw.patch(
      '/user/:id/icon',
      {
        config: requireAuth('USER_WRITE'),
        bodyLimit: AVATAR_MAX_BYTES,
        schema: {
          operationId: 'changeUserIcon',
          tags,
          summary: "Change user's avatar",
          description: 'The body is the image (PNG, JPEG, GIF or WebP, at most 256 KiB).',
          params,
          querystring: ChangeUserIconQuerySchema,
          response: { 204: z.null(), ...errors, 413: ErrorBodySchema },
        },
      },
      async (request, reply) => {
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest('The request body must be the image.', 'invalid_image');
        await service.changeIcon(requiredActor(request.actor), request.params.id, body);
        return reply.code(204).send(null);
      },
    );

    raw.delete(
      '/user/:id/icon',
      {
        config: requireAuth('USER_WRITE'),
        schema: { operationId: 'deleteUserIcon', tags, summary: "Remove user's avatar", params, response: { 204: z.null(), ...errors } },
      },
      async (request, reply) => {
        await service.deleteIcon(requiredActor(request.actor), request.params.id);
        return reply.code(204).send(null);
      },
    );
  });
};
