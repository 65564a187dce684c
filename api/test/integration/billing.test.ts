import { COLLECTION_LIMIT, PLUS_COLLECTION_LIMIT } from '@cairn/shared/schemas/collections';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { and, eq, sql } from 'drizzle-orm';
import { USER_BADGES } from '@cairn/shared/constants/permissions';
import {
  ChargeSchema,
  PaymentMethodSchema,
  PaymentMethodSetupSchema,
  PaymentResultSchema,
  ProductSchema,
  SubscriptionChangeSchema,
  SubscriptionEntrySchema,
  type Product,
} from '@cairn/shared/schemas/billing';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient } from '../helpers/client.js';
import { createActors, insertUserWithTokens, type Actors, type TestUser } from '../factories/users.js';
import { TEST_CARD_NUMBERS } from '../billing/sandbox-harness.js';
import type { TestCard } from '../billing/provider-contract.js';
import { users } from '../../src/db/schema/users.js';
import { notifications } from '../../src/db/schema/trust.js';
import { mailOutbox } from '../../src/db/schema/auth.js';
import { servers } from '../../src/db/schema/servers.js';
import { encodeBase62 } from '../../src/lib/ids.js';
import { createRenewals } from '../../src/modules/billing/renewals.js';
import { addDays, addInterval, prorate } from '../../src/modules/billing/billing-time.js';

let ctx: TestContext;
let actors: Actors;
let now = new Date('2026-03-10T12:00:00Z');
const clock = () => now;
let plus: Product;

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  actors = await createActors(ctx.database.db);
  const response = await call('GET', '/v2/billing/products');
  plus = z.array(ProductSchema.strict()).parse(response.json()).find((p) => p.metadata.type === 'midas')!;
});
afterAll(() => ctx.close());

const Charges = z.array(ChargeSchema.strict());
const Subscriptions = z.array(SubscriptionEntrySchema.strict());

const call = testClient(() => ctx.app);

const renewals = () => createRenewals({ db: ctx.database.db, provider: ctx.sandbox.provider, clock });

