import { z } from 'zod';
import { addProblem, stripSlash } from './env-values.js';
import type { PaymentsEnv } from './payments.js';

/** Creator revenue and payouts (all amounts in cents). */
export const payoutsSchema = z.object({
  /** The revenue pool distributed each day to monetized projects (0 = none). */
  REVENUE_POOL_DAILY_CENTS: z.coerce.number().int().min(0).max(1_000_000_000_000).default(0),
  /** Creators' share of the pool in basis points; the platform keeps the rest. */
  REVENUE_CREATOR_SHARE_BPS: z.coerce.number().int().min(0).max(10_000).default(7500),
  /** Days a credit stays pending before it can be withdrawn. */
  REVENUE_HOLDING_DAYS: z.coerce.number().int().min(0).max(365).default(30),
  /** Smallest withdrawal. */
  PAYOUT_MINIMUM_CENTS: z.coerce.number().int().min(1).default(500),
  /** Which processor sends withdrawals: the local sandbox, PayPal Payouts or Tremendous. */
  PAYOUT_PROVIDER: z.enum(['sandbox', 'paypal', 'tremendous']).default('sandbox'),
  PAYPAL_CLIENT_ID: z.string().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
  /** The id of the webhook registered with PayPal (its signatures are verified against it). */
  PAYPAL_WEBHOOK_ID: z.string().min(1).optional(),
  PAYPAL_API_URL: z.url().default('https://api-m.paypal.com'),
  TREMENDOUS_API_KEY: z.string().min(1).optional(),
  TREMENDOUS_WEBHOOK_SECRET: z.string().min(1).optional(),
  TREMENDOUS_FUNDING_SOURCE_ID: z.string().min(1).optional(),
  /** The Tremendous campaign choosing which rewards recipients may pick (optional). */
  TREMENDOUS_CAMPAIGN_ID: z.string().min(1).optional(),
  TREMENDOUS_API_URL: z.url().default('https://www.tremendous.com/api/v2'),
});

/** The sandbox payout provider is the billing sandbox, so payouts read its SANDBOX_* variables too. */
export type PayoutsEnv = z.infer<typeof payoutsSchema> & Pick<PaymentsEnv, 'SANDBOX_URL' | 'SANDBOX_SECRET_KEY' | 'SANDBOX_WEBHOOK_SECRET'>;

export interface PayoutsSection {
  revenue: RevenueConfig;
}

export interface RevenueConfig {
  poolDailyCents: number;
  creatorShareBps: number;
  holdingDays: number;
  minimumWithdrawalCents: number;
  provider: PayoutProviderConfig;
}

export type PayoutProviderConfig =
  | { kind: 'sandbox'; url: string | undefined; secretKey: string | undefined; webhookSecret: string | undefined }
  | { kind: 'paypal'; clientId: string; clientSecret: string; webhookId: string; apiUrl: string }
  | { kind: 'tremendous'; apiKey: string; webhookSecret: string; fundingSourceId: string; campaignId?: string; apiUrl: string };

const PROVIDER_KEYS = {
  sandbox: [],
  paypal: ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID'],
  tremendous: ['TREMENDOUS_API_KEY', 'TREMENDOUS_WEBHOOK_SECRET', 'TREMENDOUS_FUNDING_SOURCE_ID'],
} as const;

export function checkPayouts(env: PayoutsEnv, ctx: z.RefinementCtx): void {
  for (const key of PROVIDER_KEYS[env.PAYOUT_PROVIDER]) {
    if (!env[key]) addProblem(ctx, key, `required when PAYOUT_PROVIDER is ${env.PAYOUT_PROVIDER}`);
  }
  if (env.SANDBOX_URL && (!env.SANDBOX_SECRET_KEY || !env.SANDBOX_WEBHOOK_SECRET)) {
    addProblem(ctx, env.SANDBOX_SECRET_KEY ? 'SANDBOX_WEBHOOK_SECRET' : 'SANDBOX_SECRET_KEY', 'required when SANDBOX_URL is set');
  }
}

export function payoutsSection(env: PayoutsEnv): PayoutsSection {
  return {
    revenue: {
      poolDailyCents: env.REVENUE_POOL_DAILY_CENTS,
      creatorShareBps: env.REVENUE_CREATOR_SHARE_BPS,
      holdingDays: env.REVENUE_HOLDING_DAYS,
      minimumWithdrawalCents: env.PAYOUT_MINIMUM_CENTS,
      provider: payoutProvider(env),
    },
  };
}

function payoutProvider(env: PayoutsEnv): PayoutProviderConfig {
  if (env.PAYOUT_PROVIDER === 'paypal' && env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET && env.PAYPAL_WEBHOOK_ID) {
    return { kind: 'paypal', clientId: env.PAYPAL_CLIENT_ID, clientSecret: env.PAYPAL_CLIENT_SECRET, webhookId: env.PAYPAL_WEBHOOK_ID, apiUrl: stripSlash(env.PAYPAL_API_URL) };
  }
  if (env.PAYOUT_PROVIDER === 'tremendous' && env.TREMENDOUS_API_KEY && env.TREMENDOUS_WEBHOOK_SECRET && env.TREMENDOUS_FUNDING_SOURCE_ID) {
    return { kind: 'tremendous', apiKey: env.TREMENDOUS_API_KEY, webhookSecret: env.TREMENDOUS_WEBHOOK_SECRET, fundingSourceId: env.TREMENDOUS_FUNDING_SOURCE_ID, ...(env.TREMENDOUS_CAMPAIGN_ID ? { campaignId: env.TREMENDOUS_CAMPAIGN_ID } : {}), apiUrl: stripSlash(env.TREMENDOUS_API_URL) };
  }
  return { kind: 'sandbox', url: env.SANDBOX_URL ? stripSlash(env.SANDBOX_URL) : undefined, secretKey: env.SANDBOX_SECRET_KEY, webhookSecret: env.SANDBOX_WEBHOOK_SECRET };
}
