import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { EMAIL_REWARD_METHOD, methodsIn, PAYPAL_METHOD, SANDBOX_TRANSFER_METHOD, VENMO_METHOD } from './payout-methods.js';
import { headerValue, PayoutProviderError, WebhookSignatureError, type PayoutEvent, type PayoutProvider } from './payout-provider.js';

export interface SandboxPayoutsConfig {
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** Signatures older than this are refused (replay protection). */
  toleranceSeconds?: number;
  fetch?: typeof fetch;
}


const PayoutView = z.object({ id: z.string(), status: z.enum(['in_transit', 'paid', 'failed', 'cancelled']), failure_code: z.string().nullable() });
const WebhookBody = z.object({ id: z.string(), type: z.string(), created: z.number(), data: PayoutView });

const STATUS = { in_transit: 'in-transit', paid: 'success', failed: 'failed', cancelled: 'cancelled' } as const;

/** Verifies `t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export function verifySandboxSignature(secret: string, rawBody: Buffer, header: string | undefined, toleranceSeconds: number, nowSeconds = Math.floor(Date.now() / 1000)): void {
  const parts = new Map((header ?? '').split(',').map((part) => part.split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const given = Buffer.from(parts.get('v1') ?? '', 'hex');
  if (!Number.isInteger(t) || given.length !== 32) throw new WebhookSignatureError();
  if (Math.abs(nowSeconds - t) > toleranceSeconds) throw new WebhookSignatureError('The webhook signature has expired');
  const expected = createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest();
  if (!timingSafeEqual(expected, given)) throw new WebhookSignatureError();
}

/** The local sandbox processor (`sandbox/src/payouts`) over HTTP. */
export function createSandboxPayouts(config: SandboxPayoutsConfig): PayoutProvider {
  const doFetch = config.fetch ?? fetch;
  const call = async (method: 'GET' | 'POST', path: string, body?: object, idempotencyKey?: string) => {
    const response = await doFetch(`${config.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${config.secretKey}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(15_000),
    });
    return { status: response.status, json: (await response.json()) as unknown };
  };
  return {
    type: 'sandbox',
    // The sandbox also stands in for the real rails, so the accounts they pay to can be tested.
    listMethods: (country) => methodsIn('sandbox', country, [SANDBOX_TRANSFER_METHOD, PAYPAL_METHOD, VENMO_METHOD, EMAIL_REWARD_METHOD]),
    async createPayout(request) {
      const { status, json } = await call('POST', '/v1/payouts', { amount: request.netCents, currency: request.currency.toLowerCase(), destination: request.address, metadata: { reference: request.reference, method: request.methodId } }, request.idempotencyKey);
      if (status !== 200) throw new PayoutProviderError(`The sandbox refused the payout (HTTP ${status})`);
      const payout = PayoutView.parse(json);
      return { providerId: payout.id, status: STATUS[payout.status] === 'cancelled' ? 'failed' : (STATUS[payout.status] as 'in-transit' | 'success' | 'failed'), ...(payout.failure_code ? { failureReason: payout.failure_code } : {}) };
    },
    async cancelPayout(providerId) {
      const { status } = await call('POST', `/v1/payouts/${encodeURIComponent(providerId)}/cancel`, {});
      if (status === 200) return 'cancelling';
      if (status === 409) return 'not_cancellable';
      throw new PayoutProviderError(`The sandbox could not cancel the payout (HTTP ${status})`);
    },
    async parseWebhook(rawBody, headers): Promise<PayoutEvent[]> {
      verifySandboxSignature(config.webhookSecret, rawBody, headerValue(headers, 'cairn-sandbox-signature'), config.toleranceSeconds ?? 300);
      const event = WebhookBody.safeParse(JSON.parse(rawBody.toString('utf8')));
      if (!event.success || !event.data.type.startsWith('payout.')) return [];
      const status = STATUS[event.data.data.status];
      if (status === 'in-transit') return [];
      return [{ providerId: event.data.data.id, status, ...(event.data.data.failure_code ? { failureReason: event.data.data.failure_code } : {}) }];
    },
  };
}
