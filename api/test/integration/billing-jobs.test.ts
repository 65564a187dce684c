import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { eq, sql } from 'drizzle-orm';
import { ChargeSchema, PaymentResultSchema, ProductSchema, SubscriptionEntrySchema, type Product } from '@cairn/shared/schemas/billing';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient } from '../helpers/client.js';
import { runJob } from '../helpers/jobs.js';
import { insertUserWithTokens, type TestUser } from '../factories/users.js';
import { saveSandboxCard } from '../billing/sandbox-harness.js';
import type { TestCard } from '../billing/provider-contract.js';
import { billingCharges, billingProducts } from '../../src/db/schema/billing.js';
import { encodeBase62, parseId } from '../../src/lib/ids.js';
import { createProcessingSweep } from '../../src/modules/billing/processing-sweep.js';
import { systemClock } from '../../src/modules/billing/billing-time.js';

/**
 * Billing's scheduled work under the real queue (pg-boss with its workers and cron schedules, real
 * clock): the renewal pass, the sweep of charges stuck in `processing`, and the stock of server
 * plans under concurrent purchases.
 */
let ctx: TestContext;
let products: Product[];

beforeAll(async () => {
  ctx = await createTestContext({ jobs: true });
  products = z.array(ProductSchema.strict()).parse((await call('GET', '/v2/billing/products')).json());
});
afterAll(() => ctx.close());

const call = testClient(() => ctx.app);
const db = () => ctx.database.db;
const plus = () => products.find((p) => p.metadata.type === 'midas')!;
const smallPlan = () => products.find((p) => p.metadata.type === 'pyro' && p.metadata.name === 'Small')!;

const saveCard = (user: TestUser, card: TestCard) => saveSandboxCard(ctx.app, user.session, card);

const buy = (user: TestUser, pm: string, product: Product) =>
  call('POST', '/v2/billing/payment', user.session, {
    payment_method_id: pm,
    charge: { type: 'new', product_id: product.id, interval: 'monthly', ...(product.metadata.type === 'pyro' ? { server: { name: 'Stock race' } } : {}) },
  });

async function subscribedUser(card: TestCard = 'visa'): Promise<TestUser> {
  const user = await insertUserWithTokens(db());
  const response = await buy(user, await saveCard(user, card), plus());
  expect(PaymentResultSchema.strict().parse(response.json()).status).toBe('succeeded');
  return user;
}

const charges = async (user: TestUser) => z.array(ChargeSchema.strict()).parse((await call('GET', '/v2/billing/payments', user.session)).json());
const renewalOf = async (user: TestUser) => (await charges(user)).find((c) => c.type === 'subscription' && c.status !== 'succeeded')!;
const subscriptionStatus = async (user: TestUser) => z.array(SubscriptionEntrySchema.strict()).parse((await call('GET', '/v2/billing/subscriptions', user.session)).json())[0]!.subscription.status;

const rowId = (id: string) => parseId(id)!;

describe('the renewal job under pg-boss', () => {
  it('is scheduled every minute beside the processing sweep', async () => {
    const schedules = await ctx.jobs!.boss.getSchedules();
    expect(schedules.map((s) => [s.name, s.cron])).toEqual(
      expect.arrayContaining([
        ['billing.renewals', '* * * * *'],
        ['billing.processing-sweep', '*/10 * * * *'],
      ]),
    );
  });

  it('charges a renewal that has come due, off-session, and schedules the next one', async () => {
    const good = await subscribedUser('visa');
    const failing = await subscribedUser('fails_off_session');
    const before = await renewalOf(good);
    // A month later, as the database would look: both renewals are due.
    for (const user of [good, failing]) {
      await db().update(billingCharges).set({ due: new Date(Date.now() - 60_000) }).where(eq(billingCharges.id, rowId((await renewalOf(user)).id)));
    }
    await runJob(ctx.jobs!, 'billing.renewals');

    const goodCharges = await charges(good);
    expect(goodCharges.find((c) => c.id === before.id)).toMatchObject({ status: 'succeeded' });
    expect(goodCharges.filter((c) => c.status === 'succeeded')).toHaveLength(2);
    expect(await renewalOf(good)).toMatchObject({ status: 'open', type: 'subscription' });
    // The card that only fails off-session fails here: the perks stay while it is retried.
    expect(await renewalOf(failing)).toMatchObject({ status: 'failed' });
    expect(await subscriptionStatus(failing)).toBe('provisioned');

    // A second run finds nothing more to charge.
    await runJob(ctx.jobs!, 'billing.renewals');
    expect((await charges(good)).filter((c) => c.status === 'succeeded')).toHaveLength(2);
  });
});

