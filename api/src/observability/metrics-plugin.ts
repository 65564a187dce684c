import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.js';
import { ApiError } from '../lib/errors.js';
import { countServersByStatus } from '../modules/servers/server-counts.port.js';
import { mayReadMetrics } from './metrics-access.js';
import { enableProcessMetrics, METRICS_CONTENT_TYPE, observeRequest, renderMetrics, watchGameServers } from './metrics.js';

export interface MetricsPluginOptions {
  db: Database;
  /** `GET /metrics` is served on the API's port only with a token (docs/operations.md, "Metrics and logs"). */
  token: string | undefined;
  /**
   * Whether anything reads the metrics (a token or a private listener is configured). When not,
   * requests are not observed: the observation costs the hottest routes about a tenth of their
   * throughput in `npm run bench`.
   */
  observe: boolean;
}

/** The path of the metrics, on the API's port and on the private listener. */
export const METRICS_PATH = '/metrics';

/**
 * Request metrics and the request's log line for every route, and `GET /metrics` behind a bearer
 * token. One `onResponse` hook does both: a histogram observation (its count is the request
 * counter) and one JSON log line with the route template and status — Fastify's own two lines
 * per request are turned off in app.ts. The metrics route itself is neither counted nor logged
 * nor rate limited (scrapers must never be refused), and is left out of the OpenAPI document.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, options: MetricsPluginOptions) => {
    const stopWatching = watchGameServers(() => countServersByStatus(options.db));
    app.addHook('onClose', async () => stopWatching());

    // Decided once: no log object is built per request when the level leaves these lines out.
    const logRequests = ['trace', 'debug', 'info'].includes(app.log.level);
    if (options.observe || logRequests) app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url;
      if (route === METRICS_PATH) return done();
      const statusCode = reply.statusCode;
      const responseTime = reply.elapsedTime;
      if (options.observe) observeRequest(request.method, route, statusCode, responseTime / 1000);
      if (logRequests) {
        request.log.info({ method: request.method, url: request.url, route: route ?? null, statusCode, responseTime }, 'request completed');
      }
      done();
    });

    if (options.token === undefined) return;
    const token = options.token;
    enableProcessMetrics();
    app.get(METRICS_PATH, { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) => {
      if (!mayReadMetrics(request.headers.authorization, token)) {
        throw new ApiError(401, 'unauthorized', 'authorization: the metrics need the bearer token set in METRICS_TOKEN', { 'www-authenticate': 'Bearer' });
      }
      return reply.type(METRICS_CONTENT_TYPE).send(await renderMetrics());
    });
  },
  { name: 'metrics' },
);
