import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { cardBrand, failureCode, mapStripeEvent, mapStripePaymentMethod, mapStripeRefund } from './stripe-mapping.js';

/** Only the fields the mapping reads; the SDK's types describe far more. */
const event = (type: string, object: Record<string, unknown>) => ({ id: `evt_${type}`, object: 'event', type, data: { object } }) as unknown as Stripe.Event;
const refund = (status: string, paymentIntent: string | null = 'pi_1') => ({ id: 're_1', object: 'refund', status, payment_intent: paymentIntent }) as unknown as Stripe.Refund;

describe('Stripe → Cairn mapping', () => {
  it('names every card brand Cairn lists and nothing else', () => {
    expect(['amex', 'diners', 'discover', 'jcb', 'mastercard', 'unionpay', 'visa'].map(cardBrand)).toEqual(['amex', 'diners', 'discover', 'jcb', 'mastercard', 'unionpay', 'visa']);
    expect(cardBrand('eftpos_au')).toBe('eftpos');
    expect(cardBrand('cartes_bancaires')).toBe('unknown');
    expect(cardBrand('link')).toBe('unknown');
  });

  it('keeps brand, last four and expiry of a card, and null for wallets', () => {
    const card = { id: 'pm_1', type: 'card', created: 1_700_000_000, card: { brand: 'eftpos_au', last4: '0001', exp_month: 3, exp_year: 2031 } } as unknown as Stripe.PaymentMethod;
    expect(mapStripePaymentMethod(card)).toEqual({ id: 'pm_1', type: 'card', card: { brand: 'eftpos', last4: '0001', expMonth: 3, expYear: 2031 }, created: new Date(1_700_000_000_000) });
    const wallet = { id: 'pm_2', type: 'paypal', created: 1, card: null } as unknown as Stripe.PaymentMethod;
    expect(mapStripePaymentMethod(wallet)).toMatchObject({ type: 'paypal', card: null });
  });

  it('reads refund outcomes', () => {
    expect(mapStripeRefund(refund('succeeded')).status).toBe('succeeded');
    expect(mapStripeRefund(refund('pending')).status).toBe('pending');
    expect(mapStripeRefund(refund('requires_action')).status).toBe('pending');
    expect(mapStripeRefund(refund('failed')).status).toBe('failed');
    expect(mapStripeRefund(refund('canceled')).status).toBe('failed');
  });

  it('gives the most specific failure reason in the sandbox’s words', () => {
    expect(failureCode('card_declined', 'generic_decline')).toBe('card_declined');
    expect(failureCode('card_declined', 'insufficient_funds')).toBe('insufficient_funds');
    expect(failureCode('payment_intent_authentication_failure', null)).toBe('authentication_failed');
    expect(failureCode(undefined, undefined)).toBe('payment_failed');
  });

  it('maps the payment events billing acts on', () => {
    expect(mapStripeEvent(event('payment_intent.succeeded', { id: 'pi_1', metadata: { charge_id: 'c' } }))).toEqual({ id: 'evt_payment_intent.succeeded', type: 'payment.succeeded', paymentId: 'pi_1', metadata: { charge_id: 'c' } });
    expect(
      mapStripeEvent(event('payment_intent.payment_failed', { id: 'pi_2', metadata: {}, last_payment_error: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'No money.' } })),
    ).toEqual({ id: 'evt_payment_intent.payment_failed', type: 'payment.failed', paymentId: 'pi_2', failureCode: 'insufficient_funds', failureMessage: 'No money.', metadata: {} });
    expect(mapStripeEvent(event('payment_intent.payment_failed', { id: 'pi_3', metadata: null, last_payment_error: null }))).toMatchObject({ failureCode: 'payment_failed', metadata: {} });
  });

  it('maps saved methods from either event, with expanded or bare ids', () => {
    expect(mapStripeEvent(event('setup_intent.succeeded', { id: 'seti_1', customer: { id: 'cus_1' }, payment_method: 'pm_1' }))).toMatchObject({ type: 'payment_method.attached', customerId: 'cus_1', paymentMethodId: 'pm_1' });
    expect(mapStripeEvent(event('setup_intent.succeeded', { id: 'seti_2', customer: null, payment_method: 'pm_1' })).type).toBe('ignored');
    expect(mapStripeEvent(event('payment_method.attached', { id: 'pm_9', customer: 'cus_9' }))).toMatchObject({ type: 'payment_method.attached', customerId: 'cus_9', paymentMethodId: 'pm_9' });
  });

  it('maps settled refunds and ignores pending ones and every other event', () => {
    expect(mapStripeEvent(event('refund.updated', { id: 're_1', status: 'succeeded', payment_intent: 'pi_1' }))).toEqual({ id: 'evt_refund.updated', type: 'refund.succeeded', refundId: 're_1', paymentId: 'pi_1' });
    expect(mapStripeEvent(event('refund.failed', { id: 're_2', status: 'failed', payment_intent: { id: 'pi_2' } }))).toMatchObject({ type: 'refund.failed', refundId: 're_2', paymentId: 'pi_2' });
    expect(mapStripeEvent(event('refund.created', { id: 're_3', status: 'pending', payment_intent: 'pi_3' })).type).toBe('ignored');
    for (const type of ['charge.refunded', 'customer.created', 'payment_intent.created', 'invoice.paid']) {
      expect(mapStripeEvent(event(type, { id: 'x' }))).toEqual({ id: `evt_${type}`, type: 'ignored' });
    }
  });
});
