import { z } from 'zod';

/** How the API takes requests: rate limits, proxies it trusts and the largest body. */
export const httpSchema = z.object({
  /** Requests per minute per client IP, and per signed-in user. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  RATE_LIMIT_AUTHENTICATED_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** Requests per minute per client IP from the website's own pages (a budget apart from the public one). */
  RATE_LIMIT_SITE_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  /** Trusted proxies sending this value in `x-ratelimit-key` are not rate limited (unset = no bypass). */
  RATE_LIMIT_BYPASS_KEY: z.string().min(16).optional(),
  RATE_LIMIT_STORE: z.enum(['memory', 'database']).default('memory'),
  /** Trust X-Forwarded-For from this many proxy hops (0 = use the peer address). */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1024 * 1024),
});

export type HttpEnv = z.infer<typeof httpSchema>;

export interface HttpSection {
  bodyLimit: number;
  /** `store: 'database'` shares the counters between API processes. */
  rateLimit: { perMinute: number; authenticatedPerMinute: number; sitePerMinute: number; bypassKey: string | undefined; store: 'memory' | 'database' };
  trustProxyHops: number;
}

export function httpSection(env: HttpEnv): HttpSection {
  return {
    bodyLimit: env.BODY_LIMIT_BYTES,
    rateLimit: {
      perMinute: env.RATE_LIMIT_PER_MINUTE,
      authenticatedPerMinute: env.RATE_LIMIT_AUTHENTICATED_PER_MINUTE,
      sitePerMinute: env.RATE_LIMIT_SITE_PER_MINUTE,
      bypassKey: env.RATE_LIMIT_BYPASS_KEY,
      store: env.RATE_LIMIT_STORE,
    },
    trustProxyHops: env.TRUST_PROXY_HOPS,
  };
}
