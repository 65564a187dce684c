import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { ApiError } from '../lib/errors.js';

export interface RateLimitOptions {
  perMinute: number;
  authenticatedPerMinute: number;
  /** Anonymous requests from the website's own pages: counted per IP, apart from other callers. */
  sitePerMinute: number;
  /** The website's origins (what the browser sends as Origin for the site's own calls). */
  webOrigins: readonly string[];
  bypassKey: string | undefined;
  /** Where counters live: this process's memory unless a shared store is given. */
  store?: FastifyRateLimitStoreCtor;
}

type Bucket = 'user' | 'site' | 'ip';

/**
 * Requests per minute per client IP (per user once authenticated, with a larger quota).
 * Anonymous calls from the website (Origin, or else Referer, is one of its origins) count in a
 * bucket of their own per IP, so browsing the site does not use up the public API budget of
 * that address (a project page alone makes several calls). Those headers can be forged by a
 * script, but the bucket is still keyed by the IP: forging them earns at most the site's
 * budget for one's own address, never another caller's counter and never an unlimited one.
 * Every response carries x-ratelimit-limit / -remaining / -reset; 429 answers ratelimit_error.
 * Routes tighten it with `config.rateLimit` (sign-in, sign-up, password reset, tokens).
 * The counters live in this process's memory, or in PostgreSQL for several API processes.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, options: RateLimitOptions) => {
    const siteOrigins = new Set(options.webOrigins);
    const fromSite = (request: FastifyRequest): boolean => {
      const origin = request.headers.origin ?? originOf(request.headers.referer);
      return origin !== undefined && siteOrigins.has(origin);
    };
    const bucket = (request: FastifyRequest): Bucket =>
      (request.actor?.userId ?? request.quotaUserId) !== null ? 'user' : fromSite(request) ? 'site' : 'ip';
    const limits: Record<Bucket, number> = { user: options.authenticatedPerMinute, site: options.sitePerMinute, ip: options.perMinute };
    await app.register(rateLimit, {
      global: true,
      hook: 'onRequest',
      ...(options.store ? { store: options.store } : {}),
      timeWindow: '1 minute',
      max: (request) => limits[bucket(request)],
      keyGenerator: (request) => {
        const kind = bucket(request);
        return kind === 'user' ? `user:${request.actor?.userId ?? request.quotaUserId}` : `${kind}:${request.ip}`;
      },
      allowList: (request) => Boolean(options.bypassKey) && request.headers['x-ratelimit-key'] === options.bypassKey,
      errorResponseBuilder: (_request, context) =>
        new ApiError(429, 'ratelimit_error', `Rate limit exceeded; retry after ${context.after}.`),
    });
  },
  { name: 'rate-limit' },
);

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** A stricter limit for endpoints attackers would hammer (credentials, sign-up, resets). */
export const strictRateLimit = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });
