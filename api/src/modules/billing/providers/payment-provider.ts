import type { CardBrand } from '@cairn/shared/schemas/billing';

/**
 * What billing needs from a payment processor. Two implementations share one code path and one
 * test suite: the local sandbox processor (default) and Stripe. Renewals, retries and expiry are
 * Cairn's own jobs for both: a provider only holds customers, saved methods, payments and refunds.
 * Card numbers never reach the API: the browser hands them to the provider, which keeps them.
 */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';

  createCustomer(input: { userId: string; email: string | null; username: string }): Promise<{ customerId: string }>;

  /** Starts saving a payment method; the browser completes it with `clientSecret`. */
  createSetup(input: { customerId: string }): Promise<{ setupId: string; clientSecret: string }>;
  listPaymentMethods(customerId: string): Promise<ProviderPaymentMethod[]>;
  detachPaymentMethod(customerId: string, paymentMethodId: string): Promise<void>;

  /**
   * Charges a saved method. `idempotencyKey` is unique per charge attempt, so a retried call never
   * charges twice. `offSession`: renewals (no customer present, no 3-D Secure step possible).
   */
  createPayment(input: {
    customerId: string;
    paymentMethodId: string;
    amount: number;
    currency: string;
    idempotencyKey: string;
    offSession: boolean;
    metadata: Record<string, string>;
  }): Promise<ProviderPayment>;

  /**
   * Where a payment stands now, found by its id or, when the id was never recorded (a crash
   * between asking and recording), by the `charge_id` and `attempt` metadata it was created with.
   * `null`: the provider never received it.
   */
  getPayment(ref: PaymentRef): Promise<ProviderPayment | null>;

  refund(input: { paymentId: string; amount: number; idempotencyKey: string }): Promise<ProviderRefund>;

  /** Verifies the signature of a webhook delivery and reads it; throws `WebhookSignatureError`. */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): ProviderEvent;

  /** What the browser needs to talk to the provider. */
  clientConfig(): { sandboxUrl: string | null; publishableKey: string | null };
}

export interface ProviderPaymentMethod {
  id: string;
  type: 'card' | 'paypal' | 'cashapp' | 'amazon_pay';
  card: { brand: CardBrand; last4: string; expMonth: number; expYear: number } | null;
  created: Date;
}

export type ProviderPayment =
  | { id: string; status: 'succeeded' | 'processing' }
  | { id: string; status: 'requires_action'; clientSecret: string }
  | { id: string; status: 'failed'; failureCode: string; failureMessage: string };

export type PaymentRef = { paymentId: string } | { chargeId: string; attempt: string };

export interface ProviderRefund {
  id: string;
  status: 'succeeded' | 'pending' | 'failed';
}

/** Provider events billing acts on; every other event is `ignored`. Ids are unique per event. */
export type ProviderEvent =
  | { id: string; type: 'payment.succeeded'; paymentId: string; metadata: Record<string, string> }
  | {
      id: string;
      type: 'payment.failed';
      paymentId: string;
      failureCode: string;
      failureMessage: string;
      metadata: Record<string, string>;
    }
  | { id: string; type: 'payment_method.attached'; customerId: string; paymentMethodId: string }
  | { id: string; type: 'refund.succeeded' | 'refund.failed'; refundId: string; paymentId: string }
  | { id: string; type: 'ignored' };

export class WebhookSignatureError extends Error {}
