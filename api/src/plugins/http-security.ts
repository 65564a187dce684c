import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';

/**
 * The API is public: any origin may call it without credentials. Only the configured web
 * origins get credentialed CORS (cookie sessions); everyone else gets `*`.
 */
export const httpSecurityPlugin = fp(
  async (app: FastifyInstance, options: { webOrigins: string[] }) => {
    const trusted = new Set(options.webOrigins);
    await app.register(cors, {
      delegator: (request, callback) => {
        const origin = request.headers.origin;
        const base = {
          methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
          maxAge: 3600,
          exposedHeaders: ['x-request-id', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'location'],
        };
        if (origin && trusted.has(origin)) callback(null, { ...base, origin, credentials: true });
        else callback(null, { ...base, origin: '*' });
      },
    });
    await app.register(helmet, {
      // JSON API: no documents to protect with CSP, and files/images must load cross-origin.
      contentSecurityPolicy: false,
      crossOriginResourcePolicy: { policy: 'cross-origin' },
      crossOriginEmbedderPolicy: false,
    });
  },
  { name: 'http-security' },
);
