import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import { createTestContext, type TestContext } from '../harness.js';

// The API configured for Stripe (PAYMENT_PROVIDER=stripe) receiving deliveries signed as Stripe
// signs them: the real route, raw body and all. Nothing here reaches Stripe.
const webhookSecret = 'whsec_cairn_integration_test_secret';
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({
    env: { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_cairn_integration', STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_PUBLISHABLE_KEY: 'pk_test_cairn_integration' },
  });
});
afterAll(() => ctx.close());

const StrictError = ErrorBodySchema.strict();
const stripeEvent = (id: string, type: string, object: Record<string, unknown>) =>
  JSON.stringify({ id, object: 'event', api_version: Stripe.API_VERSION, created: Math.floor(Date.now() / 1000), livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type, data: { object } });
const deliver = (payload: string, signature: string | undefined) =>
  ctx.app.inject({
    method: 'POST',
    url: '/v2/billing/_webhook',
    headers: { 'content-type': 'application/json', ...(signature === undefined ? {} : { 'stripe-signature': signature }) },
    payload,
  });
const sign = (payload: string, secret = webhookSecret, timestamp?: number) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp === undefined ? {} : { timestamp }) });

describe('Stripe webhooks through /v2/billing/_webhook', () => {
  it('acknowledges signed deliveries, also when replayed, and events billing does not act on', async () => {
    const ignored = stripeEvent('evt_customer_1', 'customer.created', { id: 'cus_1', object: 'customer' });
    expect((await deliver(ignored, sign(ignored))).statusCode).toBe(204);
    expect((await deliver(ignored, sign(ignored))).statusCode).toBe(204);
    // A payment Cairn never started: acknowledged (so Stripe stops redelivering), nothing changes.
    const stranger = stripeEvent('evt_pi_1', 'payment_intent.succeeded', { id: 'pi_unknown', object: 'payment_intent', metadata: {} });
    expect((await deliver(stranger, sign(stranger))).statusCode).toBe(204);
  });

  it('refuses a changed body, another secret, an old signature and a missing header with a 400 naming the signature', async () => {
    const event = stripeEvent('evt_pi_2', 'payment_intent.succeeded', { id: 'pi_2', object: 'payment_intent', metadata: { charge_id: '1', attempt: '1' } });
    const refusals = [
      await deliver(event.replace('pi_2', 'pi_3'), sign(event)),
      await deliver(event, sign(event, 'whsec_somebody_else')),
      await deliver(event, sign(event, webhookSecret, Math.floor(Date.now() / 1000) - 3600)),
      await deliver(event, undefined),
    ];
    for (const response of refusals) {
      expect(response.statusCode).toBe(400);
      const body = StrictError.parse(response.json());
      expect(body.error).toBe('invalid_signature');
      expect(body.description).toMatch(/^signature: /);
    }
  });
});
