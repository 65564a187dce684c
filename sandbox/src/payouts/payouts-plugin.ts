import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { createPayoutStore, type SandboxPayout } from './payout-store.js';
import { createWebhookSender, deliverWithFetch, type Deliver } from './webhook-sender.js';

/**
 * The payouts half of the sandbox processor. A payout starts `in_transit`, then settles (after
 * `settleAfterMs`, or at once on `POST /v1/payouts/_advance`) to `paid` — or `failed` when its
 * amount ends in 13 cents (`recipient_unavailable`) — and may be cancelled while in transit.
 * Every change is sent to the webhook URL as `payout.paid`, `payout.failed` or `payout.cancelled`.
 */
export interface PayoutsSandboxOptions {
  secretKey: string;
  webhookSecret: string;
  /** Where events are posted (none sent when unset). */
  webhookUrl?: string;
  /** Settle in-transit payouts after this long; null: only on `POST /v1/payouts/_advance`. */
  settleAfterMs?: number | null;
  /** Kept in memory when unset. */
  dataFile?: string;
  /** Replaces HTTP delivery of webhooks (tests hand them to an in-process API). */
  deliver?: Deliver;
  webhookRetryBaseMs?: number;
}

/** The amount (in cents) ending that makes a payout fail. */
export const FAILING_CENTS = 13;

const CreateBody = z.object({
  amount: z.number().int().positive(),
  currency: z.string().regex(/^[a-z]{3}$/i),
  destination: z.string().max(320).nullish(),
  metadata: z.record(z.string(), z.string()).optional(),
});
const IdParams = z.object({ id: z.string().min(1).max(64) });

const errorBody = (code: string, message: string) => ({ error: { code, message } });

export const payoutsSandbox: FastifyPluginAsync<PayoutsSandboxOptions> = async (app, options) => {
  const store = createPayoutStore(options.dataFile);
  const webhooks = createWebhookSender({
    url: options.webhookUrl,
    secret: options.webhookSecret,
    deliver: options.deliver ?? deliverWithFetch,
    baseDelayMs: options.webhookRetryBaseMs,
  });
  const settleTimers = new Map<string, NodeJS.Timeout>();
  app.addHook('onClose', async () => {
    for (const timer of settleTimers.values()) clearTimeout(timer);
    webhooks.close();
  });
  app.decorate('flushPayoutWebhooks', () => webhooks.flush());

  const expected = Buffer.from(`Bearer ${options.secretKey}`);
  const authenticate = async (request: FastifyRequest, reply: FastifyReply) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply.code(401).send(errorBody('unauthorized', 'A valid secret key is required'));
    }
  };

  const view = (p: SandboxPayout) => ({ id: p.id, status: p.status, amount: p.amount, currency: p.currency, destination: p.destination, failure_code: p.failure_code, metadata: p.metadata, created: p.created });

  const settle = (payout: SandboxPayout) => {
    if (payout.status !== 'in_transit') return;
    clearTimeout(settleTimers.get(payout.id));
    settleTimers.delete(payout.id);
    const fails = payout.amount % 100 === FAILING_CENTS;
    const settled: SandboxPayout = { ...payout, status: fails ? 'failed' : 'paid', failure_code: fails ? 'recipient_unavailable' : null };
    store.put(settled);
    webhooks.send(fails ? 'payout.failed' : 'payout.paid', view(settled));
  };

  app.post('/v1/payouts', { preHandler: authenticate }, async (request, reply) => {
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string' || key.length === 0 || key.length > 255) return reply.code(400).send(errorBody('missing_idempotency_key', 'The Idempotency-Key header is required'));
    const body = CreateBody.safeParse(request.body);
    if (!body.success) return reply.code(400).send(errorBody('invalid_request', body.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')));
    const existing = store.findByKey(key);
    if (existing) return view(existing);
    const payout: SandboxPayout = {
      id: `po_${randomBytes(12).toString('hex')}`,
      amount: body.data.amount,
      currency: body.data.currency.toLowerCase(),
      destination: body.data.destination ?? null,
      metadata: body.data.metadata ?? {},
      status: 'in_transit',
      failure_code: null,
      created: Math.floor(Date.now() / 1000),
      idempotency_key: key,
    };
    store.put(payout);
    const delay = options.settleAfterMs === undefined ? 5000 : options.settleAfterMs;
    if (delay !== null) {
      const timer = setTimeout(() => settle(store.get(payout.id)!), delay);
      timer.unref();
      settleTimers.set(payout.id, timer);
    }
    return view(payout);
  });

  app.post('/v1/payouts/_advance', { preHandler: authenticate }, async () => {
    const settled = store.all().filter((p) => p.status === 'in_transit');
    for (const payout of settled) settle(payout);
    return { settled: settled.map((p) => p.id) };
  });

  app.get('/v1/payouts/:id', { preHandler: authenticate }, async (request, reply) => {
    const params = IdParams.safeParse(request.params);
    const payout = params.success ? store.get(params.data.id) : undefined;
    return payout ? view(payout) : reply.code(404).send(errorBody('not_found', 'No such payout'));
  });

  app.post('/v1/payouts/:id/cancel', { preHandler: authenticate }, async (request, reply) => {
    const params = IdParams.safeParse(request.params);
    const payout = params.success ? store.get(params.data.id) : undefined;
    if (!payout) return reply.code(404).send(errorBody('not_found', 'No such payout'));
    if (payout.status !== 'in_transit') return reply.code(409).send(errorBody('not_cancellable', `The payout is ${payout.status}`));
    clearTimeout(settleTimers.get(payout.id));
    settleTimers.delete(payout.id);
    const cancelled: SandboxPayout = { ...payout, status: 'cancelled' };
    store.put(cancelled);
    webhooks.send('payout.cancelled', view(cancelled));
    return view(cancelled);
  });
};

// Not encapsulated, so `flushPayoutWebhooks` is visible on the sandbox app (what fastify-plugin does).
Object.defineProperty(payoutsSandbox, Symbol.for('skip-override'), { value: true });

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves once the webhook deliveries under way have been answered (tests). */
    flushPayoutWebhooks(): Promise<void>;
  }
}
