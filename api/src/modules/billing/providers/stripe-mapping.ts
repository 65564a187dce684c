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
      const declineCode = error?.decline_code;
      return {
        id: event.id,
        type: 'payment.failed',
        paymentId: intent.id,
        failureCode: declineCode && declineCode !== 'generic_decline' ? declineCode : (error?.code ?? 'payment_failed'),
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
