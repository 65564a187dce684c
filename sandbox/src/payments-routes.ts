import { timingSafeEqual } from 'node:crypto';
import {
  SandboxAuthenticateBodySchema,
  SandboxConfirmSetupBodySchema,
  SandboxCreateCustomerBodySchema,
  SandboxCreatePaymentBodySchema,
  SandboxCreateRefundBodySchema,
  SandboxCreateSetupBodySchema,
  type SandboxConfirmSetupResult,
  type SandboxErrorBody,
  type SandboxEventData,
  type SandboxEventType,
  type SandboxPaymentMethodWire,
  type SandboxPaymentWire,
  type SandboxRefundWire,
} from '@cairn/shared/schemas/payment-sandbox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { checkCard } from './cards.js';
import { parseRequest, SandboxError } from './request-validation.js';
import { newId, type SandboxPayment, type SandboxPaymentMethod, type SandboxStore } from './store.js';
import type { WebhookOutbox } from './webhooks.js';

export interface PaymentsRouteOptions {
  store: SandboxStore;
  outbox: WebhookOutbox;
  secretKey: string;
  now: () => number;
}

const sameSecret = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

const errorBody = (code: string, message: string): SandboxErrorBody => ({ error: { code, message } });

const toPaymentMethod = (pm: SandboxPaymentMethod): SandboxPaymentMethodWire => ({
  id: pm.id,
  type: 'card',
  card: { brand: pm.brand, last4: pm.last4, exp_month: pm.expMonth, exp_year: pm.expYear },
  created: pm.created,
});

const toPayment = (p: SandboxPayment): SandboxPaymentWire => ({
  id: p.id,
  status: p.status,
  amount: p.amount,
  currency: p.currency,
  client_secret: p.status === 'requires_action' ? p.clientSecret : null,
  failure_code: p.failureCode,
  failure_message: p.failureMessage,
  metadata: p.metadata,
});

/**
 * The payments part of the sandbox's HTTP API (see docs/api/billing.md). Request bodies are
 * validated and answers typed with the contract in `@cairn/shared/schemas/payment-sandbox`, the one
 * the API's sandbox provider parses them with.
 */
