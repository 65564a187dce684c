import { z } from 'zod';
import type { PaymentsConfig } from '../modules/billing/providers/create-provider.js';
import { addProblem, optionalUrl, stripSlash } from './env-values.js';

/** Billing's payment processor: the local sandbox or Stripe. */
export const paymentsSchema = z.object({
  /** Payment processor of billing: the local sandbox (default) or Stripe. */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
  /** An external sandbox processor (unset: `npm start` runs an embedded one under the data folder). */
  SANDBOX_URL: optionalUrl,
  /** The sandbox's address as browsers reach it (default SANDBOX_URL). */
  SANDBOX_PUBLIC_URL: optionalUrl,
  SANDBOX_SECRET_KEY: z.string().min(16).optional(),
  SANDBOX_WEBHOOK_SECRET: z.string().min(16).optional(),
  STRIPE_SECRET_KEY: z.string().min(8).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(8).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(8).optional(),
});

export type PaymentsEnv = z.infer<typeof paymentsSchema>;

export interface PaymentsSection {
  /** Billing's payment processor; an unset sandbox endpoint is filled in by the embedded sandbox. */
  payments: PaymentsConfig;
}

export function checkPayments(env: PaymentsEnv, ctx: z.RefinementCtx): void {
  if (env.SANDBOX_URL) {
    for (const key of ['SANDBOX_SECRET_KEY', 'SANDBOX_WEBHOOK_SECRET'] as const) {
      if (!env[key]) addProblem(ctx, key, 'required when SANDBOX_URL is set');
    }
  }
  if (env.PAYMENT_PROVIDER === 'stripe') {
    for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
      if (!env[key]) addProblem(ctx, key, 'required when PAYMENT_PROVIDER is stripe');
    }
  }
}

export function paymentsSection(env: PaymentsEnv): PaymentsSection {
  if (env.PAYMENT_PROVIDER === 'stripe' && env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET) {
    return { payments: { provider: 'stripe', stripe: { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, publishableKey: env.STRIPE_PUBLISHABLE_KEY } } };
  }
  return {
    payments: {
      provider: 'sandbox',
      sandbox:
        env.SANDBOX_URL && env.SANDBOX_SECRET_KEY && env.SANDBOX_WEBHOOK_SECRET
          ? {
              url: stripSlash(env.SANDBOX_URL),
              publicUrl: stripSlash(env.SANDBOX_PUBLIC_URL ?? env.SANDBOX_URL),
              secretKey: env.SANDBOX_SECRET_KEY,
              webhookSecret: env.SANDBOX_WEBHOOK_SECRET,
            }
          : undefined,
    },
  };
}
