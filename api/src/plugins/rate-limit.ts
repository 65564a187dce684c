import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { ApiError } from '../lib/errors.js';

export interface RateLimitOptions {
  perMinute: number;
  authenticatedPerMinute: number;
  bypassKey: string | undefined;
  /** Where counters live: this process's memory unless a shared store is given. */
  store?: FastifyRateLimitStoreCtor;
}

/**
 * Requests per minute per client IP (per user once authenticated, with a larger quota).
 * Every response carries x-ratelimit-limit / -remaining / -reset; 429 answers ratelimit_error.
 * Routes tighten it with `config.rateLimit` (sign-in, sign-up, password reset, tokens).
 * The counters live in this process's memory, or in PostgreSQL for several API processes.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, options: RateLimitOptions) => {
    await app.register(rateLimit, {
      global: true,
      hook: 'onRequest',
      ...(options.store ? { store: options.store } : {}),
      timeWindow: '1 minute',
      max: (request) => ((request.actor?.userId ?? request.quotaUserId) !== null ? options.authenticatedPerMinute : options.perMinute),
      keyGenerator: (request) => {
        const userId = request.actor?.userId ?? request.quotaUserId;
        return userId !== null ? `user:${userId}` : `ip:${request.ip}`;
      },
      allowList: (request) => Boolean(options.bypassKey) && request.headers['x-ratelimit-key'] === options.bypassKey,
      errorResponseBuilder: (_request, context) =>
        new ApiError(429, 'ratelimit_error', `Rate limit exceeded; retry after ${context.after}.`),
    });
  },
  { name: 'rate-limit' },
);

/** A stricter limit for endpoints attackers would hammer (credentials, sign-up, resets). */
export const strictRateLimit = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });
