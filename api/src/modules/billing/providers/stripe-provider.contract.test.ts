import { describeProviderContract } from '../../../../test/billing/provider-contract.js';
import { makeStripeHarness } from '../../../../test/billing/stripe-harness.js';

// The suite the sandbox passes, run with the Stripe provider (real SDK) against the local Stripe stub.
describeProviderContract('stripe', makeStripeHarness);