async function saveCard(user: TestUser, card: TestCard): Promise<string> {
  const response = await call('POST', '/v2/billing/payment_method', user.session);
  expect(response.statusCode, response.body).toBe(200);
  const setup = PaymentMethodSetupSchema.strict().parse(response.json());
  expect(setup).toMatchObject({ provider: 'sandbox', sandbox_url: ctx.sandbox.url, publishable_key: null });
  const confirmed = await fetch(`${setup.sandbox_url}/v1/setups/${setup.setup_id}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
    body: JSON.stringify({ client_secret: setup.client_secret, card: { number: TEST_CARD_NUMBERS[card], exp_month: 11, exp_year: 2031, cvc: card === 'amex' ? '1234' : '123' } }),
  });
  const body = (await confirmed.json()) as { status: string; payment_method: string };
  expect(body.status).toBe('succeeded');
  return body.payment_method;
}

async function subscribe(user: TestUser, pm: string, interval: 'monthly' | 'yearly' = 'monthly') {
  const response = await call('POST', '/v2/billing/payment', user.session, { payment_method_id: pm, charge: { type: 'new', product_id: plus.id, interval } });
  expect(response.statusCode, response.body).toBe(200);
  return PaymentResultSchema.strict().parse(response.json());
}

const charges = async (user: TestUser) => Charges.parse((await call('GET', '/v2/billing/payments', user.session)).json());
const subscriptions = async (user: TestUser) => Subscriptions.parse((await call('GET', '/v2/billing/subscriptions', user.session)).json());
const nextCharge = async (user: TestUser) => (await charges(user)).find((c) => c.type === 'subscription' && c.status !== 'succeeded')!;
const hasPlusBadge = async (user: TestUser) => {
  const [row] = await ctx.database.db.select({ badges: users.badges }).from(users).where(eq(users.id, user.id));
  return (row!.badges & USER_BADGES.PLUS) !== 0;
};
/** The collection limit is a Plus perk. */
const collectionLimit = async (user: TestUser) => ((await call('GET', '/v2/limits/collections', user.session)).json() as { max: number | null }).max;
const setPrimary = async (user: TestUser, pm: string) => expect((await call('PATCH', `/v2/billing/payment_method/${pm}`, user.session, { primary: true })).statusCode).toBe(204);
const deliverWebhooks = async () => {
  const deliveries = await ctx.sandbox.drainWebhooks();
  for (const delivery of deliveries) {
    const response = await call('POST', '/v2/billing/_webhook', delivery.headers, delivery.body);
    expect(response.statusCode, response.body).toBe(204);
  }
  return deliveries;
};
const newUser = () => insertUserWithTokens(ctx.database.db);

describe('products', () => {
  it('sells Plus in USD and about 30 currencies, and the three server plans at yearly = 10 × monthly', async () => {
    const products = z.array(ProductSchema.strict()).parse((await call('GET', '/v2/billing/products')).json());
    const usd = plus.prices.find((p) => p.currency_code === 'USD')!;
    expect(usd.prices).toEqual({ type: 'recurring', intervals: { monthly: 499, yearly: 4999 } });
    expect(plus.prices.length).toBeGreaterThanOrEqual(30);
    expect(plus.unitary).toBe(true);
    const plans = products.flatMap((p) => (p.metadata.type === 'pyro' ? [{ ...p.metadata, prices: p.prices }] : []));
    expect(plans.map((p) => p.name)).toEqual(expect.arrayContaining(['Small', 'Medium', 'Large']));
    const small = plans.find((p) => p.name === 'Small')!;
    expect(small).toMatchObject({ cpu: 2, ram: 2048, swap: 512, storage: 16384 });
    expect(small.prices[0]!.prices).toEqual({ type: 'recurring', intervals: { monthly: 600, yearly: 6000 } });
    const large = plans.find((p) => p.name === 'Large')!;
    expect(large).toMatchObject({ cpu: 8, ram: 49152, storage: 393216 });
    expect(large.prices[0]!.prices).toEqual({ type: 'recurring', intervals: { monthly: 14400, yearly: 144000 } });
  });
});

describe('subscribing and renewing', () => {
  it('provisions Plus (badge) on a succeeded charge and schedules the renewal at the period end', async () => {
    const user = await newUser();
    expect(await hasPlusBadge(user)).toBe(false);
    expect(await collectionLimit(user)).toBe(COLLECTION_LIMIT);
    const pm = await saveCard(user, 'visa');
    const result = await subscribe(user, pm);
    expect(result).toMatchObject({ status: 'succeeded', total: 499, currency_code: 'USD', failure: null, client_secret: null });
    const [entry] = await subscriptions(user);
    expect(entry!.subscription).toMatchObject({ status: 'provisioned', interval: 'monthly', metadata: null });
    expect(await hasPlusBadge(user)).toBe(true);
    expect(await collectionLimit(user)).toBe(PLUS_COLLECTION_LIMIT);
    const list = await charges(user);
    expect(list.map((c) => [c.type, c.status, c.amount])).toEqual([
      ['subscription', 'open', 499],
      ['subscription', 'succeeded', 499],
    ]);
    expect(list[0]!.due).toBe(addInterval(now, 'monthly').toISOString());
    expect(list[0]!).not.toHaveProperty('net');
    // The saved card became the primary method.
    const methods = z.array(PaymentMethodSchema.strict()).parse((await call('GET', '/v2/billing/payment_methods', user.session)).json());
    expect(methods).toEqual([expect.objectContaining({ id: pm, primary: true, card: { brand: 'visa', last4: '4242', exp_month: 11, exp_year: 2031 } })]);
    // A unitary product cannot be bought twice.
    const again = await call('POST', '/v2/billing/payment', user.session, { payment_method_id: pm, charge: { type: 'new', product_id: plus.id } });
    expect(again.statusCode).toBe(409);
  });

  it('charges once when the same purchase is sent twice at the same moment', async () => {
    const user = await newUser();
    const pm = await saveCard(user, 'visa');
    const payload = { payment_method_id: pm, charge: { type: 'new', product_id: plus.id, interval: 'monthly' } };
    const answers = await Promise.all([call('POST', '/v2/billing/payment', user.session, payload), call('POST', '/v2/billing/payment', user.session, payload)]);
    expect(answers.map((a) => a.statusCode).sort(), answers.map((a) => a.body).join('\n') + JSON.stringify(await charges(user))).toEqual([200, 409]);
    const succeeded = (await charges(user)).filter((c) => c.status === 'succeeded');
    expect(succeeded).toHaveLength(1);
    const payments = Object.values(ctx.sandbox.app.sandboxStore.state.payments).filter((p) => p.paymentMethod === pm);
    expect(payments).toHaveLength(1);
  });

  it('retries a failed renewal with backoff, keeps perks meanwhile, notifies, and succeeds with a replaced card', async () => {
    const user = await newUser();
    const start = now;
    await subscribe(user, await saveCard(user, 'visa'));
    const declining = await saveCard(user, 'declined');
    await setPrimary(user, declining);
    const due = new Date((await nextCharge(user)).due);

    now = addDays(due, 0.01);
    await renewals().collectDueCharges();
    let renewal = await nextCharge(user);
    expect(renewal).toMatchObject({ status: 'failed', due: due.toISOString() });
    expect((await subscriptions(user))[0]!.subscription.status).toBe('provisioned');
    expect(await hasPlusBadge(user)).toBe(true);
    const sent = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(sent.map((n) => n.body)).toEqual([{ type: 'payment_failed', amount: '4.99 USD', service: 'Cairn Plus' }]);
    const mail = await ctx.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.recipient, user.email), eq(mailOutbox.kind, 'payment_failed')));
    expect(mail).toHaveLength(1);

    // Not retried before its day has come; retried after it, failing again.
    now = addDays(now, 0.5);
    await renewals().collectDueCharges();
    expect((await nextCharge(user)).last_attempt).toBe(renewal.last_attempt);
    now = addDays(now, 0.6);
    await renewals().collectDueCharges();
    renewal = await nextCharge(user);
    expect(renewal.status).toBe('failed');
    expect(renewal.last_attempt).toBe(now.toISOString());

    // The customer replaces the card; the next retry (3 days later) succeeds.
    const good = await saveCard(user, 'mastercard');
    await setPrimary(user, good);
    expect((await call('DELETE', `/v2/billing/payment_method/${declining}`, user.session)).statusCode).toBe(204);
    now = addDays(now, 3.1);
    await renewals().collectDueCharges();
    const list = await charges(user);
    expect(list.filter((c) => c.status === 'succeeded')).toHaveLength(2);
    // The paid period continues from the old period end, not from the late retry.
    expect((await nextCharge(user))).toMatchObject({ status: 'open', due: addInterval(due, 'monthly').toISOString(), amount: 499 });
    expect(await hasPlusBadge(user)).toBe(true);
    now = start;
  });

  it('ends the subscription after the last retry fails', async () => {
    const user = await newUser();
    const start = now;
    await subscribe(user, await saveCard(user, 'fails_off_session'));
    const due = new Date((await nextCharge(user)).due);
    now = addDays(due, 0.01);
    for (const gap of [0, 1.1, 3.1, 7.1]) {
      now = addDays(now, gap);
      await renewals().collectDueCharges();
    }
    const renewal = await nextCharge(user);
    expect(renewal.status).toBe('failed');
    expect((await subscriptions(user))[0]!.subscription.status).toBe('unprovisioned');
    expect(await hasPlusBadge(user)).toBe(false);
    expect(await collectionLimit(user)).toBe(COLLECTION_LIMIT);
    // No further automatic attempts.
    const attempts = renewal.last_attempt;
    now = addDays(now, 30);
    await renewals().collectDueCharges();
    expect((await nextCharge(user)).last_attempt).toBe(attempts);
    now = start;
  });
});

describe('cancelling and resubscribing', () => {
  it('keeps perks until the period ends, then ends them; resubscribing pays and restores them', async () => {
    const user = await newUser();
    const start = now;
    await subscribe(user, await saveCard(user, 'visa'));
    const [entry] = await subscriptions(user);
    const id = entry!.subscription.id;
    const cancel = await call('PATCH', `/v2/billing/subscription/${id}`, user.session, { cancelled: true });
    expect(cancel.statusCode, cancel.body).toBe(200);
    SubscriptionChangeSchema.strict().parse(cancel.json());
    const cancelled = await nextCharge(user);
    expect(cancelled.status).toBe('expiring');

    now = addDays(new Date(cancelled.due), -1);
    await renewals().endCancelledSubscriptions();
    await renewals().collectDueCharges();
    expect(await hasPlusBadge(user)).toBe(true);
    expect((await subscriptions(user))[0]!.subscription.status).toBe('provisioned');

    now = addDays(new Date(cancelled.due), 0.01);
    await renewals().collectDueCharges();
    await renewals().endCancelledSubscriptions();
    expect((await subscriptions(user))[0]!.subscription.status).toBe('unprovisioned');
    expect(await hasPlusBadge(user)).toBe(false);
    expect((await charges(user)).filter((c) => c.status === 'succeeded')).toHaveLength(1);
    // Its period over, the expiring renewal is simply cancelled.
    expect((await nextCharge(user)).status).toBe('cancelled');

    const resume = await call('PATCH', `/v2/billing/subscription/${id}`, user.session, { cancelled: false });
    expect(resume.statusCode, resume.body).toBe(200);
    expect((await subscriptions(user))[0]!.subscription.status).toBe('provisioned');
    expect(await hasPlusBadge(user)).toBe(true);
    expect((await charges(user)).filter((c) => c.status === 'succeeded')).toHaveLength(2);
    now = start;
  });

  it('resumes before the period ends without charging', async () => {
    const user = await newUser();
    await subscribe(user, await saveCard(user, 'visa'));
    const id = (await subscriptions(user))[0]!.subscription.id;
    await call('PATCH', `/v2/billing/subscription/${id}`, user.session, { cancelled: true });
    await call('PATCH', `/v2/billing/subscription/${id}`, user.session, { cancelled: false });
    expect((await nextCharge(user)).status).toBe('open');
    expect((await charges(user)).filter((c) => c.status === 'succeeded')).toHaveLength(1);
    // Someone else's subscription is answered like a missing one.
    expect((await call('PATCH', `/v2/billing/subscription/${id}`, actors.stranger.session, { cancelled: true })).statusCode).toBe(404);
  });
});

describe('changing interval', () => {
  it('previews the proration, then charges it and moves the renewal', async () => {
    const user = await newUser();
    const start = now;
    await subscribe(user, await saveCard(user, 'visa'));
    const id = (await subscriptions(user))[0]!.subscription.id;
    const renewal = await nextCharge(user);
    now = addDays(start, 10);
    const expected = prorate({ oldAmount: 499, newAmount: 4999, periodStart: start, periodEnd: new Date(renewal.due), now });
    const preview = SubscriptionChangeSchema.strict().parse((await call('PATCH', `/v2/billing/subscription/${id}?dry=true`, user.session, { interval: 'yearly' })).json());
    expect(preview).toEqual({ charge: null, amount_due: expected, currency_code: 'USD', payment_intent_id: null, client_secret: null });
    expect(await charges(user)).toHaveLength(2);

    const response = await call('PATCH', `/v2/billing/subscription/${id}`, user.session, { interval: 'yearly' });
    expect(response.statusCode, response.body).toBe(200);
    const change = SubscriptionChangeSchema.strict().parse(response.json());
    expect(change.charge).toMatchObject({ type: 'proration', status: 'succeeded', amount: expected, subscription_interval: 'yearly' });
    expect((await subscriptions(user))[0]!.subscription.interval).toBe('yearly');
    expect(await nextCharge(user)).toMatchObject({ amount: 4999, subscription_interval: 'yearly', due: addInterval(now, 'yearly').toISOString() });
    now = start;
  });
});

describe('3-D Secure and webhooks', () => {
  it('provisions only once the customer confirms, and ignores replayed or forged deliveries', async () => {
    const user = await newUser();
    const result = await subscribe(user, await saveCard(user, 'requires_3ds'));
    expect(result.status).toBe('requires_action');
    expect(result.client_secret).toBeTruthy();
    expect((await subscriptions(user))[0]!.subscription.status).toBe('unprovisioned');
    expect(await hasPlusBadge(user)).toBe(false);
    await deliverWebhooks();
    expect(await hasPlusBadge(user)).toBe(false);

    await ctx.sandbox.authenticate(result.payment_intent_id, result.client_secret!, true);
    const deliveries = await deliverWebhooks();
    expect(deliveries.length).toBeGreaterThan(0);
    expect((await subscriptions(user))[0]!.subscription.status).toBe('provisioned');
    expect(await hasPlusBadge(user)).toBe(true);
    const count = (await charges(user)).length;

    // The same deliveries again (a redelivery) and a forged one change nothing.
    for (const delivery of deliveries) {
      const replay = await call('POST', '/v2/billing/_webhook', delivery.headers, delivery.body);
      expect(replay.statusCode).toBe(204);
    }
    const forged = await call('POST', '/v2/billing/_webhook', { ...deliveries[0]!.headers, 'cairn-sandbox-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` }, deliveries[0]!.body);
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ error: 'invalid_signature' });
    expect(await charges(user)).toHaveLength(count);
    expect((await charges(user)).filter((c) => c.status === 'succeeded')).toHaveLength(1);
  });

  it('leaves the subscription off when the customer refuses the step', async () => {
    const user = await newUser();
    const result = await subscribe(user, await saveCard(user, 'requires_3ds'));
    await ctx.sandbox.authenticate(result.payment_intent_id, result.client_secret!, false);
    await deliverWebhooks();
    expect((await charges(user))[0]).toMatchObject({ status: 'failed' });
    expect((await subscriptions(user))[0]!.subscription.status).toBe('unprovisioned');
  });
});

