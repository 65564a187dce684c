import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
    if (local) app.addHook('onClose', async () => local.stop());
    // A route with its own limit counts under its own name: its counter spaces, made once per route.
    const routeSpaces = new WeakMap<RouteRateLimit, Record<Bucket, string>>();
    const spacesOf = (request: FastifyRequest, own: RouteRateLimit): Record<Bucket, string> => {
      let spaces = routeSpaces.get(own);
      if (spaces === undefined) {
        const route = `${request.routeOptions.method} ${request.routeOptions.url}`;
        spaces = { user: `${route}:user`, site: `${route}:site`, ip: `${route}:ip` };
        routeSpaces.set(own, spaces);
      }
      return spaces;
    };

    /** Writes the three headers, or refuses with 429 once the window is over its limit. */
    const answer = (reply: FastifyReply, max: number, count: number, ttlMs: number, refused: Bucket | 'route', done: (error?: Error) => void): void => {
      const reset = numberText(Math.ceil(ttlMs / 1000));
      if (count <= max) {
        reply.header('x-ratelimit-limit', numberText(max));
        reply.header('x-ratelimit-remaining', numberText(max - count));
        reply.header('x-ratelimit-reset', reset);
        return done();
      }
      countRateLimitRefusal(refused);
      const seconds = reset === '1' ? 'second' : 'seconds';
      const headers = { 'x-ratelimit-limit': numberText(max), 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset, 'retry-after': reset };
      done(new ApiError(429, 'ratelimit_error', `Rate limit exceeded; retry after ${reset} ${seconds}.`, headers));
    };

    app.addHook('onRequest', (request, reply, done) => {
      const own = request.routeOptions.config.rateLimit;
      if (own === false) return done();
      if (options.bypassKey && request.headers['x-ratelimit-key'] === options.bypassKey) return done();
      const userId = request.actor?.userId ?? request.quotaUserId;
      const bucket: Bucket = userId !== null ? 'user' : fromSite(request) ? 'site' : 'ip';
      const space = own ? spacesOf(request, own)[bucket] : bucket;
      const id = bucket === 'user' ? userId! : request.ip;
      const max = own ? own.max : limits[bucket];
      const windowMs = own ? own.windowMs : MINUTE_MS;
      const refused: Bucket | 'route' = own ? 'route' : bucket;
      if (local) {
        // In memory: counted and answered synchronously, without allocating per request.
        const window = local.hitNow(space, id, windowMs);
        return answer(reply, max, window.count, window.endsAt - Date.now(), refused, done);
      }
      options.counters!.hit(space, id, windowMs, (error, window) => {
        if (error || !window) return done(error ?? undefined);
        answer(reply, max, window.count, window.ttlMs, refused, done);
      });
    });
  },
  { name: 'rate-limit' },
);

/** Decimal texts of small numbers, made once (header values of every answer). */
const SMALL_NUMBERS = 4096;
const numberTexts: string[] = [];
function numberText(value: number): string {
  if (value < 0) value = 0;
  if (value >= SMALL_NUMBERS) return String(value);
  return (numberTexts[value] ??= String(value));
}
/** A stricter limit for endpoints attackers would hammer (credentials, sign-up, resets). */
export const strictRateLimit = (max: number) => ({ rateLimit: { max, windowMs: MINUTE_MS } });
