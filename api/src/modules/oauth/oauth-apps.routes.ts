import { z } from 'zod';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { Base62IdSchema, ErrorBodySchema } from '@cairn/shared/schemas/common';
import {
  CreatedOAuthClientSchema,
  CreateOAuthClientBodySchema,
  EditOAuthClientBodySchema,
  OAuthAppIdsQuerySchema,
  OAuthClientListSchema,
  OAuthClientSchema,
} from '@cairn/shared/schemas/oauth';
import { requiredActor } from '../../lib/actor.js';
import { badRequest } from '../../lib/errors.js';
import { publicRoute, requireAuth } from '../../plugins/auth.js';
import { toCreatedOAuthClient, toOAuthClient } from './oauth.mapper.js';
import { ICON_MAX_BYTES, type AppView, type OAuthAppsService } from './oauth-apps.service.js';

const tags = ['oauth'];
const AppParamsSchema = z.object({ id: Base62IdSchema });
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };
const noContent = { 204: z.null().describe('No content'), ...errors };

/** OAuth app registration and management. Managing apps is session-only (SESSION_ACCESS). */
export const oauthAppsRoutes: FastifyPluginAsyncZod<{ service: OAuthAppsService; cdnUrl: string }> = async (app, { service, cdnUrl }) => {
  const toClient = (view: AppView) => toOAuthClient(view, cdnUrl);

  app.post(
    '/oauth/app',
    {
      config: requireAuth('SESSION_ACCESS'),
      schema: {
        operationId: 'createOAuthApp',
        tags,
        summary: 'Register an OAuth app; the client secret is shown only in this response',
        body: CreateOAuthClientBodySchema,
        response: { 200: CreatedOAuthClientSchema, ...errors },
      },
    },
    async (request) => {
      const { app: created, secret } = await service.createApp(requiredActor(request.actor), request.body);
      return toCreatedOAuthClient(created, secret, cdnUrl);
    },
  );

  app.get(
    '/oauth/app/:id',
    {
      config: publicRoute,
      schema: { operationId: 'getOAuthApp', tags, summary: 'Get an OAuth app', params: AppParamsSchema, response: { 200: OAuthClientSchema, 400: ErrorBodySchema, 404: ErrorBodySchema } },
    },
    async (request) => toClient(await service.getApp(request.params.id)),
  );

  app.get(
    '/oauth/apps',
    {
      config: publicRoute,
      schema: {
        operationId: 'getOAuthApps',
        tags,
        summary: 'Get several OAuth apps (unknown ids are left out)',
        querystring: OAuthAppIdsQuerySchema,
        response: { 200: OAuthClientListSchema, 400: ErrorBodySchema },
      },
    },
    async (request) => (await service.getApps(request.query.ids)).map(toClient),
  );

  app.patch(
    '/oauth/app/:id',
    {
      config: requireAuth('SESSION_ACCESS'),
      schema: {
        operationId: 'editOAuthApp',
        tags,
        summary: 'Edit an OAuth app (its creator or a moderator); redirect_uris replaces the list',
        params: AppParamsSchema,
        body: EditOAuthClientBodySchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await service.editApp(requiredActor(request.actor), request.params.id, request.body);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/oauth/app/:id',
    {
      config: requireAuth('SESSION_ACCESS'),
      schema: { operationId: 'deleteOAuthApp', tags, summary: 'Delete an OAuth app and revoke every token it holds', params: AppParamsSchema, response: noContent },
    },
    async (request, reply) => {
      await service.deleteApp(requiredActor(request.actor), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/user/:id/oauth_apps',
    {
      config: requireAuth('SESSION_ACCESS'),
      schema: {
        operationId: 'getUserOAuthApps',
        tags,
        summary: "List a user's OAuth apps (the user themselves or a moderator)",
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 200: OAuthClientListSchema, ...errors },
      },
    },
    async (request) => (await service.listUserApps(requiredActor(request.actor), request.params.id)).map(toClient),
  );

  // Icons arrive as the raw image bytes (any image content type, or application/octet-stream).
  await app.register(async (plugin) => {
    const icons = plugin.withTypeProvider<ZodTypeProvider>();
    icons.addContentTypeParser(/^(image\/[\w.+-]+|application\/octet-stream)$/, { parseAs: 'buffer', bodyLimit: ICON_MAX_BYTES }, (_request, body, done) => done(null, body));

    icons.patch(
      '/oauth/app/:id/icon',
      {
        config: requireAuth('SESSION_ACCESS'),
        bodyLimit: ICON_MAX_BYTES,
        schema: {
          operationId: 'changeOAuthAppIcon',
          tags,
          summary: "Change an OAuth app's icon (PNG, JPEG, GIF or WebP, at most 256 KiB, sent as the raw body)",
          params: AppParamsSchema,
          querystring: z.object({ ext: z.enum(['png', 'jpg', 'jpeg', 'gif', 'webp']) }),
          response: { ...noContent, 413: ErrorBodySchema },
        },
      },
      async (request, reply) => {
        if (!Buffer.isBuffer(request.body) || request.body.length === 0) throw badRequest('The request body must be the image file');
        await service.setIcon(requiredActor(request.actor), request.params.id, request.body);
        return reply.code(204).send(null);
      },
    );

    icons.delete(
      '/oauth/app/:id/icon',
      {
        config: requireAuth('SESSION_ACCESS'),
        schema: { operationId: 'deleteOAuthAppIcon', tags, summary: "Remove an OAuth app's icon", params: AppParamsSchema, response: noContent },
      },
      async (request, reply) => {
        await service.deleteIcon(requiredActor(request.actor), request.params.id);
        return reply.code(204).send(null);
      },
    );
  });
};
