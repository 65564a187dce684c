import type { FastifyInstance } from 'fastify';

const ALLOWED_METHODS = 'GET, PUT, POST, DELETE';
const ALLOWED_HEADERS = 'authorization, content-type';

/**
 * Lets the site's pages call a server's file and backup routes directly with the access token
 * the API handed them (files_url). Only origins in NODE_AGENT_ALLOWED_ORIGINS (any origin when it
 * is unset: the bearer token, never a cookie, is what authorises) and only `/api/servers/…` routes;
 * node-only routes still refuse access tokens.
 */
export function allowSiteOrigins(app: FastifyInstance, allowedOrigins: string[] | undefined): void {
  const allowed = (origin: string | undefined): origin is string => origin !== undefined && (!allowedOrigins || allowedOrigins.includes(origin));
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (!request.url.startsWith('/api/servers/') || !allowed(origin)) return;
    reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      return reply
        .code(204)
        .header('access-control-allow-methods', ALLOWED_METHODS)
        .header('access-control-allow-headers', ALLOWED_HEADERS)
        .header('access-control-max-age', '600')
        .send();
    }
    reply.header('access-control-expose-headers', 'content-disposition, content-length');
  });
}
