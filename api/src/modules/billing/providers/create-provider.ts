import type { PaymentProvider } from './payment-provider.js';
import { createSandboxProvider } from './sandbox-provider.js';

/** What the configuration says about payments (see `payments` in config.ts). */
export type PaymentsConfig =
  | { provider: 'sandbox'; sandbox: { url: string; publicUrl: string; secretKey: string; webhookSecret: string } | undefined }
  | { provider: 'stripe'; stripe: { secretKey: string; webhookSecret: string; publishableKey: string | undefined } };

/**
 * The payment provider the configuration selects. `sandbox` needs its endpoint, which the
 * embedded sandbox supplies when SANDBOX_URL is unset; undefined means billing is unavailable.
 * The Stripe SDK (some 7 MB of memory once loaded) is only loaded when it is the provider.
 */
export async function createPaymentProvider(config: PaymentsConfig): Promise<PaymentProvider | undefined> {
  if (config.provider === 'stripe') {
    const { createStripeProvider } = await import('./stripe-provider.js');
    return createStripeProvider(config.stripe);
  }
  return config.sandbox ? createSandboxProvider(config.sandbox) : undefined;
}
