import { createHmac, timingSafeEqual } from 'node:crypto';
import { CARD_BRANDS, type CardBrand } from '@cairn/shared/schemas/billing';
import {
  SandboxCustomerSchema,
  SandboxDeletedPaymentMethodSchema,
  SandboxErrorBodySchema,
  SandboxEventDataSchemas,
  SandboxEventSchema,
  SandboxPaymentListSchema,
  SandboxPaymentMethodListSchema,
  SandboxPaymentSchema,
  SandboxRefundSchema,
  SandboxSetupSchema,
  type SandboxCreatePaymentBody,
  type SandboxPaymentWire,
} from '@cairn/shared/schemas/payment-sandbox';
import type { z } from 'zod';
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

const brandOf = (brand: string): CardBrand => ((CARD_BRANDS as readonly string[]).includes(brand) ? (brand as CardBrand) : 'unknown');

const toPayment = (p: SandboxPaymentWire): ProviderPayment => {
  if (p.status === 'requires_action') return { id: p.id, status: 'requires_action', clientSecret: p.client_secret ?? '' };
  if (p.status === 'failed') return { id: p.id, status: 'failed', failureCode: p.failure_code ?? 'failed', failureMessage: p.failure_message ?? 'The payment failed.' };
  return { id: p.id, status: p.status };
};

/**
 * The HTTP client of the local sandbox processor (package `@cairn/sandbox`). Every answer and
 * webhook event is parsed with the contract the sandbox validates against
 * (`@cairn/shared/schemas/payment-sandbox`).
 */
export function createSandboxProvider(options: SandboxProviderOptions): PaymentProvider {
  const base = options.url.replace(/\/$/, '');
  const now = options.now ?? Date.now;
  const tolerance = options.toleranceSeconds ?? 300;

  async function call<S extends z.ZodType>(answer: S, method: string, path: string, body?: object, idempotencyKey?: string): Promise<z.output<S>> {
    const headers: Record<string, string> = { authorization: `Bearer ${options.secretKey}` };
    if (body) headers['content-type'] = 'application/json';
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    const response = await fetch(`${base}${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined, signal: AbortSignal.timeout(15_000) });
    const json: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      const refusal = SandboxErrorBodySchema.safeParse(json);
      throw new ProviderRequestError(response.status, refusal.data?.error.code ?? 'provider_error', refusal.data?.error.message ?? `The sandbox answered ${response.status}`);
    }
    const parsed = answer.safeParse(json);
    // An answer off the contract is the processor failing, like a 5xx: callers retry, never settle on it.
    if (!parsed.success) throw new ProviderRequestError(502, 'invalid_response', `The sandbox's answer to ${method} ${path.split('?')[0]} is off its contract: ${parsed.error.issues[0]?.message ?? ''}`);
    return parsed.data;
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
      const customer = await call(SandboxCustomerSchema, 'POST', '/v1/customers', { email, name: username, metadata: { user_id: userId } });
      return { customerId: customer.id };
    },

    async createSetup({ customerId }) {
      const setup = await call(SandboxSetupSchema, 'POST', '/v1/setups', { customer: customerId });
      return { setupId: setup.id, clientSecret: setup.client_secret };
    },

    async listPaymentMethods(customerId): Promise<ProviderPaymentMethod[]> {
      const list = await call(SandboxPaymentMethodListSchema, 'GET', `/v1/customers/${encodeURIComponent(customerId)}/payment_methods`);
      return list.data.map((pm) => ({
        id: pm.id,
        type: 'card',
        card: { brand: brandOf(pm.card.brand), last4: pm.card.last4, expMonth: pm.card.exp_month, expYear: pm.card.exp_year },
        created: new Date(pm.created * 1000),
      }));
    },

    async detachPaymentMethod(customerId, paymentMethodId) {
      await call(SandboxDeletedPaymentMethodSchema, 'DELETE', `/v1/customers/${encodeURIComponent(customerId)}/payment_methods/${encodeURIComponent(paymentMethodId)}`);
    },

    async createPayment(input) {
      const body: SandboxCreatePaymentBody = {
        customer: input.customerId,
        payment_method: input.paymentMethodId,
        amount: input.amount,
        currency: input.currency.toLowerCase(),
        off_session: input.offSession,
        metadata: input.metadata,
      };
      return toPayment(await call(SandboxPaymentSchema, 'POST', '/v1/payments', body, input.idempotencyKey));
    },

    async getPayment(ref) {
      if ('paymentId' in ref) {
        try {
          return toPayment(await call(SandboxPaymentSchema, 'GET', `/v1/payments/${encodeURIComponent(ref.paymentId)}`));
        } catch (error) {
          if (error instanceof ProviderRequestError && error.status === 404) return null;
          throw error;
        }
      }
      const query = new URLSearchParams({ 'metadata[charge_id]': ref.chargeId, 'metadata[attempt]': ref.attempt });
      const { data } = await call(SandboxPaymentListSchema, 'GET', `/v1/payments?${query.toString()}`);
      return data[0] ? toPayment(data[0]) : null;
    },

    async refund({ paymentId, amount, idempotencyKey }): Promise<ProviderRefund> {
      const refund = await call(SandboxRefundSchema, 'POST', '/v1/refunds', { payment: paymentId, amount }, idempotencyKey);
      return { id: refund.id, status: refund.status };
    },

    parseWebhook(rawBody, headers): ProviderEvent {
      verify(rawBody, headers['cairn-sandbox-signature']);
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new WebhookSignatureError('The webhook body is not JSON');
      }
      const event = SandboxEventSchema.safeParse(json);
      if (!event.success) throw new WebhookSignatureError(event.error.issues.some((i) => i.path[0] === 'id') ? 'The webhook event has no id' : 'The webhook event is not a sandbox event');
      const { id, type, data } = event.data;
      // Signed by the sandbox yet off the contract: refused (400), so the mismatch shows instead of being acknowledged and lost.
      const dataOf = <T extends keyof typeof SandboxEventDataSchemas>(eventType: T): z.output<(typeof SandboxEventDataSchemas)[T]> => {
        const parsed = SandboxEventDataSchemas[eventType].safeParse(data);
        if (!parsed.success) throw new WebhookSignatureError(`The ${eventType} event's data is off the sandbox contract`);
        return parsed.data as z.output<(typeof SandboxEventDataSchemas)[T]>;
      };
      switch (type) {
        case 'payment.succeeded': {
          const { payment } = dataOf(type);
          return { id, type, paymentId: payment.id, metadata: payment.metadata };
        }
        case 'payment.failed': {
          const { payment } = dataOf(type);
          return { id, type, paymentId: payment.id, failureCode: payment.failure_code ?? 'failed', failureMessage: payment.failure_message ?? 'The payment failed.', metadata: payment.metadata };
        }
        case 'payment_method.attached': {
          const { payment_method: pm, customer } = dataOf(type);
          return { id, type, customerId: customer, paymentMethodId: pm.id };
        }
        case 'refund.succeeded':
        case 'refund.failed': {
          const { refund } = dataOf(type);
          return { id, type, refundId: refund.id, paymentId: refund.payment };
        }
        default:
          return { id, type: 'ignored' };
      }
    },

    clientConfig: () => ({ sandboxUrl: (options.publicUrl ?? options.url).replace(/\/$/, ''), publishableKey: null }),
  };
}