describe('server plan subscriptions', () => {
  const buyServer = async (user: TestUser, pm: string, name: string) => {
    const small = z.array(ProductSchema.strict()).parse((await call('GET', '/v2/billing/products')).json()).find((p) => p.metadata.type === 'pyro' && p.metadata.name === 'Small')!;
    return call('POST', '/v2/billing/payment', user.session, { payment_method_id: pm, charge: { type: 'new', product_id: small.id, server: { name } } });
  };

  it('asks the processor with no database transaction open: creating the customer, buying Plus and buying a server plan', async () => {
    // Each call to the sandbox first counts this database's other sessions inside a transaction.
    const realFetch = globalThis.fetch;
    const calls: string[] = [];
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.origin === new URL(ctx.sandbox.url).origin && (init?.method ?? 'GET') !== 'GET') {
        const [row] = await ctx.database.db.execute<{ open: number }>(
          sql`select count(*)::int as open from pg_stat_activity where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid() and xact_start is not null`,
        );
        calls.push(`${url.pathname.replace(/\/(cus|seti|pay)_\w+/g, '/$1_…')} ${row!.open}`);
      }
      return realFetch(input, init);
    });
    try {
      const user = await newUser();
      const pm = await saveCard(user, 'visa');
      await subscribe(user, pm);
      const bought = await buyServer(user, pm, 'No transaction');
      expect(bought.statusCode, bought.body).toBe(200);
    } finally {
      spy.mockRestore();
    }
    expect(calls).toEqual(['/v1/customers 0', '/v1/setups 0', '/v1/setups/seti_…/confirm 0', '/v1/payments 0', '/v1/payments 0']);
  });

  it('name the server they pay for (renamed with it, for admins too); Plus, unpaid purchases and deleted servers have none', async () => {
    const user = await newUser();
    const pm = await saveCard(user, 'visa');
    const bought = await buyServer(user, pm, 'Lakeside');
    expect(bought.statusCode, bought.body).toBe(200);
    await subscribe(user, pm);
    const entries = await subscriptions(user);
    const plan = entries.find((e) => e.subscription.metadata?.type === 'pyro')!;
    const serverId = plan.subscription.metadata!.id;
    expect(plan.server).toEqual({ id: serverId, name: 'Lakeside' });
    expect(entries.find((e) => e.subscription.metadata === null)!.server).toBeNull();

    expect((await call('PATCH', `/v2/servers/${serverId}`, user.session, { name: 'Lakeside Two' })).statusCode).toBe(200);
    expect((await subscriptions(user)).find((e) => e.subscription.id === plan.subscription.id)!.server).toEqual({ id: serverId, name: 'Lakeside Two' });
    const asAdmin = Subscriptions.parse((await call('GET', `/v2/billing/subscriptions?user_id=${encodeBase62(user.id)}`, actors.admin.session)).json());
    expect(asAdmin.find((e) => e.subscription.id === plan.subscription.id)!.server).toEqual({ id: serverId, name: 'Lakeside Two' });

    // Deleted after its subscription ended: the id stays in the metadata, the server is gone.
    await ctx.database.db.update(servers).set({ deleted: now }).where(eq(servers.id, serverId));
    const afterDeletion = (await subscriptions(user)).find((e) => e.subscription.id === plan.subscription.id)!;
    expect(afterDeletion.server).toBeNull();
    expect(afterDeletion.subscription.metadata).toEqual({ type: 'pyro', id: serverId });

    // A declined purchase leaves no server to open (GET /servers/{id} answers 404).
    const buyer = await newUser();
    const declined = await buyServer(buyer, await saveCard(buyer, 'declined'), 'Never paid');
    expect(declined.json<{ status?: string }>().status).not.toBe('succeeded');
    const [unpaid] = await subscriptions(buyer);
    expect(unpaid!.subscription.metadata?.type).toBe('pyro');
    expect(unpaid!.server).toBeNull();
  });

  it('documents the server in the OpenAPI answer of listSubscriptions', async () => {
    const document = (await call('GET', '/v2/openapi.json')).json<OpenApiDocument>();
    const resolve = (schema: OpenApiSchema): OpenApiSchema => (schema.$ref ? resolve(document.components!.schemas![schema.$ref.split('/').pop()!]!) : schema);
    const answer = document.paths['/v2/billing/subscriptions']!.get!.responses['200']!.content['application/json']!.schema;
    const entry = resolve(resolve(answer).items!);
    expect(entry.required).toContain('server');
    const server = resolve(entry.properties!.server!);
    const variants = (server.anyOf ?? server.oneOf ?? [server]).map(resolve);
    expect(variants.some((v) => v.type === 'null')).toBe(true);
    expect(variants.find((v) => v.type === 'object')?.properties).toMatchObject({ id: { type: 'string' }, name: { type: 'string' } });
  });
});

