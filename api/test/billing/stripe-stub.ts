import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the parts of the Stripe API the provider calls, so the real SDK can be
 * exercised without network. It keeps state (customers, setup intents, payment methods, payment
 * intents, refunds), replays idempotent POSTs, answers errors in Stripe's envelope (declines are
 * 402 `card_error` carrying the payment intent) and queues the events Stripe would send, signed
 * with the SDK's own test helper.
 *
 * Saving a card works as in Stripe's test mode: confirm the setup intent server-side with a test
 * payment method token (`pm_card_visa`…); the stub clones it into a new method on the customer.
 */

type Behaviour = 'succeeds' | 'declined' | 'insufficient_funds' | 'fails_off_session' | 'requires_3ds';

interface TestCardToken {
  brand: string;
  last4: string;
  behaviour: Behaviour;
}

/** Stripe's documented test payment methods, by the behaviour the stub gives them. */
export const STUB_TEST_TOKENS: Record<string, TestCardToken> = {
  pm_card_visa: { brand: 'visa', last4: '4242', behaviour: 'succeeds' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', behaviour: 'succeeds' },
  pm_card_amex: { brand: 'amex', last4: '0005', behaviour: 'succeeds' },
  pm_card_discover: { brand: 'discover', last4: '1117', behaviour: 'succeeds' },
  pm_card_jcb: { brand: 'jcb', last4: '0505', behaviour: 'succeeds' },
  pm_card_unionpay: { brand: 'unionpay', last4: '0005', behaviour: 'succeeds' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', behaviour: 'declined' },
  pm_card_chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995', behaviour: 'insufficient_funds' },
  // Saved fine and charged fine with the customer present; renewals (off-session) are declined.
  pm_card_chargeCustomerFail: { brand: 'visa', last4: '0341', behaviour: 'fails_off_session' },
  // On-session: the 3-D Secure step (requires_action); off-session: authentication_required.
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184', behaviour: 'requires_3ds' },
};

interface StubPaymentMethod {
  id: string;
  customer: string | null;
  token: TestCardToken;
  created: number;
}

type Json = Record<string, unknown>;

interface StoredResponse {
  status: number;
  body: Json;
}

class StubError extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String(body.message));
  }
}

export interface StripeStubEvent {
  body: Buffer;
  headers: Record<string, string>;
}

export interface StripeStub {
  /** Pass to `createStripeProvider(settings, { host, port, protocol })`. */
  host: string;
  port: number;
  protocol: 'http';
  secretKey: string;
  webhookSecret: string;
  /** A second SDK client for test steps a browser would do (confirming a setup intent). */
  client: Stripe;
  /** Saves a test card (`pm_card_visa`…) for a customer through a setup intent, as Stripe.js would. */
  saveCard(customerId: string, token: keyof typeof STUB_TEST_TOKENS): Promise<string>;
  /** The 3-D Secure step the browser would show: approve or refuse a payment needing action. */
  authenticate(paymentIntentId: string, clientSecret: string, approve: boolean): void;
  /** Events queued since the last call, each signed as Stripe signs webhook deliveries. */
  drainEvents(): StripeStubEvent[];
  /** Every request the stub received (method, path), for assertions. */
  requests: Array<{ method: string; path: string; idempotencyKey: string | undefined }>;
  close(): Promise<void>;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export async function startStripeStub(): Promise<StripeStub> {
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const customers = new Map<string, Json>();
  const setups = new Map<string, Json>();
  const methods = new Map<string, StubPaymentMethod>();
  const intents = new Map<string, Json & { id: string; amount: number; amount_refunded: number; behaviour: Behaviour }>();
  const refunds = new Map<string, Json>();
  const idempotent = new Map<string, StoredResponse>();
  const queued: Json[] = [];
  const requests: StripeStub['requests'] = [];

  const emit = (type: string, object: Json, idempotencyKey?: string) => {
    queued.push({
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: nowSeconds(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: newId('req'), idempotency_key: idempotencyKey ?? null },
      type,
    });
  };

  const methodJson = (pm: StubPaymentMethod): Json => ({
    id: pm.id,
    object: 'payment_method',
    type: 'card',
    customer: pm.customer,
    created: pm.created,
    livemode: false,
    metadata: {},
    billing_details: { address: null, email: null, name: null, phone: null },
    card: { brand: pm.token.brand, last4: pm.token.last4, exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, funding: 'credit', country: 'US' },
  });

  const intentJson = (intent: Json): Json => {
    const { behaviour: _behaviour, ...visible } = intent;
    return visible;
  };

  const missing = (what: string, id: string) =>
    new StubError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${id}'`, param: 'id' });

  const cardError = (intent: Json, code: string, declineCode: string | null, message: string) => {
    const lastPaymentError = { type: 'card_error', code, decline_code: declineCode, message };
    Object.assign(intent, { status: 'requires_payment_method', last_payment_error: lastPaymentError, next_action: null });
    return lastPaymentError;
  };

  function handle(method: string, path: string, body: Json, idempotencyKey: string | undefined): StoredResponse {
    const ok = (json: Json): StoredResponse => ({ status: 200, body: json });
    let match: RegExpMatchArray | null;

    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: newId('cus'), object: 'customer', email: body.email ?? null, name: body.name ?? null, metadata: body.metadata ?? {}, created: nowSeconds() };
      customers.set(customer.id, customer);
      emit('customer.created', customer, idempotencyKey);
      return ok(customer);
    }

