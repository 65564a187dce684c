import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookSignatureError, type PaymentProvider, type ProviderEvent } from '../../src/modules/billing/providers/payment-provider.js';

export type TestCard = 'visa' | 'mastercard' | 'amex' | 'declined' | 'insufficient_funds' | 'fails_off_session' | 'requires_3ds';

export interface ProviderHarness {
  provider: PaymentProvider;
  /** Saves a test card for the customer the way a browser would; returns the payment method id. */
  saveCard(customerId: string, card: TestCard): Promise<string>;
  /** The customer's answer to the 3-D-Secure step of a payment. */
  authenticate(paymentId: string, clientSecret: string, approve: boolean): Promise<void>;
  /** Webhook deliveries the provider made since the last call, as they would reach the API. */
  drainWebhooks(): Promise<Array<{ body: Buffer; headers: Record<string, string> }>>;
  close(): Promise<void>;
}

/**
 * The behaviour billing relies on, run against every PaymentProvider implementation (the sandbox
 * here, Stripe in its own file), so both share one code path with the same guarantees.
 */
export function describeProviderContract(name: string, makeHarness: () => Promise<ProviderHarness>): void {
  describe(`payment provider contract: ${name}`, () => {
    let h: ProviderHarness;
    let customerId: string;
    beforeAll(async () => {
      h = await makeHarness();
      ({ customerId } = await h.provider.createCustomer({ userId: 'u1', email: 'buyer@example.com', username: 'buyer' }));
    });
    afterAll(async () => h?.close());

    const events = async (): Promise<ProviderEvent[]> => (await h.drainWebhooks()).map((d) => h.provider.parseWebhook(d.body, d.headers));
    const pay = (paymentMethodId: string, offSession: boolean, idempotencyKey = randomUUID(), amount = 499) =>
      h.provider.createPayment({ customerId, paymentMethodId, amount, currency: 'usd', idempotencyKey, offSession, metadata: { charge_id: 'c1', attempt: '1' } });

    it('starts a setup with a client secret for the browser', async () => {
      const setup = await h.provider.createSetup({ customerId });
      expect(setup.setupId).toBeTruthy();
      expect(setup.clientSecret).toBeTruthy();
      expect(setup.clientSecret).not.toBe(setup.setupId);
    });

    it('keeps saved cards as brand, last four and expiry only', async () => {
      await h.saveCard(customerId, 'visa');
      await h.saveCard(customerId, 'mastercard');
      await h.saveCard(customerId, 'amex');
      const methods = await h.provider.listPaymentMethods(customerId);
      const cards = methods.map((m) => m.card && { brand: m.card.brand, last4: m.card.last4 });
      expect(cards).toEqual(
        expect.arrayContaining([
          { brand: 'visa', last4: '4242' },
          { brand: 'mastercard', last4: '4444' },
          { brand: 'amex', last4: '0005' },
        ]),
      );
      for (const method of methods) {
        expect(method.type).toBe('card');
        expect(method.card!.expYear).toBeGreaterThanOrEqual(new Date().getUTCFullYear());
        expect(method.card!.expMonth).toBeGreaterThanOrEqual(1);
        expect(method.created).toBeInstanceOf(Date);
      }
      const attached = (await events()).filter((e) => e.type === 'payment_method.attached');
      expect(attached.length).toBeGreaterThanOrEqual(3);
    });

    it('charges a good card and never twice for one idempotency key', async () => {
      const pm = await h.saveCard(customerId, 'visa');
      const key = randomUUID();
      const first = await pay(pm, false, key);
      const again = await pay(pm, false, key);
      expect(first.status).toBe('succeeded');
      expect(again.id).toBe(first.id);
      const succeeded = (await events()).filter((e) => e.type === 'payment.succeeded' && e.paymentId === first.id);
      expect(succeeded).toHaveLength(1);
      expect(succeeded[0]).toMatchObject({ metadata: { charge_id: 'c1', attempt: '1' } });
      const other = await pay(pm, true);
      expect(other.id).not.toBe(first.id);
      expect(other.status).toBe('succeeded');
    });

    it('declines the declining and the insufficient-funds cards with their reasons', async () => {
      const declined = await pay(await h.saveCard(customerId, 'declined'), false);
      expect(declined).toMatchObject({ status: 'failed', failureCode: 'card_declined' });
      const poor = await pay(await h.saveCard(customerId, 'insufficient_funds'), true);
      expect(poor).toMatchObject({ status: 'failed', failureCode: 'insufficient_funds' });
      const failed = (await events()).filter((e) => e.type === 'payment.failed');
      expect(failed.map((e) => e.type === 'payment.failed' && e.paymentId)).toEqual(expect.arrayContaining([declined.id, poor.id]));
    });

    it('charges the renewal-failing card on-session but not off-session', async () => {
      const pm = await h.saveCard(customerId, 'fails_off_session');
      expect((await pay(pm, false)).status).toBe('succeeded');
      expect((await pay(pm, true)).status).toBe('failed');
    });

    it('asks for the 3-D-Secure step on-session and settles by webhook', async () => {
      const pm = await h.saveCard(customerId, 'requires_3ds');
      await events();
      const approved = await pay(pm, false);
      expect(approved.status).toBe('requires_action');
      if (approved.status !== 'requires_action') return;
      expect(approved.clientSecret).toBeTruthy();
      await h.authenticate(approved.id, approved.clientSecret, true);
      const refused = await pay(pm, false);
      if (refused.status !== 'requires_action') throw new Error('expected requires_action');
      await h.authenticate(refused.id, refused.clientSecret, false);
      const settled = await events();
      expect(settled.find((e) => e.type === 'payment.succeeded' && e.paymentId === approved.id)).toBeTruthy();
      expect(settled.find((e) => e.type === 'payment.failed' && e.paymentId === refused.id)).toBeTruthy();
      // Renewals cannot show the step: off-session the card fails.
      expect((await pay(pm, true)).status).toBe('failed');
    });

    it('reports a payment by id and finds one whose id was lost by its charge metadata', async () => {
      const pm = await h.saveCard(customerId, 'visa');
      const chargeId = `c_${randomUUID()}`;
      const paid = await h.provider.createPayment({ customerId, paymentMethodId: pm, amount: 499, currency: 'usd', idempotencyKey: randomUUID(), offSession: true, metadata: { charge_id: chargeId, attempt: '2' } });
      expect(await h.provider.getPayment({ paymentId: paid.id })).toMatchObject({ id: paid.id, status: 'succeeded' });
      expect(await h.provider.getPayment({ chargeId, attempt: '2' })).toMatchObject({ id: paid.id, status: 'succeeded' });
      expect(await h.provider.getPayment({ chargeId, attempt: '1' })).toBeNull();
      const declined = await pay(await h.saveCard(customerId, 'declined'), true);
      expect(await h.provider.getPayment({ paymentId: declined.id })).toMatchObject({ id: declined.id, status: 'failed', failureCode: 'card_declined' });
      await events();
    });

    it('refunds partly, then the rest, idempotently, and never more than was paid', async () => {
      const payment = await pay(await h.saveCard(customerId, 'visa'), false, randomUUID(), 1000);
      await events();
      const key = randomUUID();
      const part = await h.provider.refund({ paymentId: payment.id, amount: 300, idempotencyKey: key });
      const replay = await h.provider.refund({ paymentId: payment.id, amount: 300, idempotencyKey: key });
      expect(part.status).toBe('succeeded');
      expect(replay.id).toBe(part.id);
      const rest = await h.provider.refund({ paymentId: payment.id, amount: 700, idempotencyKey: randomUUID() });
      expect(rest.status).toBe('succeeded');
      await expect(h.provider.refund({ paymentId: payment.id, amount: 1, idempotencyKey: randomUUID() })).rejects.toThrow();
      const refunds = (await events()).filter((e) => e.type === 'refund.succeeded');
      expect(refunds.map((e) => e.type === 'refund.succeeded' && e.paymentId)).toEqual([payment.id, payment.id]);
    });

    it('refuses webhook deliveries whose body or signature was changed', async () => {
      await pay(await h.saveCard(customerId, 'visa'), false);
      const [delivery] = await h.drainWebhooks();
      expect(delivery).toBeDefined();
      const tampered = Buffer.from(delivery!.body.toString('utf8').replace('"type":"', '"type":"x'));
      expect(() => h.provider.parseWebhook(tampered, delivery!.headers)).toThrow(WebhookSignatureError);
      expect(() => h.provider.parseWebhook(delivery!.body, {})).toThrow(WebhookSignatureError);
      expect(h.provider.parseWebhook(delivery!.body, delivery!.headers).id).toBeTruthy();
    });

    it('detaches a saved method', async () => {
      const pm = await h.saveCard(customerId, 'visa');
      await h.provider.detachPaymentMethod(customerId, pm);
      expect((await h.provider.listPaymentMethods(customerId)).map((m) => m.id)).not.toContain(pm);
    });

    it('tells the browser how to reach it', () => {
      const config = h.provider.clientConfig();
      expect(config.sandboxUrl ?? config.publishableKey).toBeTruthy();
    });
  });
}