export async function paymentsRoutes(app: FastifyInstance, options: PaymentsRouteOptions): Promise<void> {
  const { store, outbox, now } = options;
  const { state } = store;

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, _request, reply) => {
    if (error instanceof SandboxError) return reply.code(error.statusCode).send(errorBody(error.code, error.message));
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    return reply.code(status).send(errorBody(status < 500 ? 'invalid_request' : 'internal_error', error.message));
  });

  const serverOnly = async (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('Bearer ') || !sameSecret(header.slice(7), options.secretKey)) {
      throw new SandboxError(401, 'unauthorized', 'A valid secret key is required');
    }
  };

  /** Answers a repeated Idempotency-Key with the first answer, so a retried call never acts twice. */
  const idempotent = async (request: FastifyRequest, reply: FastifyReply, act: () => { status: number; body: unknown }) => {
    const key = request.headers['idempotency-key'];
    const scoped = typeof key === 'string' && key ? `${request.routeOptions.url}:${key}` : undefined;
    const stored = scoped ? state.idempotency[scoped] : undefined;
    if (stored) return reply.code(stored.status).header('idempotent-replayed', 'true').send(stored.body);
    const answer = act();
    if (scoped && answer.status < 500) state.idempotency[scoped] = answer;
    store.save();
    return reply.code(answer.status).send(answer.body);
  };

  const customerOf = (id: string) => {
    const customer = state.customers[id];
    if (!customer) throw new SandboxError(404, 'resource_missing', `No such customer: ${id}`);
    return customer;
  };

  /** Events are typed by the contract, as the API's provider parses them. */
  const emit = <T extends SandboxEventType>(type: T, data: SandboxEventData<T>) => outbox.emit(type, data);

  const settle = (payment: SandboxPayment) => {
    if (payment.status === 'succeeded') {
      emit('payment.succeeded', { payment: toPayment(payment) });
    } else if (payment.status === 'failed') {
      emit('payment.failed', { payment: toPayment(payment) });
    }
  };

  app.post('/v1/customers', { preHandler: serverOnly }, async (request, reply) => {
    const body = parseRequest(SandboxCreateCustomerBodySchema, request.body);
    return idempotent(request, reply, () => {
      const customer = {
        id: newId('cus'),
        email: body.email ?? null,
        name: body.name ?? null,
        metadata: body.metadata ?? {},
        created: Math.floor(now() / 1000),
      };
      state.customers[customer.id] = customer;
      return { status: 200, body: { id: customer.id } };
    });
  });

  app.post('/v1/setups', { preHandler: serverOnly }, async (request, reply) => {
    const customer = customerOf(parseRequest(SandboxCreateSetupBodySchema, request.body).customer);
    return idempotent(request, reply, () => {
      const setup = { id: newId('seti'), customer: customer.id, clientSecret: newId('seti_secret', 32), status: 'requires_payment_method' as const, paymentMethod: null };
      state.setups[setup.id] = setup;
      return { status: 200, body: { id: setup.id, client_secret: setup.clientSecret, status: setup.status } };
    });
  });

  app.get<{ Params: { id: string } }>('/v1/customers/:id/payment_methods', { preHandler: serverOnly }, async (request) => {
    const customer = customerOf(request.params.id);
    const methods = Object.values(state.paymentMethods)
      .filter((pm) => pm.customer === customer.id)
      .sort((a, b) => a.created - b.created);
    return { data: methods.map(toPaymentMethod) };
  });

  app.delete<{ Params: { id: string; pm: string } }>('/v1/customers/:id/payment_methods/:pm', { preHandler: serverOnly }, async (request) => {
    const customer = customerOf(request.params.id);
    const pm = state.paymentMethods[request.params.pm];
    if (!pm || pm.customer !== customer.id) throw new SandboxError(404, 'resource_missing', `No such payment method: ${request.params.pm}`);
    delete state.paymentMethods[pm.id];
    store.save();
    return { id: pm.id, deleted: true };
  });

  app.post('/v1/payments', { preHandler: serverOnly }, async (request, reply) => {
    const body = parseRequest(SandboxCreatePaymentBodySchema, request.body);
    const customer = customerOf(body.customer);
    const pm = state.paymentMethods[body.payment_method];
    if (!pm || pm.customer !== customer.id) throw new SandboxError(404, 'resource_missing', 'No such payment method for this customer');
    const { amount } = body;
    const currency = body.currency.toLowerCase();
    const offSession = body.off_session === true;
    return idempotent(request, reply, () => {
      const payment: SandboxPayment = {
        id: newId('pay'),
        customer: customer.id,
        paymentMethod: pm.id,
        amount,
        currency,
        offSession,
        status: 'succeeded',
        clientSecret: newId('pay_secret', 32),
        failureCode: null,
        failureMessage: null,
        refunded: 0,
        metadata: body.metadata ?? {},
        created: Math.floor(now() / 1000),
      };
      const fail = (code: string, message: string) => {
        payment.status = 'failed';
        payment.failureCode = code;
        payment.failureMessage = message;
      };
      if (pm.behaviour === 'declined') fail('card_declined', 'The card was declined.');
      else if (pm.behaviour === 'insufficient_funds') fail('insufficient_funds', 'The card has insufficient funds.');
      else if (pm.behaviour === 'fails_off_session' && offSession) fail('card_declined', 'The card was declined.');
      else if (pm.behaviour === 'requires_3ds') {
        if (offSession) fail('authentication_required', 'The card needs the cardholder to confirm the payment.');
        else payment.status = 'requires_action';
      }
      state.payments[payment.id] = payment;
      settle(payment);
      return { status: 200, body: toPayment(payment) };
    });
  });

  // Finds payments by metadata (`?metadata[charge_id]=…`): how a client that lost a payment's id finds it again.
  app.get<{ Querystring: Record<string, string | string[] | undefined> }>('/v1/payments', { preHandler: serverOnly }, async (request) => {
    const wanted = Object.entries(request.query).flatMap(([key, value]) => {
      const name = /^metadata\[([^\]]+)\]$/.exec(key)?.[1];
      return name && typeof value === 'string' ? [[name, value] as const] : [];
    });
    const data = Object.values(state.payments)
      .filter((p) => wanted.every(([name, value]) => p.metadata[name] === value))
      .sort((a, b) => b.created - a.created);
    return { data: data.map(toPayment) };
  });

  app.get<{ Params: { id: string } }>('/v1/payments/:id', { preHandler: serverOnly }, async (request) => {
    const payment = state.payments[request.params.id];
    if (!payment) throw new SandboxError(404, 'resource_missing', `No such payment: ${request.params.id}`);
    return toPayment(payment);
  });

  app.post('/v1/refunds', { preHandler: serverOnly }, async (request, reply) => {
    const body = parseRequest(SandboxCreateRefundBodySchema, request.body);
    const payment = state.payments[body.payment];
    if (!payment) throw new SandboxError(404, 'resource_missing', 'No such payment');
    const amount = body.amount ?? payment.amount - payment.refunded;
    if (amount < 1) throw new SandboxError(400, 'invalid_amount', 'amount must be a positive integer');
    return idempotent(request, reply, () => {
      if (payment.status !== 'succeeded') return { status: 400, body: errorBody('charge_not_succeeded', 'Only a succeeded payment can be refunded') };
      if (payment.refunded + amount > payment.amount) {
        return { status: 400, body: errorBody('amount_too_large', 'The refund exceeds what is left of the payment') };
      }
      payment.refunded += amount;
      const refund: SandboxRefundWire = { id: newId('re'), payment: payment.id, amount, status: 'succeeded', created: Math.floor(now() / 1000) };
      state.refunds[refund.id] = refund;
      emit('refund.succeeded', { refund });
      return { status: 200, body: refund };
    });
  });

  // Browser routes: authenticated by the client secret alone (CORS is set up by the app).
  app.post<{ Params: { id: string } }>('/v1/setups/:id/confirm', async (request): Promise<SandboxConfirmSetupResult> => {
    const body = parseRequest(SandboxConfirmSetupBodySchema, request.body);
    const setup = state.setups[request.params.id];
    if (!setup || !sameSecret(body.client_secret, setup.clientSecret)) throw new SandboxError(404, 'resource_missing', 'No such setup');
    if (setup.status === 'succeeded' && setup.paymentMethod) return { status: 'succeeded', payment_method: setup.paymentMethod };
    const check = checkCard(body.card, new Date(now()));
    if (!check.ok) return { status: 'failed', error: { code: check.code, message: check.message } };
    const pm: SandboxPaymentMethod = {
      id: newId('pm'),
      customer: setup.customer,
      brand: check.brand,
      last4: check.last4,
      expMonth: check.expMonth,
      expYear: check.expYear,
      behaviour: check.behaviour,
      created: Math.floor(now() / 1000),
    };
    state.paymentMethods[pm.id] = pm;
    setup.status = 'succeeded';
    setup.paymentMethod = pm.id;
    emit('payment_method.attached', { payment_method: toPaymentMethod(pm), customer: setup.customer });
    store.save();
    return { status: 'succeeded', payment_method: pm.id };
  });

  app.post<{ Params: { id: string } }>('/v1/payments/:id/authenticate', async (request) => {
    const body = parseRequest(SandboxAuthenticateBodySchema, request.body);
    const payment = state.payments[request.params.id];
    if (!payment || !sameSecret(body.client_secret, payment.clientSecret)) throw new SandboxError(404, 'resource_missing', 'No such payment');
    if (payment.status !== 'requires_action') return { status: payment.status };
    if (body.approve === true) {
      payment.status = 'succeeded';
    } else {
      payment.status = 'failed';
      payment.failureCode = 'authentication_failed';
      payment.failureMessage = 'The cardholder did not confirm the payment.';
    }
    settle(payment);
    store.save();
    return { status: payment.status };
  });
}
