import type { PayoutProviderConfig } from '../../../config.js';
import type { PayoutProvider } from './payout-provider.js';
import { createPaypalPayouts } from './paypal-payouts.js';
import { createSandboxPayouts } from './sandbox-payouts.js';
import { createTremendousPayouts } from './tremendous-payouts.js';

/** The configured processor; undefined when the sandbox is chosen but not configured. */
export function createPayoutProvider(config: PayoutProviderConfig): PayoutProvider | undefined {
  switch (config.kind) {
    case 'sandbox':
      return config.url && config.secretKey && config.webhookSecret ? createSandboxPayouts({ url: config.url, secretKey: config.secretKey, webhookSecret: config.webhookSecret }) : undefined;
    case 'paypal':
      return createPaypalPayouts(config);
    case 'tremendous':
      return createTremendousPayouts(config);
  }
}
