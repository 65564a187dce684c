import { describeProviderContract } from '../../../../test/billing/provider-contract.js';
import { startTestSandbox } from '../../../../test/billing/sandbox-harness.js';

describeProviderContract('sandbox', () => startTestSandbox());
