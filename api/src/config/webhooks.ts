import { z } from 'zod';
import { addProblem, booleanFlag } from './env-values.js';
import type { InstanceEnv } from './instance.js';

/** Release webhooks of projects and organizations (docs/operations.md, "Webhooks"). */
export const webhooksSchema = z.object({
  /** Development only: destinations may be plain http URLs. */
  WEBHOOKS_ALLOW_HTTP: booleanFlag.default(false),
  /** Deadline of one attempt (redirects included), and of its TCP connect alone. */
  WEBHOOKS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  WEBHOOKS_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3_000),
  /** Attempts of one delivery before it counts as failed (the first and its retries). */
  WEBHOOKS_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  /** The first retry waits about this long (1–2×); each later one about twice the one before. */
  WEBHOOKS_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Failed deliveries in a row after which Cairn switches a hook off and tells its team. */
  WEBHOOKS_DISABLE_AFTER_FAILURES: z.coerce.number().int().min(1).max(1000).default(10),
});

export type WebhooksEnv = z.infer<typeof webhooksSchema>;

export interface WebhooksConfig {
  allowHttp: boolean;
  timeoutMs: number;
  connectTimeoutMs: number;
  maxAttempts: number;
  retryDelaySeconds: number;
  disableAfterFailures: number;
  /** The shared outbound allow-list (config/outbound.ts). */
  allowHosts: string[];
}

export interface WebhooksSection {
  webhooks: WebhooksConfig;
}

/** Plain http would send signed payloads readable on the way: never in production. */
export function checkWebhooks(env: WebhooksEnv & Pick<InstanceEnv, 'NODE_ENV'>, ctx: z.RefinementCtx): void {
  if (env.WEBHOOKS_ALLOW_HTTP && env.NODE_ENV === 'production') {
    addProblem(ctx, 'WEBHOOKS_ALLOW_HTTP', 'is for development only; leave it unset when NODE_ENV=production');
  }
}

export function webhooksSection(env: WebhooksEnv, allowHosts: string[]): WebhooksSection {
  return {
    webhooks: {
      allowHttp: env.WEBHOOKS_ALLOW_HTTP,
      timeoutMs: env.WEBHOOKS_TIMEOUT_MS,
      connectTimeoutMs: env.WEBHOOKS_CONNECT_TIMEOUT_MS,
      maxAttempts: env.WEBHOOKS_MAX_ATTEMPTS,
      retryDelaySeconds: env.WEBHOOKS_RETRY_DELAY_SECONDS,
      disableAfterFailures: env.WEBHOOKS_DISABLE_AFTER_FAILURES,
      allowHosts,
    },
  };
}
