import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStub, type StripeStub } from '../../../../test/billing/stripe-stub.js';
import { loadConfig } from '../../../config.js';
import { createPaymentProvider } from './create-provider.js';
import { WebhookSignatureError, type PaymentProvider, type ProviderEvent } from './payment-provider.js';
import { ProviderRequestError } from './provider-errors.js';
import { createStripeProvider } from './stripe-provider.js';

// The real SDK against a local stub of the Stripe API: no network.
let stub: StripeStub;
let provider: PaymentProvider;

beforeAll(async () => {
  stub = await startStripeStub();
  provider = createStripeProvider(
    { secretKey: stub.secretKey, webhookSecret: stub.webhookSecret, publishableKey: 'pk_test_cairn' },
    { host: stub.host, port: stub.port, protocol: stub.protocol, maxNetworkRetries: 0 },
  );
});
afterAll(() => stub.close());

const parseAll = (): ProviderEvent[] => stub.drainEvents().map((event) => provider.parseWebhook(event.body, event.headers));

async function customer(name = 'ada') {
  return (await provider.createCustomer({ userId: `user-${name}-${Math.random()}`, email: `${name}@example.test`, username: name })).customerId;
}

const charge = (customerId: string, paymentMethodId: string, idempotencyKey: string, offSession = false) =>
  provider.createPayment({ customerId, paymentMethodId, amount: 499, currency: 'USD', idempotencyKey, offSession, metadata: { charge_id: idempotencyKey } });

