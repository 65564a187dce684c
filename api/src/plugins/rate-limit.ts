import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../lib/errors.js';
import { fromSiteOrigins } from '../lib/site-origin.js';
import { memoryRateLimitCounters, type RateLimitCounters } from './rate-limit-counters.js';
import { countRateLimitRefusal } from '../observability/metrics.js';

/** A route's own limit: its requests count apart from the general quota, `max` per window. */
export interface RouteRateLimit {
  max: number;
  windowMs: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false`: not counted at all; a limit: counted apart, against that limit. */
    rateLimit?: false | RouteRateLimit;
  }
}

export interface RateLimitOptions {
  perMinute: number;
  authenticatedPerMinute: number;
  /** Anonymous requests from the website's own pages: counted per IP, apart from other callers. */
  sitePerMinute: number;
  /** The website's origins (what the browser sends as Origin for the site's own calls). */
  webOrigins: readonly string[];
  bypassKey: string | undefined;
  /** Where counters live: this process's memory unless shared counters are given. */
  counters?: RateLimitCounters;
}

type Bucket = 'user' | 'site' | 'ip';

const MINUTE_MS = 60_000;

/**
 * Requests per minute per client IP (per user once authenticated, with a larger quota).
 * Anonymous calls from the website (Origin, or else Referer, is one of its origins) count in a
 * bucket of their own per IP, so browsing the site does not use up the public API budget of
 * that address (a project page alone makes several calls). Those headers can be forged by a
 * script, but the bucket is still keyed by the IP: forging them earns at most the site's
 * budget for one's own address, never another caller's counter and never an unlimited one.
 * Every response carries x-ratelimit-limit / -remaining / -reset; 429 answers ratelimit_error
 * with retry-after. Routes tighten it with `config.rateLimit` (sign-in, sign-up, password
 * reset, tokens). The counters live in this process's memory, or in PostgreSQL for several
 * API processes.
 *
 * One synchronous hook with fixed windows rather than a general-purpose limiter plugin: it runs
 * on every request, and the plugin's promise chain cost about a quarter of the throughput of
 * the cheapest reads (`npm run bench`).
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, options: RateLimitOptions) => {
    const siteOrigins = new Set(options.webOrigins);
    const fromSite = (request: FastifyRequest): boolean => fromSiteOrigins(siteOrigins, request.headers);
    const limits: Record<Bucket, number> = { user: options.authenticatedPerMinute, site: options.sitePerMinute, ip: options.perMinute };
    const local = options.counters ? undefined : memoryRateLimitCounters();
    const counters = options.counters ?? local!;
    if (local) app.addHook('onClose', async () => local.stop());

    app.addHook('onRequest', (request, reply, done) => {
      const own = request.routeOptions.config.rateLimit;
      if (own === false) return done();
      if (options.bypassKey && request.headers['x-ratelimit-key'] === options.bypassKey) return done();
      const userId = request.actor?.userId ?? request.quotaUserId;
      const bucket: Bucket = userId !== null ? 'user' : fromSite(request) ? 'site' : 'ip';
      const who = bucket === 'user' ? `user:${userId}` : `${bucket}:${request.ip}`;
      // A route with its own limit counts under its own name.
      const key = own ? `${request.routeOptions.method} ${request.routeOptions.url}:${who}` : who;
      const max = own ? own.max : limits[bucket];
      counters.hit(key, own ? own.windowMs : MINUTE_MS, (error, window) => {
        if (error || !window) return done(error ?? undefined);
        const reset = String(Math.ceil(window.ttlMs / 1000));
        const headers = { 'x-ratelimit-limit': String(max), 'x-ratelimit-remaining': String(Math.max(0, max - window.count)), 'x-ratelimit-reset': reset };
        if (window.count <= max) {
          reply.headers(headers);
          return done();
        }
        countRateLimitRefusal(own ? 'route' : bucket);
        const seconds = reset === '1' ? 'second' : 'seconds';
        done(new ApiError(429, 'ratelimit_error', `Rate limit exceeded; retry after ${reset} ${seconds}.`, { ...headers, 'retry-after': reset }));
      });
    });
  },
  { name: 'rate-limit' },
);

/** A stricter limit for endpoints attackers would hammer (credentials, sign-up, resets). */
export const strictRateLimit = (max: number) => ({ rateLimit: { max, windowMs: MINUTE_MS } });
