import { createHmac, timingSafeEqual } from 'node:crypto';
import { CARD_BRANDS, type CardBrand } from '@cairn/shared/schemas/billing';
import {
  WebhookSignatureError,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderPayment,
  type ProviderPaymentMethod,
  type ProviderRefund,
} from './payment-provider.js';
import { ProviderRequestError } from './provider-errors.js';

export interface SandboxProviderOptions {
  /** Base URL the API calls (server to server). */
  url: string;
  /** Base URL browsers post cards to (defaults to `url`). */
  publicUrl?: string;
  secretKey: string;
  webhookSecret: string;
  /** Oldest accepted signature timestamp, in seconds (replay protection). */
  toleranceSeconds?: number;
  now?: () => number;
}

interface WirePayment {
  id: string;
  status: 'succeeded' | 'processing' | 'requires_action' | 'failed';
  client_secret: string | null;
  failure_code: string | null;
  failure_message: string | null;
  metadata?: Record<string, string>;
}

const brandOf = (brand: string): CardBrand => ((CARD_BRANDS as readonly string[]).includes(brand) ? (brand as CardBrand) : 'unknown');

const toPayment = (p: WirePayment): ProviderPayment => {
  if (p.status === 'requires_action') return { id: p.id, status: 'requires_action', clientSecret: p.client_secret ?? '' };
  if (p.status === 'failed') return { id: p.id, status: 'failed', failureCode: p.failure_code ?? 'failed', failureMessage: p.failure_message ?? 'The payment failed.' };
  return { id: p.id, status: p.status };
};

/** The HTTP client of the local sandbox processor (package `@cairn/sandbox`). */
export function createSandboxProvider(options: SandboxProviderOptions): PaymentProvider {
  const base = options.url.replace(/\/$/, '');
  const now = options.now ?? Date.now;
  const tolerance = options.toleranceSeconds ?? 300;

  async function call<T>(method: string, path: string, body?: object, idempotencyKey?: string): Promise<T> {
    const headers: Record<string, string> = { authorization: `Bearer ${options.secretKey}` };
    if (body) headers['content-type'] = 'application/json';
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    const response = await fetch(`${base}${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined, signal: AbortSignal.timeout(15_000) });
    const json = (await response.json().catch(() => ({}))) as T & { error?: { code?: string; message?: string } };
    if (!response.ok) {
      throw new ProviderRequestError(response.status, json.error?.code ?? 'provider_error', json.error?.message ?? `The sandbox answered ${response.status}`);
    }
    return json;
  }

  function verify(rawBody: Buffer, header: string | string[] | undefined): void {
    const value = Array.isArray(header) ? header[0] : header;
    const parts = new Map((value ?? '').split(',').map((part) => part.split('=', 2) as [string, string]));
    const timestamp = Number(parts.get('t'));
    const signature = parts.get('v1') ?? '';
    if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(signature)) throw new WebhookSignatureError('The webhook signature header is missing or malformed');
    if (Math.abs(now() / 1000 - timestamp) > tolerance) throw new WebhookSignatureError('The webhook signature is too old');
    const expected = createHmac('sha256', options.webhookSecret).update(`${timestamp}.`).update(rawBody).digest();
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) throw new WebhookSignatureError('The webhook signature does not match');
  }

  return {
    name: 'sandbox',

    async createCustomer({ userId, email, username }) {
      const customer = await call<{ id: string }>('POST', '/v1/customers', { email, name: username, metadata: { user_id: userId } });
      return { customerId: customer.id };
    },

    async createSetup({ customerId }) {
      const setup = await call<{ id: string; client_secret: string }>('POST', '/v1/setups', { customer: customerId });
      return { setupId: setup.id, clientSecret: setup.client_secret };
    },

    async listPaymentMethods(customerId): Promise<ProviderPaymentMethod[]> {
      const list = await call<{ data: Array<{ id: string; card: { brand: string; last4: string; exp_month: number; exp_year: number }; created: number }> }>(
        'GET',
        `/v1/customers/${encodeURIComponent(customerId)}/payment_methods`,
      );
      return list.data.map((pm) => ({
        id: pm.id,
        type: 'card',
        card: { brand: brandOf(pm.card.brand), last4: pm.card.last4, expMonth: pm.card.exp_month, expYear: pm.card.exp_year },
        created: new Date(pm.created * 1000),
      }));
    },

    async detachPaymentMethod(customerId, paymentMethodId) {
      await call('DELETE', `/v1/customers/${encodeURIComponent(customerId)}/payment_methods/${encodeURIComponent(paymentMethodId)}`);
    },

    async createPayment(input) {
      const payment = await call<WirePayment>(
        'POST',
        '/v1/payments',
        {
          customer: input.customerId,
          payment_method: input.paymentMethodId,
          amount: input.amount,
          currency: input.currency.toLowerCase(),
          off_session: input.offSession,
          metadata: input.metadata,
        },
        input.idempotencyKey,
      );
      return toPayment(payment);
    },

    async getPayment(ref) {
      if ('paymentId' in ref) {
        try {
          return toPayment(await call<WirePayment>('GET', `/v1/payments/${encodeURIComponent(ref.paymentId)}`));
        } catch (error) {
          if (error instanceof ProviderRequestError && error.status === 404) return null;
          throw error;
        }
      }
      const query = new URLSearchParams({ 'metadata[charge_id]': ref.chargeId, 'metadata[attempt]': ref.attempt });
      const { data } = await call<{ data: WirePayment[] }>('GET', `/v1/payments?${query.toString()}`);
      return data[0] ? toPayment(data[0]) : null;
    },

    async refund({ paymentId, amount, idempotencyKey }): Promise<ProviderRefund> {
      const refund = await call<{ id: string; status: 'succeeded' | 'failed' }>('POST', '/v1/refunds', { payment: paymentId, amount }, idempotencyKey);
      return { id: refund.id, status: refund.status };
    },

    parseWebhook(rawBody, headers): ProviderEvent {
      verify(rawBody, headers['cairn-sandbox-signature']);
      let event: { id?: unknown; type?: unknown; data?: Record<string, unknown> };
      try {
        event = JSON.parse(rawBody.toString('utf8')) as typeof event;
      } catch {
        throw new WebhookSignatureError('The webhook body is not JSON');
      }
      const id = typeof event.id === 'string' ? event.id : '';
      if (!id) throw new WebhookSignatureError('The webhook event has no id');
      const data = event.data ?? {};
      const payment = (data.payment ?? {}) as WirePayment;
      switch (event.type) {
        case 'payment.succeeded':
          return { id, type: 'payment.succeeded', paymentId: payment.id, metadata: payment.metadata ?? {} };
        case 'payment.failed':
          return {
            id,
            type: 'payment.failed',
            paymentId: payment.id,
            failureCode: payment.failure_code ?? 'failed',
            failureMessage: payment.failure_message ?? 'The payment failed.',
            metadata: payment.metadata ?? {},
          };
        case 'payment_method.attached': {
          const pm = (data.payment_method ?? {}) as { id?: string };
          return { id, type: 'payment_method.attached', customerId: String(data.customer ?? ''), paymentMethodId: String(pm.id ?? '') };
        }
        case 'refund.succeeded':
        case 'refund.failed': {
          const refund = (data.refund ?? {}) as { id?: string; payment?: string };
          return { id, type: event.type, refundId: String(refund.id ?? ''), paymentId: String(refund.payment ?? '') };
        }
        default:
          return { id, type: 'ignored' };
      }
    },

    clientConfig: () => ({ sandboxUrl: (options.publicUrl ?? options.url).replace(/\/$/, ''), publishableKey: null }),
  };
}
