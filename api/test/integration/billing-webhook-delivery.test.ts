import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ChargeSchema, PaymentResultSchema, ProductSchema, SubscriptionEntrySchema } from '@cairn/shared/schemas/billing';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient } from '../helpers/client.js';
import { eventually } from '../helpers/eventually.js';
import { insertUserWithTokens } from '../factories/users.js';
import { saveSandboxCard, startTestSandbox, type TestSandbox } from '../billing/sandbox-harness.js';
import { freePort } from '../../src/embedded/process-utils.js';

/**
 * The sandbox's own webhook delivery, end to end: the sandbox POSTs its events to the listening
 * API. No job worker runs here, so the processing sweep cannot be what settles a charge.
 */
let ctx: TestContext;
let sandbox: TestSandbox;

beforeAll(async () => {
  const apiPort = await freePort();
  sandbox = await startTestSandbox({ webhookUrl: `http://127.0.0.1:${apiPort}/v2/billing/_webhook` });
  ctx = await createTestContext({
    env: { SANDBOX_URL: sandbox.url, SANDBOX_SECRET_KEY: sandbox.secretKey, SANDBOX_WEBHOOK_SECRET: sandbox.webhookSecret },
  });
  await ctx.app.listen({ host: '127.0.0.1', port: apiPort });
});
afterAll(async () => {
  await ctx.close();
  await sandbox.close();
});

const call = testClient(() => ctx.app);
/** Polls (every 100 ms, for up to 20 s) until `condition` holds. */
const until = (condition: () => Promise<boolean>, what: string) => eventually(async () => ((await condition()) ? true : undefined), 20_000, what, 100);

describe('billing webhooks delivered by the sandbox', () => {
  it('settle a 3-D Secure purchase approved at the sandbox without the processing sweep', async () => {
    expect(ctx.jobs).toBeUndefined();
    const user = await insertUserWithTokens(ctx.database.db);
    const products = z.array(ProductSchema.strict()).parse((await call('GET', '/v2/billing/products')).json());
    const plus = products.find((p) => p.metadata.type === 'midas')!;
    const pm = await saveSandboxCard(ctx.app, user.session, 'requires_3ds');
    const bought = await call('POST', '/v2/billing/payment', user.session, { payment_method_id: pm, charge: { type: 'new', product_id: plus.id, interval: 'monthly' } });
    expect(bought.statusCode, bought.body).toBe(200);
    const result = PaymentResultSchema.strict().parse(bought.json());
    expect(result.status).toBe('requires_action');

    const charges = async () => z.array(ChargeSchema.strict()).parse((await call('GET', '/v2/billing/payments', user.session)).json());
    const [pending] = await charges();
    expect(pending).toMatchObject({ type: 'subscription', status: 'processing' });
    const statusOf = async () => (await charges()).find((c) => c.id === pending!.id)!.status;

    await sandbox.authenticate(result.payment_intent_id, result.client_secret!, true);
    await until(async () => (await statusOf()) === 'succeeded', 'the charge to succeed');
    const subscriptions = z.array(SubscriptionEntrySchema.strict()).parse((await call('GET', '/v2/billing/subscriptions', user.session)).json());
    expect(subscriptions[0]!.subscription.status).toBe('provisioned');

    // Every event reached the API, each exactly once.
    await until(async () => sandbox.app.sandboxStore.state.events.every((e) => e.delivered), 'every event delivered');
    expect(sandbox.app.sandboxStore.state.events.map((e) => e.attempts)).toEqual(sandbox.app.sandboxStore.state.events.map(() => 1));
    expect((await charges()).filter((c) => c.status === 'succeeded')).toHaveLength(1);
  }, 60_000);
});
