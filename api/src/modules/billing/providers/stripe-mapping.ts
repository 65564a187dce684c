import type { CardBrand } from '@cairn/shared/schemas/billing';
import type Stripe from 'stripe';
import type { ProviderEvent, ProviderPaymentMethod, ProviderRefund } from './payment-provider.js';

/** Stripe's brand names where they differ from Cairn's; brands Cairn does not list become `unknown`. */
const BRANDS: Record<string, CardBrand> = {
  amex: 'amex',
  diners: 'diners',
  discover: 'discover',
  eftpos_au: 'eftpos',
  jcb: 'jcb',
  mastercard: 'mastercard',
  unionpay: 'unionpay',
  visa: 'visa',
};

export function cardBrand(stripeBrand: string): CardBrand {
  return BRANDS[stripeBrand] ?? 'unknown';
}

export function mapStripePaymentMethod(method: Stripe.PaymentMethod): ProviderPaymentMethod {
  const type = method.type as ProviderPaymentMethod['type'];
  return {
    id: method.id,
    type,
    card: method.card
      ? {
          brand: cardBrand(method.card.brand),
          last4: method.card.last4,
          expMonth: method.card.exp_month,
          expYear: method.card.exp_year,
        }
      : null,
    created: new Date(method.created * 1000),
  };
}

export function mapStripeRefund(refund: Stripe.Refund): ProviderRefund {
  switch (refund.status) {
    case 'succeeded':
      return { id: refund.id, status: 'succeeded' };
    case 'failed':
    case 'canceled':
      return { id: refund.id, status: 'failed' };
    default:
      // pending, requires_action: the outcome arrives later as refund.updated / refund.failed.
      return { id: refund.id, status: 'pending' };
  }
}

/** Stripe's codes that mean the same as the sandbox's under another name. */
const FAILURE_CODES: Record<string, string> = {
  payment_intent_authentication_failure: 'authentication_failed',
};

/**
 * The most specific reason for a failed payment, in the sandbox's vocabulary so billing has one
 * code path: `insufficient_funds` rather than the umbrella `card_declined`.
 */
export function failureCode(code: string | undefined | null, declineCode: string | undefined | null): string {
  const specific = declineCode && declineCode !== 'generic_decline' ? declineCode : code;
  if (!specific) return 'payment_failed';
  return FAILURE_CODES[specific] ?? specific;
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

function metadataOf(metadata: Stripe.Metadata | null | undefined): Record<string, string> {
  return { ...(metadata ?? {}) };
}

/**
 * The events billing acts on. Stripe sends many more (and several per change); the rest are
 * `ignored` so that enabling extra events on the endpoint does no harm.
 */
export function mapStripeEvent(event: Stripe.Event): ProviderEvent {
  switch (event.type) {
    case 'payment_intent.succeeded': {
      const intent = event.data.object;
      return { id: event.id, type: 'payment.succeeded', paymentId: intent.id, metadata: metadataOf(intent.metadata) };
    }
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      const error = intent.last_payment_error;
      return {
        id: event.id,
        type: 'payment.failed',
        paymentId: intent.id,
        failureCode: failureCode(error?.code, error?.decline_code),
        failureMessage: error?.message ?? 'The payment failed.',
        metadata: metadataOf(intent.metadata),
      };
    }
    case 'setup_intent.succeeded': {
      const setup = event.data.object;
      const customerId = idOf(setup.customer);
      const paymentMethodId = idOf(setup.payment_method);
      if (!customerId || !paymentMethodId) return { id: event.id, type: 'ignored' };
      return { id: event.id, type: 'payment_method.attached', customerId, paymentMethodId };
    }
    case 'payment_method.attached': {
      const method = event.data.object;
      const customerId = idOf(method.customer);
      if (!customerId) return { id: event.id, type: 'ignored' };
      return { id: event.id, type: 'payment_method.attached', customerId, paymentMethodId: method.id };
    }
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed': {
      const refund = event.data.object;
      const paymentId = idOf(refund.payment_intent);
      const outcome = mapStripeRefund(refund).status;
      if (!paymentId || outcome === 'pending') return { id: event.id, type: 'ignored' };
      return { id: event.id, type: outcome === 'succeeded' ? 'refund.succeeded' : 'refund.failed', refundId: refund.id, paymentId };
    }
    default:
      return { id: event.id, type: 'ignored' };
  }
}