describe('the sweep of charges stuck in processing', () => {
  /** Leaves the user's renewal as a crash would: `processing`, attempted 15 minutes ago, its answer never recorded. */
  async function interruptRenewal(user: TestUser, paidAtProcessor: boolean) {
    const renewal = await renewalOf(user);
    const [row] = await db().select().from(billingCharges).where(eq(billingCharges.id, rowId(renewal.id)));
    const attempt = row!.attempts + 1;
    await db()
      .update(billingCharges)
      .set({ status: 'processing', attempts: attempt, lastAttempt: new Date(Date.now() - 15 * 60_000), due: new Date(Date.now() - 20 * 60_000), providerPaymentId: null })
      .where(eq(billingCharges.id, row!.id));
    if (!paidAtProcessor) return { renewal, paymentId: null };
    const customer = await db().execute<{ customer_id: string }>(sql`select customer_id from billing_customers where user_id = ${user.id}`);
    const methods = await ctx.sandbox.provider.listPaymentMethods(customer[0]!.customer_id);
    const payment = await ctx.sandbox.provider.createPayment({
      customerId: customer[0]!.customer_id,
      paymentMethodId: methods[0]!.id,
      amount: row!.amount,
      currency: row!.currencyCode,
      idempotencyKey: `charge_${encodeBase62(row!.id)}_${attempt}`,
      offSession: true,
      metadata: { charge_id: encodeBase62(row!.id), attempt: String(attempt) },
    });
    return { renewal, paymentId: payment.id };
  }

  it('settles a payment the processor made but the API never recorded, once', async () => {
    const user = await subscribedUser('visa');
    const { renewal, paymentId } = await interruptRenewal(user, true);
    await runJob(ctx.jobs!, 'billing.processing-sweep');

    const settled = (await charges(user)).find((c) => c.id === renewal.id)!;
    expect(settled.status).toBe('succeeded');
    const [row] = await db().select().from(billingCharges).where(eq(billingCharges.id, rowId(renewal.id)));
    expect(row!.providerPaymentId).toBe(paymentId);
    expect(await renewalOf(user)).toMatchObject({ status: 'open' });
    const count = (await charges(user)).length;

    // Run again (and directly, as a concurrent worker would): nothing changes, nothing is charged again.
    await runJob(ctx.jobs!, 'billing.processing-sweep');
    expect(await createProcessingSweep({ db: db(), provider: ctx.sandbox.provider, clock: systemClock }).settleStuckCharges()).toEqual({ settled: 0 });
    expect(await charges(user)).toHaveLength(count);
    const payments = Object.values(ctx.sandbox.app.sandboxStore.state.payments).filter((p) => p.metadata.charge_id === renewal.id);
    expect(payments).toHaveLength(1);
  });

  it('fails an attempt the processor never received, keeping the perks until the retry', async () => {
    const user = await subscribedUser('visa');
    const { renewal } = await interruptRenewal(user, false);
    await runJob(ctx.jobs!, 'billing.processing-sweep');
    const [row] = await db().select().from(billingCharges).where(eq(billingCharges.id, rowId(renewal.id)));
    expect(row).toMatchObject({ status: 'failed', failure: 'payment_interrupted' });
    expect(row!.nextAttempt!.getTime()).toBeGreaterThan(Date.now());
    expect(await subscriptionStatus(user)).toBe('provisioned');
  });

  it('leaves a charge alone while its attempt is recent', async () => {
    const user = await subscribedUser('visa');
    const renewal = await renewalOf(user);
    await db().update(billingCharges).set({ status: 'processing', attempts: 1, lastAttempt: new Date() }).where(eq(billingCharges.id, rowId(renewal.id)));
    await runJob(ctx.jobs!, 'billing.processing-sweep');
    expect((await renewalOf(user)).status).toBe('processing');
  });
});

describe('server plan stock', () => {
  it('sells the last unit once when two people buy it at the same moment; stock never goes below zero', async () => {
    const plan = smallPlan();
    await db()
      .update(billingProducts)
      .set({ metadata: sql`jsonb_set(${billingProducts.metadata}, '{stock}', '1')` })
      .where(eq(billingProducts.id, rowId(plan.id)));
    const buyers = [await insertUserWithTokens(db()), await insertUserWithTokens(db())];
    const cards = await Promise.all(buyers.map((b) => saveCard(b, 'visa')));
    const answers = await Promise.all(buyers.map((b, i) => buy(b, cards[i]!, plan)));

    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const refused = answers.find((a) => a.statusCode === 400)!;
    expect(ErrorBodySchema.strict().parse(refused.json())).toEqual({ error: 'out_of_stock', description: 'charge.product_id: this plan is out of stock' });
    const winner = buyers[answers.findIndex((a) => a.statusCode === 200)]!;
    expect(PaymentResultSchema.strict().parse(answers.find((a) => a.statusCode === 200)!.json()).status).toBe('succeeded');
    expect(await subscriptionStatus(winner)).toBe('provisioned');
    // Nothing was charged to the one who was refused.
    const loser = buyers.find((b) => b !== winner)!;
    expect(await charges(loser)).toEqual([]);

    const stock = async () => (await db().select().from(billingProducts).where(eq(billingProducts.id, rowId(plan.id))))[0]!.metadata;
    expect(await stock()).toMatchObject({ stock: 0 });
    const late = await buy(loser, cards[buyers.indexOf(loser)]!, plan);
    expect(late.statusCode).toBe(400);
    expect(await stock()).toMatchObject({ stock: 0 });
  });
});
