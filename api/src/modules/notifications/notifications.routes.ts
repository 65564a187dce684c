import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema, jsonArrayQuery } from '@cairn/shared/schemas/common';
import { NotificationSchema } from '@cairn/shared/schemas/notifications';
import { ModifyNotificationSettingsBodySchema, NotificationSettingsSchema } from '@cairn/shared/schemas/notification-settings';
import { requireAuth } from '../../plugins/auth.js';
import { requiredActor } from '../../lib/actor.js';
import type { NotificationsService } from './notifications.service.js';

const tags = ['notifications'];
const IdParams = z.object({ id: z.string().min(1).max(16) });
const UserParams = z.object({ id: z.string().min(1).max(64) });
const IdsQuery = z.object({ ids: jsonArrayQuery(z.string().min(1).max(16)).pipe(z.array(z.string()).max(1000)) });
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };
const NoContent = z.null().describe('No content');
const read = requireAuth('NOTIFICATION_READ');
const write = requireAuth('NOTIFICATION_WRITE');

export const notificationsRoutes: FastifyPluginAsyncZod<{ service: NotificationsService }> = async (app, { service }) => {
  app.get(
    '/user/:id/notifications',
    {
      config: read,
      schema: { operationId: 'getUserNotifications', tags, summary: "Get user's notifications", params: UserParams, response: { 200: z.array(NotificationSchema), ...errors } },
    },
    async (request) => service.getUserNotifications(requiredActor(request.actor), request.params.id),
  );

  app.get(
    '/user/:id/notification_settings',
    {
      config: requireAuth('USER_READ'),
      schema: {
        operationId: 'getNotificationSettings',
        tags: ['users'],
        summary: "Get a user's notification settings",
        description: 'The email digest of followed projects\' new versions (`off`, `daily` or `weekly`); the user themselves or an admin.',
        params: UserParams,
        response: { 200: NotificationSettingsSchema, ...errors },
      },
    },
    async (request) => service.getNotificationSettings(requiredActor(request.actor), request.params.id),
  );

  app.patch(
    '/user/:id/notification_settings',
    {
      config: requireAuth('USER_WRITE'),
      schema: {
        operationId: 'modifyNotificationSettings',
        tags: ['users'],
        summary: "Change a user's notification settings",
        description: 'A field left out stays as it is. Turning the digest on starts it now; only a verified email address receives it.',
        params: UserParams,
        body: ModifyNotificationSettingsBodySchema,
        response: { 200: NotificationSettingsSchema, ...errors },
      },
    },
    async (request) => service.modifyNotificationSettings(requiredActor(request.actor), request.params.id, request.body),
  );

  app.get(
    '/notification/:id',
    {
      config: read,
      schema: { operationId: 'getNotification', tags, summary: 'Get notification from ID', params: IdParams, response: { 200: NotificationSchema, ...errors } },
    },
    async (request) => service.getNotification(requiredActor(request.actor), request.params.id),
  );

  app.patch(
    '/notification/:id',
    {
      config: write,
      schema: { operationId: 'readNotification', tags, summary: 'Mark notification as read', params: IdParams, response: { 204: NoContent, ...errors } },
    },
    async (request, reply) => {
      await service.readNotification(requiredActor(request.actor), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/notification/:id',
    {
      config: write,
      schema: { operationId: 'deleteNotification', tags, summary: 'Delete notification', params: IdParams, response: { 204: NoContent, ...errors } },
    },
    async (request, reply) => {
      await service.deleteNotification(requiredActor(request.actor), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/notifications',
    {
      config: read,
      schema: { operationId: 'getNotifications', tags, summary: 'Get multiple notifications', querystring: IdsQuery, response: { 200: z.array(NotificationSchema), ...errors } },
    },
    async (request) => service.getNotifications(requiredActor(request.actor), request.query.ids),
  );

  app.patch(
    '/notifications',
    {
      config: write,
      schema: { operationId: 'readNotifications', tags, summary: 'Mark multiple notifications as read', querystring: IdsQuery, response: { 204: NoContent, ...errors } },
    },
    async (request, reply) => {
      await service.readNotifications(requiredActor(request.actor), request.query.ids);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/notifications',
    {
      config: write,
      schema: { operationId: 'deleteNotifications', tags, summary: 'Delete multiple notifications', querystring: IdsQuery, response: { 204: NoContent, ...errors } },
    },
    async (request, reply) => {
      await service.deleteNotifications(requiredActor(request.actor), request.query.ids);
      return reply.code(204).send(null);
    },
  );
};
