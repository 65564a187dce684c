import type { FastifyInstance, FastifyRequest } from 'fastify';
import { secretsEqual } from '../auth.js';
import { AgentError } from '../errors.js';
import type { AgentMetrics } from '../metrics.js';

/** The path of the agent's metrics. */
export const METRICS_PATH = '/metrics';

/**
 * Request metrics and the request's log line for every route, and GET /metrics for the node
 * token or NODE_AGENT_METRICS_TOKEN (a bearer token either way). Register before the other
 * routes. The metrics route itself is neither counted nor logged.
 */
export function metricsRoutes(app: FastifyInstance, metrics: AgentMetrics, tokens: { nodeToken: string; metricsToken: string | undefined }) {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url;
    if (route === METRICS_PATH) return done();
    metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    request.log.info({ method: request.method, route: route ?? null, statusCode: reply.statusCode, responseTime: reply.elapsedTime }, 'request completed');
    done();
  });

  const mayRead = async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!token) throw new AgentError(401, 'unauthorized', 'authorization: a bearer token is required');
    const accepted = secretsEqual(token, tokens.nodeToken) || (tokens.metricsToken !== undefined && secretsEqual(token, tokens.metricsToken));
    if (!accepted) throw new AgentError(401, 'unauthorized', 'authorization: the token is not the node token or the metrics token');
  };
  app.get(METRICS_PATH, { onRequest: mayRead }, async (_request, reply) =>
    reply.type(metrics.registry.contentType).send(await metrics.registry.metrics()),
  );
}
