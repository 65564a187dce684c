import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { buildSandbox } from '@cairn/sandbox';
import { PaymentMethodSetupSchema } from '@cairn/shared/schemas/billing';
import type { FastifyInstance } from 'fastify';
import { createSandboxProvider } from '../../src/modules/billing/providers/sandbox-provider.js';
import type { PaymentProvider } from '../../src/modules/billing/providers/payment-provider.js';
import type { ProviderHarness, TestCard } from './provider-contract.js';

export const TEST_CARD_NUMBERS: Record<TestCard, string> = {
  visa: '4242424242424242',
  mastercard: '5555555555554444',
  amex: '378282246310005',
  declined: '4000000000000002',
  insufficient_funds: '4000000000009995',
  fails_off_session: '4000000000000341',
  requires_3ds: '4000002500003155',
};

export interface TestSandbox extends ProviderHarness {
  app: FastifyInstance;
  url: string;
  secretKey: string;
  webhookSecret: string;
}

/**
 * An in-memory sandbox processor listening on a free loopback port, and its provider client. With
 * `webhookUrl` it POSTs its events there as the real one does; without, they wait for `drainWebhooks`.
 */
export async function startTestSandbox(options: { now?: () => number; webhookUrl?: string } = {}): Promise<TestSandbox> {
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(12).toString('hex')}`;
  const app = await buildSandbox({ secretKey, webhookSecret, allowedOrigins: ['*'], now: options.now, webhookUrl: options.webhookUrl });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const provider: PaymentProvider = createSandboxProvider({ url, secretKey, webhookSecret, now: options.now });

  const browserPost = async (path: string, body: object) => {
    const response = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: 'http://localhost' }, body: JSON.stringify(body) });
    return (await response.json()) as Record<string, unknown>;
  };

  return {
    app,
    url,
    secretKey,
    webhookSecret,
    provider,
    async saveCard(customerId, card) {
      const setup = await provider.createSetup({ customerId });
      const result = await browserPost(`/v1/setups/${setup.setupId}/confirm`, {
        client_secret: setup.clientSecret,
        card: { number: TEST_CARD_NUMBERS[card], exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, cvc: card === 'amex' ? '1234' : '123' },
      });
      if (result.status !== 'succeeded') throw new Error(`saving the ${card} card failed: ${JSON.stringify(result)}`);
      return String(result.payment_method);
    },
    async authenticate(paymentId, clientSecret, approve) {
      await browserPost(`/v1/payments/${paymentId}/authenticate`, { client_secret: clientSecret, approve });
    },
    drainWebhooks: async () => app.webhooks.drain(),
    close: () => app.close(),
  };
}

/**
 * Saves a test card for the session's user the way the website's card form does: the API starts a
 * card setup, the sandbox confirms it with the card. Returns the payment method id.
 */
export async function saveSandboxCard(app: FastifyInstance, session: string, card: TestCard = 'visa'): Promise<string> {
  const started = await app.inject({ method: 'POST', url: '/v2/billing/payment_method', headers: { authorization: session } });
  const setup = PaymentMethodSetupSchema.strict().parse(started.json());
  const confirmed = await fetch(`${setup.sandbox_url}/v1/setups/${setup.setup_id}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
    body: JSON.stringify({ client_secret: setup.client_secret, card: { number: TEST_CARD_NUMBERS[card], exp_month: 11, exp_year: 2031, cvc: card === 'amex' ? '1234' : '123' } }),
  });
  if (!confirmed.ok) throw new Error(`sandbox card setup: ${confirmed.status} ${await confirmed.text()}`);
  return ((await confirmed.json()) as { payment_method: string }).payment_method;
}
