import {
  SandboxAuthenticateResultSchema,
  SandboxConfirmSetupResultSchema,
  SandboxCustomerSchema,
  SandboxDeletedPaymentMethodSchema,
  SandboxErrorBodySchema,
  SandboxEventDataSchemas,
  SandboxEventSchema,
  SandboxPaymentListSchema,
  SandboxPaymentMethodListSchema,
  SandboxPaymentSchema,
  SandboxRefundSchema,
  SandboxSetupSchema,
  type SandboxEventType,
} from '@cairn/shared/schemas/payment-sandbox';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildSandbox } from './app.js';

const SECRET = 'sk_sandbox_test_secret';
const server = { authorization: `Bearer ${SECRET}` };

let app: FastifyInstance;
beforeEach(async () => {
  app = await buildSandbox({ secretKey: SECRET, webhookSecret: 'whsec_sandbox_test' });
});
afterEach(async () => app.close());

const post = (url: string, payload: object, headers: Record<string, string> = server) => app.inject({ method: 'POST', url, payload, headers });
const get = (url: string) => app.inject({ method: 'GET', url, headers: server });

async function customerWithCard(number = '4242424242424242'): Promise<{ customer: string; pm: string }> {
  const customer = SandboxCustomerSchema.strict().parse((await post('/v1/customers', { email: null, name: 'buyer', metadata: { user_id: 'u1' } })).json()).id;
  const setup = SandboxSetupSchema.strict().parse((await post('/v1/setups', { customer })).json());
  const confirmed = SandboxConfirmSetupResultSchema.parse(
    (await post(`/v1/setups/${setup.id}/confirm`, { client_secret: setup.client_secret, card: { number, exp_month: 12, exp_year: 2099, cvc: '123' } }, {})).json(),
  );
  if (confirmed.status !== 'succeeded') throw new Error(`card refused: ${confirmed.error.code}`);
  return { customer, pm: confirmed.payment_method };
}

/** Every event sent so far, each checked against the contract of its type. */
function events(): Array<{ type: string; data: unknown }> {
  return app.webhooks.drain().map((delivery) => {
    const event = SandboxEventSchema.strict().parse(JSON.parse(delivery.body.toString('utf8')));
    if (event.type in SandboxEventDataSchemas) SandboxEventDataSchemas[event.type as SandboxEventType].strict().parse(event.data);
    return event;
  });
}

const refusal = (response: { statusCode: number; json: () => unknown }) => ({ status: response.statusCode, ...SandboxErrorBodySchema.strict().parse(response.json()).error });