describe('Stripe provider against the Stripe stub', () => {
  it('creates customers and setup intents whose client secret goes to the browser, and exposes the publishable key', async () => {
    const customerId = await customer();
    expect(customerId).toMatch(/^cus_/);
    const setup = await provider.createSetup({ customerId });
    expect(setup.setupId).toMatch(/^seti_/);
    expect(setup.clientSecret).toMatch(new RegExp(`^${setup.setupId}_secret_`));
    expect(provider.clientConfig()).toEqual({ sandboxUrl: null, publishableKey: 'pk_test_cairn' });
    await expect(provider.createSetup({ customerId: 'cus_nobody' })).rejects.toMatchObject({ status: 404, code: 'resource_missing' });
    await expect(provider.createSetup({ customerId: 'cus_nobody' })).rejects.toBeInstanceOf(ProviderRequestError);
  });

  it('lists saved cards with Cairn brands and detaches only the customer’s own methods', async () => {
    const ada = await customer('ada');
    const bob = await customer('bob');
    const visa = await stub.saveCard(ada, 'pm_card_visa');
    const amex = await stub.saveCard(ada, 'pm_card_amex');
    const bobs = await stub.saveCard(bob, 'pm_card_mastercard');

    const methods = await provider.listPaymentMethods(ada);
    expect(methods.map((m) => m.id).sort()).toEqual([visa, amex].sort());
    expect(methods.find((m) => m.id === amex)).toMatchObject({ type: 'card', card: { brand: 'amex', last4: '0005', expMonth: 12 } });
    expect(methods[0]!.created).toBeInstanceOf(Date);

    await expect(provider.detachPaymentMethod(ada, bobs)).rejects.toMatchObject({ status: 404, code: 'resource_missing', message: expect.stringMatching(/No such payment_method/) });
    expect((await provider.listPaymentMethods(bob)).map((m) => m.id)).toEqual([bobs]);
    await provider.detachPaymentMethod(ada, visa);
    expect((await provider.listPaymentMethods(ada)).map((m) => m.id)).toEqual([amex]);
  });

  it('charges saved cards: success, declines with their reason, renewals declined off-session only', async () => {
    const id = await customer();
    const visa = await stub.saveCard(id, 'pm_card_visa');
    const declined = await stub.saveCard(id, 'pm_card_chargeDeclined');
    const poor = await stub.saveCard(id, 'pm_card_chargeDeclinedInsufficientFunds');
    const renewalFails = await stub.saveCard(id, 'pm_card_chargeCustomerFail');

    expect(await charge(id, visa, 'k-visa')).toMatchObject({ status: 'succeeded', id: expect.stringMatching(/^pi_/) });
    expect(await charge(id, declined, 'k-declined')).toMatchObject({ status: 'failed', failureCode: 'card_declined', failureMessage: 'Your card was declined.' });
    expect(await charge(id, poor, 'k-poor')).toMatchObject({ status: 'failed', failureCode: 'insufficient_funds' });
    expect(await charge(id, renewalFails, 'k-on')).toMatchObject({ status: 'succeeded' });
    expect(await charge(id, renewalFails, 'k-off', true)).toMatchObject({ status: 'failed', failureCode: 'card_declined' });

    const created = stub.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    expect(created.map((r) => r.idempotencyKey)).toEqual(['k-visa', 'k-declined', 'k-poor', 'k-on', 'k-off']);
    const events = parseAll().filter((e) => e.type === 'payment.succeeded' || e.type === 'payment.failed');
    expect(events.map((e) => e.type)).toEqual(['payment.succeeded', 'payment.failed', 'payment.failed', 'payment.succeeded', 'payment.failed']);
    expect(events[0]).toMatchObject({ metadata: { charge_id: 'k-visa' } });
    expect(events[2]).toMatchObject({ failureCode: 'insufficient_funds' });
  });

  it('never charges twice for one idempotency key', async () => {
    const id = await customer();
    const visa = await stub.saveCard(id, 'pm_card_visa');
    const first = await charge(id, visa, 'charge-42-attempt-1');
    const again = await charge(id, visa, 'charge-42-attempt-1');
    expect(again.id).toBe(first.id);
    const declined = await stub.saveCard(id, 'pm_card_chargeDeclined');
    const failed = await charge(id, declined, 'charge-43-attempt-1');
    expect(await charge(id, declined, 'charge-43-attempt-1')).toEqual(failed);
    const succeeded = parseAll().filter((e) => e.type === 'payment.succeeded');
    expect(succeeded).toHaveLength(1);
  });

  it('asks for the 3-D Secure step on-session and fails it off-session', async () => {
    const id = await customer();
    const card = await stub.saveCard(id, 'pm_card_authenticationRequired');
    const onSession = await charge(id, card, 'k-3ds-on');
    expect(onSession.status).toBe('requires_action');
    if (onSession.status !== 'requires_action') throw new Error('unreachable');
    expect(onSession.clientSecret).toMatch(new RegExp(`^${onSession.id}_secret_`));
    parseAll();
    stub.authenticate(onSession.id, onSession.clientSecret, true);
    expect(parseAll()).toEqual([{ id: expect.any(String), type: 'payment.succeeded', paymentId: onSession.id, metadata: { charge_id: 'k-3ds-on' } }]);

    const refused = await charge(id, card, 'k-3ds-refused');
    if (refused.status !== 'requires_action') throw new Error(`expected requires_action, got ${refused.status}`);
    parseAll();
    stub.authenticate(refused.id, refused.clientSecret, false);
    expect(parseAll()).toMatchObject([{ type: 'payment.failed', paymentId: refused.id, failureCode: 'authentication_failed' }]);

    expect(await charge(id, card, 'k-3ds-off', true)).toMatchObject({ status: 'failed', failureCode: 'authentication_required' });
  });

  it('refunds in part and in full, idempotently, and refuses more than was paid', async () => {
    const id = await customer();
    const visa = await stub.saveCard(id, 'pm_card_visa');
    const payment = await charge(id, visa, 'k-refund');
    const part = await provider.refund({ paymentId: payment.id, amount: 199, idempotencyKey: 'refund-1' });
    expect(part).toEqual({ id: expect.stringMatching(/^re_/), status: 'succeeded' });
    expect(await provider.refund({ paymentId: payment.id, amount: 199, idempotencyKey: 'refund-1' })).toEqual(part);
    await expect(provider.refund({ paymentId: payment.id, amount: 301, idempotencyKey: 'refund-2' })).rejects.toMatchObject({ status: 400, code: 'amount_too_large', message: expect.stringMatching(/greater than the unrefunded/) });
    const rest = await provider.refund({ paymentId: payment.id, amount: 300, idempotencyKey: 'refund-3' });
    expect(rest.status).toBe('succeeded');
    const refundEvents = parseAll().filter((e) => e.type === 'refund.succeeded');
    expect(refundEvents).toEqual([
      { id: expect.any(String), type: 'refund.succeeded', refundId: part.id, paymentId: payment.id },
      { id: expect.any(String), type: 'refund.succeeded', refundId: rest.id, paymentId: payment.id },
    ]);
  });

  it('reports saved cards from setup_intent.succeeded and payment_method.attached, and ignores the rest', async () => {
    const id = await customer();
    parseAll();
    const pm = await stub.saveCard(id, 'pm_card_mastercard');
    const events = parseAll();
    expect(events.filter((e) => e.type === 'payment_method.attached')).toEqual([
      { id: expect.any(String), type: 'payment_method.attached', customerId: id, paymentMethodId: pm },
      { id: expect.any(String), type: 'payment_method.attached', customerId: id, paymentMethodId: pm },
    ]);
    await customer('carol');
    expect(parseAll()).toEqual([{ id: expect.stringMatching(/^evt_/), type: 'ignored' }]);
  });

  it('uses an injected SDK http client', async () => {
    const calls: string[] = [];
    const node = Stripe.createNodeHttpClient();
    const counting: Stripe.HttpClient = {
      getClientName: () => 'counting',
      makeRequest: (host, port, path, method, headers, data, protocol, timeout) => {
        calls.push(`${method} ${path}`);
        return node.makeRequest(host, port, path, method, headers, data, protocol, timeout);
      },
    };
    const viaClient = createStripeProvider(
      { secretKey: stub.secretKey, webhookSecret: stub.webhookSecret, publishableKey: 'pk_test_cairn' },
      { httpClient: counting, host: stub.host, port: stub.port, protocol: stub.protocol, maxNetworkRetries: 0 },
    );
    const { customerId } = await viaClient.createCustomer({ userId: 'u-http', email: null, username: 'http' });
    expect(calls).toEqual(['POST /v1/customers']);
    expect(await viaClient.listPaymentMethods(customerId)).toEqual([]);
  });

  it('lets network failures through as they are (no answer, no status to report)', async () => {
    const unreachable = createStripeProvider(
      { secretKey: stub.secretKey, webhookSecret: stub.webhookSecret, publishableKey: undefined },
      { host: '127.0.0.1', port: 1, protocol: 'http', maxNetworkRetries: 0 },
    );
    const failure = await unreachable.createCustomer({ userId: 'u-down', email: null, username: 'down' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Stripe.errors.StripeConnectionError);
    expect(unreachable.clientConfig()).toEqual({ sandboxUrl: null, publishableKey: null });
  });
});

describe('Stripe webhook verification', () => {
  const body = JSON.stringify({ id: 'evt_1', object: 'event', type: 'payment_intent.succeeded', created: 1, data: { object: { id: 'pi_1', object: 'payment_intent', metadata: { charge_id: 'c1' } } } });
  const sign = (payload: string, secret = stub.webhookSecret, timestamp?: number) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });

  it('accepts a delivery signed with the endpoint secret', () => {
    expect(provider.parseWebhook(Buffer.from(body), { 'stripe-signature': sign(body) })).toEqual({ id: 'evt_1', type: 'payment.succeeded', paymentId: 'pi_1', metadata: { charge_id: 'c1' } });
  });

  it('rejects a tampered body, another secret, a stale timestamp and a missing header', () => {
    const tampered = body.replace('pi_1', 'pi_2');
    expect(() => provider.parseWebhook(Buffer.from(tampered), { 'stripe-signature': sign(body) })).toThrow(WebhookSignatureError);
    expect(() => provider.parseWebhook(Buffer.from(body), { 'stripe-signature': sign(body, 'whsec_someone_else') })).toThrow(WebhookSignatureError);
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    expect(() => provider.parseWebhook(Buffer.from(body), { 'stripe-signature': sign(body, stub.webhookSecret, tenMinutesAgo) })).toThrow(/tolerance/);
    expect(() => provider.parseWebhook(Buffer.from(body), {})).toThrow(WebhookSignatureError);
    expect(() => provider.parseWebhook(Buffer.from(body), { 'stripe-signature': ['a', 'b'] })).toThrow(WebhookSignatureError);
  });
});

describe('Stripe selection', () => {
  it('is the provider when PAYMENT_PROVIDER=stripe with its keys', async () => {
    const config = loadConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: 'whsec_123', STRIPE_PUBLISHABLE_KEY: 'pk_test_123' });
    const selected = await createPaymentProvider(config.payments);
    expect(selected?.name).toBe('stripe');
    expect(selected?.clientConfig()).toEqual({ sandboxUrl: null, publishableKey: 'pk_test_123' });
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_123' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });
});
