import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ScopeName } from '@cairn/shared/constants/scopes';
import { Base62IdSchema, ErrorBodySchema } from '@cairn/shared/schemas/common';
import {
  CreatedWebhookSchema,
  CreateWebhookBodySchema,
  UpdateWebhookBodySchema,
  WebhookDeliveriesQuerySchema,
  WebhookDeliveryListSchema,
  WebhookDeliverySchema,
  WebhookListSchema,
  WebhookSchema,
  WebhookSecretSchema,
} from '@cairn/shared/schemas/webhooks';
import { requiredActor } from '../../lib/actor.js';
import { requireAuth } from '../../plugins/auth.js';
import type { OwnerKind, WebhooksService } from './webhooks.service.js';

const tags = ['webhooks'];
const NoContent = z.null().describe('No content');
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };
/** A project or organization id (base62) or slug. */
const IdOrSlug = z.string().min(1).max(128);
const OwnerParams = z.object({ id: IdOrSlug });
const HookParams = z.object({ id: IdOrSlug, hook: Base62IdSchema });
const DeliveryParams = z.object({ id: IdOrSlug, hook: Base62IdSchema, delivery: Base62IdSchema });

/**
 * Each owner kind's routes: where they live, how operations are named, and the scopes of the
 * closest existing token rights (the hooks are part of the project's or organization's settings).
 */
const OWNERS: ReadonlyArray<{ kind: OwnerKind; path: string; name: string; noun: string; read: ScopeName; write: ScopeName }> = [
  { kind: 'project', path: '/project/:id/webhooks', name: 'Project', noun: "a project's", read: 'PROJECT_READ', write: 'PROJECT_WRITE' },
  { kind: 'organization', path: '/organization/:id/webhooks', name: 'Organization', noun: "an organization's", read: 'ORGANIZATION_READ', write: 'ORGANIZATION_WRITE' },
];

/** Release webhooks of projects and organizations (docs/api/webhooks.md), for those who manage their settings. */
export const webhooksRoutes: FastifyPluginAsyncZod<{ service: WebhooksService }> = async (app, { service }) => {
  for (const { kind, path, name, noun, read, write } of OWNERS) {
    app.get(
      path,
      {
        config: requireAuth(read),
        schema: { operationId: `list${name}Webhooks`, tags, summary: `List ${noun} webhooks`, params: OwnerParams, response: { 200: WebhookListSchema, ...errors } },
      },
      async (request) => service.listWebhooks(requiredActor(request.actor), kind, request.params.id),
    );

    app.post(
      path,
      {
        config: requireAuth(write),
        schema: {
          operationId: `create${name}Webhook`,
          tags,
          summary: `Add a webhook to ${noun} settings`,
          description: 'The answer holds the signing secret (`whsec_…`); it is not shown again. Destinations must be https URLs that do not point at private addresses.',
          params: OwnerParams,
          body: CreateWebhookBodySchema,
          response: { 200: CreatedWebhookSchema, ...errors },
        },
      },
      async (request) => service.createWebhook(requiredActor(request.actor), kind, request.params.id, request.body),
    );

    app.get(
      `${path}/:hook`,
      {
        config: requireAuth(read),
        schema: { operationId: `get${name}Webhook`, tags, summary: `Get one of ${noun} webhooks`, params: HookParams, response: { 200: WebhookSchema, ...errors } },
      },
      async (request) => service.getWebhook(requiredActor(request.actor), kind, request.params.id, request.params.hook),
    );

    app.patch(
      `${path}/:hook`,
      {
        config: requireAuth(write),
        schema: {
          operationId: `modify${name}Webhook`,
          tags,
          summary: `Change one of ${noun} webhooks`,
          description: 'Switching a hook on again (`enabled: true`) starts its count of failed deliveries afresh.',
          params: HookParams,
          body: UpdateWebhookBodySchema,
          response: { 200: WebhookSchema, ...errors },
        },
      },
      async (request) => service.updateWebhook(requiredActor(request.actor), kind, request.params.id, request.params.hook, request.body),
    );

    app.delete(
      `${path}/:hook`,
      {
        config: requireAuth(write),
        schema: { operationId: `delete${name}Webhook`, tags, summary: `Delete one of ${noun} webhooks`, params: HookParams, response: { 204: NoContent, ...errors } },
      },
      async (request, reply) => {
        await service.deleteWebhook(requiredActor(request.actor), kind, request.params.id, request.params.hook);
        return reply.code(204).send(null);
      },
    );

    app.post(
      `${path}/:hook/secret`,
      {
        config: requireAuth(write),
        schema: {
          operationId: `rotate${name}WebhookSecret`,
          tags,
          summary: `Give one of ${noun} webhooks a new signing secret`,
          description: 'The new secret signs every delivery from now on (retries included); it is shown in this answer only.',
          params: HookParams,
          response: { 200: WebhookSecretSchema, ...errors },
        },
      },
      async (request) => service.rotateWebhookSecret(requiredActor(request.actor), kind, request.params.id, request.params.hook),
    );

    app.post(
      `${path}/:hook/ping`,
      {
        config: requireAuth(write),
        schema: {
          operationId: `ping${name}Webhook`,
          tags,
          summary: `Send a test message to one of ${noun} webhooks`,
          description: 'Queues a `ping` delivery, attempted once; its outcome appears in the delivery log.',
          params: HookParams,
          response: { 202: WebhookDeliverySchema, ...errors, 503: ErrorBodySchema },
        },
      },
      async (request, reply) => reply.code(202).send(await service.pingWebhook(requiredActor(request.actor), kind, request.params.id, request.params.hook)),
    );

    app.get(
      `${path}/:hook/deliveries`,
      {
        config: requireAuth(read),
        schema: {
          operationId: `list${name}WebhookDeliveries`,
          tags,
          summary: `List the latest deliveries of one of ${noun} webhooks`,
          params: HookParams,
          querystring: WebhookDeliveriesQuerySchema,
          response: { 200: WebhookDeliveryListSchema, ...errors },
        },
      },
      async (request) => service.listWebhookDeliveries(requiredActor(request.actor), kind, request.params.id, request.params.hook, request.query.limit),
    );

    app.post(
      `${path}/:hook/deliveries/:delivery/resend`,
      {
        config: requireAuth(write),
        schema: {
          operationId: `resend${name}WebhookDelivery`,
          tags,
          summary: `Send a delivery of one of ${noun} webhooks again`,
          description: 'A new delivery of the same payload with the same `webhook-id`, attempted once.',
          params: DeliveryParams,
          response: { 202: WebhookDeliverySchema, ...errors, 409: ErrorBodySchema, 503: ErrorBodySchema },
        },
      },
      async (request, reply) =>
        reply.code(202).send(await service.resendWebhookDelivery(requiredActor(request.actor), kind, request.params.id, request.params.hook, request.params.delivery)),
    );
  }
};
