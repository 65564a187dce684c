import Fastify, { type FastifyInstance } from 'fastify';
import { paymentsRoutes } from './payments-routes.js';
import { openStore, type SandboxStore } from './store.js';
import { createWebhookOutbox, type WebhookOutbox } from './webhooks.js';

export { SIGNATURE_HEADER, signPayload, type WebhookDelivery, type WebhookOutbox } from './webhooks.js';
export type { SandboxStore } from './store.js';

export interface SandboxOptions {
  /** Server-to-server calls carry `Authorization: Bearer <secretKey>`. */
  secretKey: string;
  /** Signs webhook deliveries (`Cairn-Sandbox-Signature`). */
  webhookSecret: string;
  /** Where events are POSTed; unset = kept until `app.webhooks.drain()` (tests). */
  webhookUrl?: string;
  /** JSON state file (written atomically); unset = in memory. */
  statePath?: string;
  /** Origins allowed to call the browser routes; `*` allows any. */
  allowedOrigins?: string[];
  /** Clock (tests move time). */
  now?: () => number;
  logger?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: WebhookOutbox;
    sandboxStore: SandboxStore;
  }
}

/** The sandbox processor as a Fastify app (never listens: the caller does, e.g. on port 0 in tests). */
export async function buildSandbox(options: SandboxOptions): Promise<FastifyInstance> {
  const now = options.now ?? Date.now;
  const store = openStore(options.statePath);
  const outbox = createWebhookOutbox({ store, secret: options.webhookSecret, url: options.webhookUrl, now });
  const app = Fastify({ logger: options.logger ?? false });
  app.decorate('webhooks', outbox);
  app.decorate('sandboxStore', store);
  app.addHook('onClose', async () => outbox.stop());

  const allowed = new Set(options.allowedOrigins ?? []);
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (origin && (allowed.has('*') || allowed.has(origin))) {
      reply.header('access-control-allow-origin', origin);
      reply.header('vary', 'Origin');
      reply.header('access-control-allow-methods', 'GET, POST, OPTIONS');
      reply.header('access-control-allow-headers', 'content-type');
      reply.header('access-control-max-age', '600');
    }
    if (request.method === 'OPTIONS') return reply.code(204).send();
  });
  app.options('/*', async (_request, reply) => reply.code(204).send());
  app.get('/health', async () => ({ status: 'ok' }));

  await app.register(paymentsRoutes, { store, outbox, secretKey: options.secretKey, now });
  // The payouts part (sandbox/src/payouts/) registers here.
  return app;
}
