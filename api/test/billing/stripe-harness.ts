import { createStripeProvider } from '../../src/modules/billing/providers/stripe-provider.js';
import type { ProviderHarness, TestCard } from './provider-contract.js';
import { startStripeStub, type STUB_TEST_TOKENS } from './stripe-stub.js';

const TOKENS: Record<TestCard, keyof typeof STUB_TEST_TOKENS> = {
  visa: 'pm_card_visa',
  mastercard: 'pm_card_mastercard',
  amex: 'pm_card_amex',
  declined: 'pm_card_chargeDeclined',
  insufficient_funds: 'pm_card_chargeDeclinedInsufficientFunds',
  fails_off_session: 'pm_card_chargeCustomerFail',
  requires_3ds: 'pm_card_authenticationRequired',
};

/** The Stripe provider (real SDK) against the local Stripe stub. */
export async function makeStripeHarness(): Promise<ProviderHarness> {
  const stub = await startStripeStub();
  const provider = createStripeProvider(
    { secretKey: stub.secretKey, webhookSecret: stub.webhookSecret, publishableKey: 'pk_test_stub' },
    { host: stub.host, port: stub.port, protocol: stub.protocol, maxNetworkRetries: 0 },
  );
  return {
    provider,
    saveCard: (customerId, card) => stub.saveCard(customerId, TOKENS[card]),
    authenticate: async (paymentId, clientSecret, approve) => stub.authenticate(paymentId, clientSecret, approve),
    drainWebhooks: async () => stub.drainEvents(),
    close: () => stub.close(),
  };
}