describe('the payment sandbox against its contract', () => {
  it('saves a card, charges it, finds the payment again, refunds it and removes the card, answering in the contract', async () => {
    const { customer, pm } = await customerWithCard();
    const methods = SandboxPaymentMethodListSchema.strict().parse((await get(`/v1/customers/${customer}/payment_methods`)).json());
    expect(methods.data.map((m) => ({ id: m.id, brand: m.card.brand, last4: m.card.last4 }))).toEqual([{ id: pm, brand: 'visa', last4: '4242' }]);

    const paid = await post('/v1/payments', { customer, payment_method: pm, amount: 499, currency: 'USD', off_session: false, metadata: { charge_id: 'c1', attempt: '1' } }, { ...server, 'idempotency-key': 'k1' });
    const payment = SandboxPaymentSchema.strict().parse(paid.json());
    expect(payment).toMatchObject({ status: 'succeeded', amount: 499, currency: 'usd', client_secret: null, metadata: { charge_id: 'c1', attempt: '1' } });
    const replay = await post('/v1/payments', { customer, payment_method: pm, amount: 499, currency: 'usd' }, { ...server, 'idempotency-key': 'k1' });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(SandboxPaymentSchema.parse(replay.json()).id).toBe(payment.id);

    expect(SandboxPaymentSchema.strict().parse((await get(`/v1/payments/${payment.id}`)).json()).id).toBe(payment.id);
    const found = SandboxPaymentListSchema.strict().parse((await get('/v1/payments?metadata[charge_id]=c1&metadata[attempt]=1')).json());
    expect(found.data.map((p) => p.id)).toEqual([payment.id]);
    expect(SandboxPaymentListSchema.parse((await get('/v1/payments?metadata[charge_id]=c1&metadata[attempt]=2')).json()).data).toEqual([]);

    const refund = SandboxRefundSchema.strict().parse((await post('/v1/refunds', { payment: payment.id, amount: 200 })).json());
    expect(refund).toMatchObject({ payment: payment.id, amount: 200, status: 'succeeded' });
    expect(SandboxRefundSchema.parse((await post('/v1/refunds', { payment: payment.id })).json()).amount).toBe(299);
    expect(refusal(await post('/v1/refunds', { payment: payment.id, amount: 1 }))).toMatchObject({ status: 400, code: 'amount_too_large' });

    const removed = await app.inject({ method: 'DELETE', url: `/v1/customers/${customer}/payment_methods/${pm}`, headers: server });
    expect(SandboxDeletedPaymentMethodSchema.strict().parse(removed.json())).toEqual({ id: pm, deleted: true });
    expect(events().map((e) => e.type)).toEqual(['payment_method.attached', 'payment.succeeded', 'refund.succeeded', 'refund.succeeded']);
  });

  it('declines the declining card and asks for the 3-D-Secure step, settling it by the browser route', async () => {
    const declining = await customerWithCard('4000000000000002');
    const declined = SandboxPaymentSchema.parse((await post('/v1/payments', { customer: declining.customer, payment_method: declining.pm, amount: 100, currency: 'eur' })).json());
    expect(declined).toMatchObject({ status: 'failed', failure_code: 'card_declined' });

    const secure = await customerWithCard('4000002500003155');
    const pending = SandboxPaymentSchema.parse((await post('/v1/payments', { customer: secure.customer, payment_method: secure.pm, amount: 100, currency: 'eur' })).json());
    expect(pending.status).toBe('requires_action');
    const answer = await post(`/v1/payments/${pending.id}/authenticate`, { client_secret: pending.client_secret!, approve: true }, {});
    expect(SandboxAuthenticateResultSchema.strict().parse(answer.json())).toEqual({ status: 'succeeded' });
    expect(events().map((e) => e.type)).toEqual(['payment_method.attached', 'payment.failed', 'payment_method.attached', 'payment.succeeded']);
  });

  it('refuses a card the checks fail with a failed answer, not an error', async () => {
    const customer = SandboxCustomerSchema.parse((await post('/v1/customers', {})).json()).id;
    const setup = SandboxSetupSchema.parse((await post('/v1/setups', { customer })).json());
    const answer = await post(`/v1/setups/${setup.id}/confirm`, { client_secret: setup.client_secret, card: { number: '4242424242424241', exp_month: 12, exp_year: 2099, cvc: '123' } }, {});
    expect(SandboxConfirmSetupResultSchema.parse(answer.json())).toEqual({ status: 'failed', error: { code: 'incorrect_number', message: 'The card number is not valid.' } });
  });

  it('validates request bodies with the contract, naming the field', async () => {
    const { customer, pm } = await customerWithCard();
    const pay = (body: object) => post('/v1/payments', { customer, payment_method: pm, amount: 499, currency: 'usd', ...body });
    expect(refusal(await post('/v1/setups', {}))).toEqual({ status: 400, code: 'parameter_missing', message: 'customer is required' });
    expect(refusal(await pay({ payment_method: '' }))).toEqual({ status: 400, code: 'parameter_missing', message: 'payment_method is required' });
    expect(refusal(await pay({ amount: 0 }))).toEqual({ status: 400, code: 'invalid_amount', message: 'amount must be a positive integer' });
    expect(refusal(await pay({ amount: 4.5 }))).toMatchObject({ code: 'invalid_amount' });
    expect(refusal(await pay({ currency: 'dollars' }))).toEqual({ status: 400, code: 'invalid_currency', message: 'currency must be an ISO 4217 code' });
    expect(refusal(await pay({ metadata: { attempt: 1 } }))).toMatchObject({ status: 400, code: 'invalid_request', message: expect.stringMatching(/^metadata\.attempt: /) });
    expect(refusal(await post('/v1/refunds', { payment: 'pay_x', amount: -1 }))).toMatchObject({ status: 400, code: 'invalid_amount' });
    expect(refusal(await post('/v1/payments/pay_x/authenticate', { approve: true }, {}))).toEqual({ status: 400, code: 'parameter_missing', message: 'client_secret is required' });
    expect(refusal(await pay({ customer: 'cus_missing' }))).toMatchObject({ status: 404, code: 'resource_missing' });
    expect(refusal(await post('/v1/customers', {}, {}))).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(Object.keys(app.sandboxStore.state.payments)).toEqual([]);
  });
});
