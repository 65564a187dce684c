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

type HeaderSet = Readonly<Record<string, string>>;

const headerSet = (cors: Record<string, string>, origin: boolean): HeaderSet =>
  Object.freeze({ ...SECURITY_HEADERS, ...cors, ...(origin ? { 'access-control-expose-headers': EXPOSED_HEADERS } : {}) });

/**
 * Every answer's fixed headers, built once per kind of answer when the API starts: one set for
 * calls without an Origin, one for any other origin (public `*` CORS), one per web origin
 * (credentialed CORS) and one per origin allowed on a restricted path, so a request picks its
 * set with one lookup instead of assembling a dozen headers.
 */
export function buildHeaderSets(webOrigins: readonly string[], restrictedCors: Readonly<Record<string, readonly string[]>> = {}) {
  const anonymous = headerSet({ 'access-control-allow-origin': '*' }, false);
  const foreign = headerSet({ 'access-control-allow-origin': '*' }, true);
  const trusted = new Map(
    webOrigins.map((origin) => [origin, headerSet({ 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true', vary: 'Origin' }, true)]),
  );
  const restricted = new Map(
    Object.entries(restrictedCors).map(([path, origins]) => [
      path,
      {
        allowed: new Map(origins.map((origin) => [origin, headerSet({ 'access-control-allow-origin': origin, vary: 'Origin' }, true)])),
        // Other origins get no CORS grant here, so their browsers' preflights fail.
        others: headerSet({}, true),
        noOrigin: headerSet({}, false),
      },
    ]),
  );
  return (path: string, origin: string | undefined): HeaderSet => {
    const only = restricted.size > 0 ? restricted.get(path) : undefined;
    if (only) return origin === undefined ? only.noOrigin : (only.allowed.get(origin) ?? only.others);
    if (origin === undefined) return anonymous;
    return trusted.get(origin) ?? foreign;
  };
}

/**
 * The fixed headers of every answer and its request id, in one synchronous hook. The API is
 * public: any origin may call it without credentials (`*`); only the configured web origins get
 * credentialed CORS (cookie sessions).
 */
export const httpSecurityPlugin = fp(
  async (app: FastifyInstance, options: { webOrigins: string[]; restrictedCors?: Record<string, readonly string[]> }) => {
    const headersFor = buildHeaderSets(options.webOrigins, options.restrictedCors);
    const restrictedPaths = Object.keys(options.restrictedCors ?? {});
    // The restricted path the request is for, or '' (tested in place: most requests are for none).
    const pathOf = (url: string): string => {
      for (const path of restrictedPaths) if (url.startsWith(path) && (url.length === path.length || url.charCodeAt(path.length) === 0x3f)) return path;
      return '';
    };

    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(headersFor(pathOf(request.url), request.headers.origin));
      reply.header('x-request-id', request.id);
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