    if (method === 'POST' && path === '/v1/setup_intents') {
      const customer = String(body.customer ?? '');
      if (!customers.has(customer)) throw missing('customer', customer);
      const id = newId('seti');
      const setup = { id, object: 'setup_intent', customer, usage: body.usage ?? 'off_session', status: 'requires_payment_method', client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`, payment_method: null, created: nowSeconds(), metadata: {} };
      setups.set(id, setup);
      return ok(setup);
    }

    if (method === 'POST' && (match = path.match(/^\/v1\/setup_intents\/([^/]+)\/confirm$/))) {
      const setup = setups.get(match[1]!);
      if (!setup) throw missing('setup_intent', match[1]!);
      const tokenName = String(body.payment_method ?? '');
      const token = STUB_TEST_TOKENS[tokenName];
      if (!token) throw missing('payment_method', tokenName);
      const pm: StubPaymentMethod = { id: newId('pm'), customer: String(setup.customer), token, created: nowSeconds() };
      methods.set(pm.id, pm);
      Object.assign(setup, { status: 'succeeded', payment_method: pm.id });
      emit('payment_method.attached', methodJson(pm), idempotencyKey);
      emit('setup_intent.succeeded', setup, idempotencyKey);
      return ok(setup);
    }

    if (method === 'GET' && (match = path.match(/^\/v1\/customers\/([^/]+)\/payment_methods$/))) {
      const customer = match[1]!;
      if (!customers.has(customer)) throw missing('customer', customer);
      const data = [...methods.values()].filter((pm) => pm.customer === customer).sort((a, b) => b.created - a.created).map(methodJson);
      return ok({ object: 'list', data, has_more: false, url: path });
    }

    if (method === 'GET' && (match = path.match(/^\/v1\/customers\/([^/]+)\/payment_methods\/([^/]+)$/))) {
      const pm = methods.get(match[2]!);
      if (!pm || pm.customer !== match[1]) throw missing('payment_method', match[2]!);
      return ok(methodJson(pm));
    }

    if (method === 'POST' && (match = path.match(/^\/v1\/payment_methods\/([^/]+)\/detach$/))) {
      const pm = methods.get(match[1]!);
      if (!pm || !pm.customer) throw new StubError(400, { type: 'invalid_request_error', code: 'payment_method_unexpected_state', message: 'The payment method is not attached to a customer.' });
      pm.customer = null;
      emit('payment_method.detached', methodJson(pm), idempotencyKey);
      return ok(methodJson(pm));
    }

    if (method === 'POST' && path === '/v1/payment_intents') {
      const customer = String(body.customer ?? '');
      const pm = methods.get(String(body.payment_method ?? ''));
      if (!pm || pm.customer !== customer) throw missing('payment_method', String(body.payment_method));
      const amount = Number(body.amount);
      if (!Number.isInteger(amount) || amount < 1) {
        throw new StubError(400, { type: 'invalid_request_error', code: 'parameter_invalid_integer', param: 'amount', message: 'Invalid integer: amount' });
      }
      const offSession = body.off_session === 'true';
      const id = newId('pi');
      const intent = {
        id,
        object: 'payment_intent',
        amount,
        amount_refunded: 0,
        currency: String(body.currency),
        customer,
        payment_method: pm.id,
        metadata: (body.metadata ?? {}) as Json,
        client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
        status: 'succeeded',
        last_payment_error: null as Json | null,
        next_action: null as Json | null,
        created: nowSeconds(),
        livemode: false,
        behaviour: pm.token.behaviour,
      };
      intents.set(id, intent);
      let failure: Json | null = null;
      const behaviour = pm.token.behaviour;
      if (behaviour === 'declined') failure = cardError(intent, 'card_declined', 'generic_decline', 'Your card was declined.');
      else if (behaviour === 'insufficient_funds') failure = cardError(intent, 'card_declined', 'insufficient_funds', 'Your card has insufficient funds.');
      else if (behaviour === 'fails_off_session' && offSession) failure = cardError(intent, 'card_declined', 'generic_decline', 'Your card was declined.');
      else if (behaviour === 'requires_3ds' && offSession) {
        failure = cardError(intent, 'authentication_required', 'authentication_required', 'Your card was declined. This transaction requires authentication.');
      } else if (behaviour === 'requires_3ds') {
        Object.assign(intent, { status: 'requires_action', next_action: { type: 'use_stripe_sdk', use_stripe_sdk: {} } });
      }
      emit('payment_intent.created', intentJson(intent), idempotencyKey);
      if (failure) {
        emit('payment_intent.payment_failed', intentJson(intent), idempotencyKey);
        throw new StubError(402, { ...failure, payment_intent: intentJson(intent) });
      }
      if (intent.status === 'succeeded') emit('payment_intent.succeeded', intentJson(intent), idempotencyKey);
      else emit('payment_intent.requires_action', intentJson(intent), idempotencyKey);
      return ok(intentJson(intent));
    }

    if (method === 'GET' && path === '/v1/payment_intents/search') {
      // The only query shape Cairn sends: metadata['k']:'v' clauses joined by AND.
      const clauses = [...String(body.query ?? '').matchAll(/metadata\['([^']+)'\]:'([^']*)'/g)].map((m) => [m[1]!, m[2]!] as const);
      const data = [...intents.values()].filter((intent) => clauses.every(([key, value]) => (intent.metadata as Json)[key] === value)).map(intentJson);
      return ok({ object: 'search_result', data, has_more: false, next_page: null, url: path });
    }

    if (method === 'GET' && (match = path.match(/^\/v1\/payment_intents\/([^/]+)$/))) {
      const intent = intents.get(match[1]!);
      if (!intent) throw missing('payment_intent', match[1]!);
      return ok(intentJson(intent));
    }

    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(String(body.payment_intent ?? ''));
      if (!intent) throw missing('payment_intent', String(body.payment_intent));
      if (intent.status !== 'succeeded') {
        throw new StubError(400, { type: 'invalid_request_error', code: 'charge_not_refundable', message: 'This PaymentIntent does not have a successful charge to refund.' });
      }
      const amount = body.amount === undefined ? intent.amount - intent.amount_refunded : Number(body.amount);
      if (!Number.isInteger(amount) || amount < 1 || intent.amount_refunded + amount > intent.amount) {
        throw new StubError(400, { type: 'invalid_request_error', code: 'amount_too_large', param: 'amount', message: `Refund amount (${amount}) is greater than the unrefunded amount.` });
      }
      intent.amount_refunded += amount;
      const refund = { id: newId('re'), object: 'refund', amount, currency: intent.currency, payment_intent: intent.id, status: 'succeeded', created: nowSeconds(), metadata: {} };
      refunds.set(refund.id, refund);
      emit('refund.created', refund, idempotencyKey);
      emit('charge.refunded', { id: newId('ch'), object: 'charge', payment_intent: intent.id, amount: intent.amount, amount_refunded: intent.amount_refunded, refunded: intent.amount_refunded === intent.amount }, idempotencyKey);
      return ok(refund);
    }

    throw new StubError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
  }

  const server: Server = createServer((req, res) => {
    void serve(req, res);
  });

  async function serve(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://stub');
    const method = req.method ?? 'GET';
    const idempotencyKey = header(req, 'idempotency-key');
    requests.push({ method, path: url.pathname, idempotencyKey });
    const reply = (status: number, json: Json) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
      res.end(JSON.stringify(json));
    };
    if (header(req, 'authorization') !== `Bearer ${secretKey}`) {
      reply(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
      return;
    }
    const body = method === 'GET' ? parseForm(url.searchParams) : parseForm(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
    const replayKey = method === 'POST' && idempotencyKey ? `${url.pathname} ${idempotencyKey}` : null;
    const stored = replayKey ? idempotent.get(replayKey) : undefined;
    if (stored) {
      reply(stored.status, stored.body);
      return;
    }
    let response: StoredResponse;
    try {
      response = handle(method, url.pathname, body, idempotencyKey);
    } catch (error) {
      if (!(error instanceof StubError)) throw error;
      response = { status: error.status, body: { error: error.body } };
    }
    if (replayKey) idempotent.set(replayKey, response);
    reply(response.status, response.body);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const client = new Stripe(secretKey, { host: '127.0.0.1', port, protocol: 'http', telemetry: false, maxNetworkRetries: 0 });

  return {
    host: '127.0.0.1',
    port,
    protocol: 'http',
    secretKey,
    webhookSecret,
    client,
    requests,
    async saveCard(customerId, token) {
      const setup = await client.setupIntents.create({ customer: customerId, usage: 'off_session' });
      const confirmed = await client.setupIntents.confirm(setup.id, { payment_method: token });
      if (confirmed.status !== 'succeeded' || typeof confirmed.payment_method !== 'string') throw new Error(`setup ${setup.id} did not succeed`);
      return confirmed.payment_method;
    },
    authenticate(paymentIntentId, clientSecret, approve) {
      const intent = intents.get(paymentIntentId);
      if (!intent || intent.client_secret !== clientSecret) throw new Error(`no payment intent ${paymentIntentId} with that client secret`);
      if (intent.status !== 'requires_action') return;
      if (approve) {
        Object.assign(intent, { status: 'succeeded', next_action: null });
        emit('payment_intent.succeeded', intentJson(intent));
      } else {
        cardError(intent, 'payment_intent_authentication_failure', null, 'The provided payment method has failed authentication.');
        emit('payment_intent.payment_failed', intentJson(intent));
      }
    },
    drainEvents() {
      return queued.splice(0).map((event) => {
        const payload = JSON.stringify(event);
        const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
        return { body: Buffer.from(payload), headers: { 'stripe-signature': signature, 'content-type': 'application/json' } };
      });
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Reads the SDK's form encoding (`metadata[plan]=plus`, `list[0]=card`) into nested objects. */
export function parseForm(params: URLSearchParams): Json {
  const root: Json = {};
  for (const [key, value] of params) {
    const parts = key.replace(/\]/g, '').split('[');
    let node = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) {
        node[part] = value;
      } else {
        node[part] ??= {};
        node = node[part] as Json;
      }
    });
  }
  return root;
}
