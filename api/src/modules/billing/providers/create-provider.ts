import type { PaymentProvider } from './payment-provider.js';
import { createSandboxProvider } from './sandbox-provider.js';

/** What the configuration says about payments (see `payments` in config.ts). */
export type PaymentsConfig =
  | { provider: 'sandbox'; sandbox: { url: string; publicUrl: string; secretKey: string; webhookSecret: string } | undefined }
  | { provider: 'stripe'; stripe: { secretKey: string; webhookSecret: string; publishableKey: string | undefined } };

/**
 * The payment provider the configuration selects. `sandbox` needs its endpoint, which the
 * embedded sandbox supplies when SANDBOX_URL is unset; undefined means billing is unavailable.
 */
export function createPaymentProvider(config: PaymentsConfig): PaymentProvider | undefined {
  if (config.provider === 'stripe') {
    // s-stripe: `return createStripeProvider(config.stripe)` from ./stripe-provider.js.
    return undefined;
  }
  return config.sandbox ? createSandboxProvider(config.sandbox) : undefined;
}
