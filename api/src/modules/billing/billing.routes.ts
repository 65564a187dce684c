import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import { ChargeSchema, CreditBodySchema, CustomerSchema, EditPaymentMethodBodySchema, EditSubscriptionBodySchema, PaymentMethodSchema, PaymentMethodSetupSchema, PaymentResultSchema, ProductSchema, SubscriptionChangeSchema, SubscriptionEntrySchema } from '@cairn/shared/schemas/billing';
import { CreatePaymentBodySchema, RefundBodySchema } from '@cairn/shared/schemas/billing-requests';
import { Base62IdSchema } from '@cairn/shared/schemas/common';
import { requiredActor } from '../../lib/actor.js';
import { publicRoute, requireAuth } from '../../plugins/auth.js';
import { strictRateLimit } from '../../plugins/rate-limit.js';
import { requireAdmin } from '../access/staff.policy.js';
import type { BillingAdminService } from './billing-admin.service.js';
import type { BillingService } from './billing.service.js';
import type { WebhookHandler } from './billing-webhooks.js';

const tags = ['billing'];
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema, 503: ErrorBodySchema };
const noContent = { 204: z.null().describe('No content'), ...errors };
const IdParamsSchema = z.object({ id: Base62IdSchema });
const PaymentMethodParamsSchema = z.object({ id: z.string().min(1).max(255) });
const OfUserQuerySchema = z.object({ user_id: Base62IdSchema.optional().describe("Admins: another user's billing") });
const DryQuerySchema = z.object({ dry: z.enum(['true', 'false']).optional().describe('Preview the change without making it') });
const session = requireAuth('SESSION_ACCESS');

export const billingRoutes: FastifyPluginAsyncZod<{ service: BillingService; admin: BillingAdminService }> = async (app, { service, admin }) => {
  app.get(
    '/billing/products',
    { config: publicRoute, schema: { operationId: 'listBillingProducts', tags, summary: 'Products for sale (Plus, server plans) and their prices', response: { 200: z.array(ProductSchema) } } },
    async () => service.listProducts(),
  );

  app.get(
    '/billing/subscriptions',
    { config: session, schema: { operationId: 'listSubscriptions', tags, summary: "The signed-in user's subscriptions", querystring: OfUserQuerySchema, response: { 200: z.array(SubscriptionEntrySchema), ...errors } } },
    async (request) => service.listSubscriptions(requiredActor(request.actor), request.query.user_id),
  );

  app.patch(
    '/billing/subscription/:id',
    {
      config: session,
      schema: {
        operationId: 'editSubscription',
        tags,
        summary: 'Cancel or resume a subscription, or change its interval, plan or payment method (dry=true previews)',
        params: IdParamsSchema,
        querystring: DryQuerySchema,
        body: EditSubscriptionBodySchema,
        response: { 200: SubscriptionChangeSchema, ...errors },
      },
    },
    async (request) => service.editSubscription(requiredActor(request.actor), request.params.id, request.body, request.query.dry === 'true'),
  );

  app.get(
    '/billing/payments',
    { config: session, schema: { operationId: 'listCharges', tags, summary: "The signed-in user's charges, newest due first", querystring: OfUserQuerySchema, response: { 200: z.array(ChargeSchema), ...errors } } },
    async (request) => service.listPayments(requiredActor(request.actor), request.query.user_id),
  );

  app.post(
    '/billing/payment',
    {
      config: { ...session, ...strictRateLimit(30) },
      schema: { operationId: 'createPayment', tags, summary: 'Pay for a new subscription, or pay an open or failed charge', body: CreatePaymentBodySchema, response: { 200: PaymentResultSchema, ...errors } },
    },
    async (request) => service.createPayment(requiredActor(request.actor), request.body),
  );

  app.get(
    '/billing/payment_methods',
    { config: session, schema: { operationId: 'listPaymentMethods', tags, summary: 'Saved payment methods', response: { 200: z.array(PaymentMethodSchema), ...errors } } },
    async (request) => service.listPaymentMethods(requiredActor(request.actor)),
  );

  app.post(
    '/billing/payment_method',
    {
      config: { ...session, ...strictRateLimit(30) },
      schema: { operationId: 'createPaymentMethodSetup', tags, summary: 'Start saving a payment method; the browser completes it with the processor', response: { 200: PaymentMethodSetupSchema, ...errors } },
    },
    async (request) => service.createPaymentMethodSetup(requiredActor(request.actor)),
  );

  app.patch(
    '/billing/payment_method/:id',
    { config: session, schema: { operationId: 'editPaymentMethod', tags, summary: 'Make a saved payment method the primary one', params: PaymentMethodParamsSchema, body: EditPaymentMethodBodySchema, response: noContent } },
    async (request, reply) => {
      await service.setPrimaryPaymentMethod(requiredActor(request.actor), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/billing/payment_method/:id',
    { config: session, schema: { operationId: 'deletePaymentMethod', tags, summary: 'Remove a saved payment method', params: PaymentMethodParamsSchema, response: noContent } },
    async (request, reply) => {
      await service.deletePaymentMethod(requiredActor(request.actor), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/billing/customer',
    { config: session, schema: { operationId: 'getCustomer', tags, summary: "The signed-in user's customer record at the payment processor", response: { 200: CustomerSchema, ...errors } } },
    async (request) => service.getCustomer(requiredActor(request.actor)),
  );

  app.post(
    '/billing/charge/:id/refund',
    { config: session, schema: { operationId: 'refundCharge', tags, summary: 'Admins: refund a charge in full, in part or not at all, optionally ending its subscription', params: IdParamsSchema, body: RefundBodySchema, response: noContent } },
    async (request, reply) => {
      requireAdmin(requiredActor(request.actor));
      await admin.refundCharge(request.params.id, request.body);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/billing/credit',
    { config: session, schema: { operationId: 'creditSubscriptions', tags, summary: "Admins: push subscriptions' next charge back by some days", body: CreditBodySchema, response: noContent } },
    async (request, reply) => {
      requireAdmin(requiredActor(request.actor));
      await admin.creditSubscriptions(request.body);
      return reply.code(204).send(null);
    },
  );
};

/** The processor's webhook: the raw body is kept so its signature can be verified. */
export const billingWebhookRoutes: FastifyPluginAsyncZod<{ webhooks: WebhookHandler }> = async (app, { webhooks }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));
  app.post(
    '/billing/_webhook',
    {
      config: publicRoute,
      schema: { operationId: 'receiveBillingWebhook', tags, summary: "The payment processor's signed event deliveries", response: { 204: z.null().describe('No content'), 400: ErrorBodySchema, 503: ErrorBodySchema } },
    },
    async (request, reply) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      await webhooks.receiveWebhook(body, request.headers);
      return reply.code(204).send(null);
    },
  );
};
