import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.js';
import type { JobQueue } from '../../lib/jobs/job-types.js';
import { systemClock, type Clock } from './billing-time.js';
import { createBillingAdminService } from './billing-admin.service.js';
import { createWebhookHandler } from './billing-webhooks.js';
import { billingRoutes, billingWebhookRoutes } from './billing.routes.js';
import { createBillingService } from './billing.service.js';
import type { PaymentProvider } from './providers/payment-provider.js';
import type { ServerPurchases } from './server-plans.port.js';

/** Billing under /v2/billing: products, payment methods, payments, subscriptions, webhooks. */
export const billingModule: FastifyPluginAsync<{ db: Database; provider: PaymentProvider | undefined; clock?: Clock; servers?: ServerPurchases; mailDelivery?: JobQueue }> = async (
  app,
  deps,
) => {
  const collection = { db: deps.db, provider: deps.provider, clock: deps.clock ?? systemClock, servers: deps.servers, mailDelivery: deps.mailDelivery };
  await app.register(billingRoutes, { service: createBillingService(collection), admin: createBillingAdminService(collection) });
  await app.register(billingWebhookRoutes, { webhooks: createWebhookHandler(collection) });
};
