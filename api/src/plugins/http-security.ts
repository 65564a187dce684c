import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Security headers for a JSON API (no documents, so no CSP); files and images load cross-origin. */
const SECURITY_HEADERS = {
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'x-permitted-cross-domain-policies': 'none',
  'x-dns-prefetch-control': 'off',
};

const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';
const EXPOSED_HEADERS = 'x-request-id, x-ratelimit-limit, x-ratelimit-remaining, x-ratelimit-reset, location, retry-after';

/**
 * The API is public: any origin may call it without credentials (`*`). Only the configured web
 * origins get credentialed CORS (cookie sessions). Written as one synchronous hook rather than
 * generic middleware because it runs on every request (it roughly halved throughput otherwise).
 */
export const httpSecurityPlugin = fp(
  async (app: FastifyInstance, options: { webOrigins: string[]; restrictedCors?: Record<string, readonly string[]> }) => {
    const trusted = new Set(options.webOrigins);
    // Paths only some origins may call from a browser (no `*`, so preflights from others fail).
    const restricted = new Map(Object.entries(options.restrictedCors ?? {}).map(([path, origins]) => [path, new Set(origins)]));

    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(SECURITY_HEADERS);
      const origin = request.headers.origin;
      const only = restricted.size > 0 ? restricted.get(request.url.split('?', 1)[0]!) : undefined;
      if (only) {
        if (origin && only.has(origin)) reply.headers({ 'access-control-allow-origin': origin, vary: 'Origin' });
      } else if (origin && trusted.has(origin)) {
        reply.headers({ 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true', vary: 'Origin' });
      } else {
        reply.header('access-control-allow-origin', '*');
      }
      if (origin) reply.header('access-control-expose-headers', EXPOSED_HEADERS);
      done();
    });

    // Preflight for every path.
    app.options('/*', { config: { rateLimit: false } }, async (request, reply) => {
      const requested = request.headers['access-control-request-headers'];
      return reply
        .code(204)
        .headers({
          'access-control-allow-methods': ALLOWED_METHODS,
          'access-control-allow-headers': requested ?? 'authorization, content-type',
          'access-control-max-age': '3600',
        })
        .send();
    });
  },
  { name: 'http-security' },
);