interface OpenApiSchema {
  $ref?: string;
  type?: string;
  items?: OpenApiSchema;
  required?: string[];
  properties?: Record<string, OpenApiSchema>;
  anyOf?: OpenApiSchema[];
  oneOf?: OpenApiSchema[];
}
interface OpenApiDocument {
  paths: Record<string, { get?: { responses: Record<string, { content: Record<string, { schema: OpenApiSchema }> }> } }>;
  components?: { schemas?: Record<string, OpenApiSchema> };
}

describe('admin: refunds and credits', () => {
  it('refunds in part, refuses more than is left, refunds the rest and ends the subscription', async () => {
    const user = await newUser();
    await subscribe(user, await saveCard(user, 'visa'));
    const paid = (await charges(user)).find((c) => c.status === 'succeeded')!;
    const refund = (token: string, body: object) => call('POST', `/v2/billing/charge/${paid.id}/refund`, token, body);

    expect((await refund(user.session, { amount: { type: 'full' } })).statusCode).toBe(401);
    expect((await refund(actors.admin.session, { amount: { type: 'partial', amount: 200 } })).statusCode).toBe(204);
    const tooMuch = await refund(actors.admin.session, { amount: { type: 'partial', amount: 300 } });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().description).toMatch(/amount/);
    expect((await refund(actors.admin.session, { amount: { type: 'full' }, unprovision: true })).statusCode).toBe(204);

    const adminView = Charges.parse((await call('GET', `/v2/billing/payments?user_id=${encodeURIComponent((await subscriptions(user))[0]!.subscription.user_id)}`, actors.admin.session)).json());
    const refunds = adminView.filter((c) => c.type === 'refund');
    expect(refunds.map((c) => [c.amount, c.status, c.parent_charge_id]).sort()).toEqual([
      [-200, 'succeeded', paid.id],
      [-299, 'succeeded', paid.id],
    ]);
    expect((await subscriptions(user))[0]!.subscription.status).toBe('unprovisioned');
    expect(await hasPlusBadge(user)).toBe(false);
    expect((await nextCharge(user)).status).toBe('cancelled');
    expect((await refund(actors.admin.session, { amount: { type: 'full' } })).statusCode).toBe(400);
  });

  it('credits days: the next charge moves and the owner is told', async () => {
    const user = await newUser();
    await subscribe(user, await saveCard(user, 'visa'));
    const id = (await subscriptions(user))[0]!.subscription.id;
    const before = await nextCharge(user);
    const body = { subscription_ids: [id], days: 10, message: 'Sorry for the outage.' };
    expect((await call('POST', '/v2/billing/credit', user.session, body)).statusCode).toBe(401);
    expect((await call('POST', '/v2/billing/credit', actors.admin.session, body)).statusCode).toBe(204);
    const after = await nextCharge(user);
    expect(after.due).toBe(addDays(new Date(before.due), 10).toISOString());
    const [notice] = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notice!.body).toEqual({ type: 'subscription_credited', subscription_id: id, days: 10, previous_due: before.due, next_due: after.due, header_message: 'Sorry for the outage.' });
  });
});

describe('payment methods', () => {
  it('keeps the only method while a subscription renews, and lets one of two go', async () => {
    const user = await newUser();
    const first = await saveCard(user, 'visa');
    await subscribe(user, first);
    const only = await call('DELETE', `/v2/billing/payment_method/${first}`, user.session);
    expect(only.statusCode).toBe(400);
    expect(only.json()).toMatchObject({ error: 'payment_method_required' });
    const second = await saveCard(user, 'amex');
    expect((await call('DELETE', `/v2/billing/payment_method/${first}`, user.session)).statusCode).toBe(204);
    const methods = z.array(PaymentMethodSchema.strict()).parse((await call('GET', '/v2/billing/payment_methods', user.session)).json());
    expect(methods.map((m) => [m.id, m.primary, m.card?.brand])).toEqual([[second, true, 'amex']]);
    expect((await call('DELETE', `/v2/billing/payment_method/pm_missing`, user.session)).statusCode).toBe(404);
    expect((await call('GET', '/v2/billing/payment_methods')).statusCode).toBe(401);
  });
});
