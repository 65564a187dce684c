import { z } from 'zod';
import { methodsIn, PAYPAL_METHOD, VENMO_METHOD } from './payout-methods.js';
import { headerValue, PayoutProviderError, WebhookSignatureError, type PayoutEvent, type PayoutProvider } from './payout-provider.js';

export interface PaypalPayoutsConfig {
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  fetch?: typeof fetch;
}


const Token = z.object({ access_token: z.string(), expires_in: z.number() });
const BatchCreated = z.object({ batch_header: z.object({ payout_batch_id: z.string(), batch_status: z.string() }) });
const Batch = z.object({ items: z.array(z.object({ payout_item_id: z.string() })).default([]) });
const Verification = z.object({ verification_status: z.string() });
const WebhookEvent = z.object({ id: z.string(), event_type: z.string(), resource: z.object({ payout_batch_id: z.string().optional(), errors: z.object({ name: z.string() }).partial().optional() }).passthrough() });

/** PayPal item events → Cairn statuses; UNCLAIMED stays in transit (the recipient may still claim it). */
const EVENT_STATUS: Record<string, PayoutEvent['status']> = {
  'PAYMENT.PAYOUTS-ITEM.SUCCEEDED': 'success',
  'PAYMENT.PAYOUTS-ITEM.FAILED': 'failed',
  'PAYMENT.PAYOUTS-ITEM.BLOCKED': 'failed',
  'PAYMENT.PAYOUTS-ITEM.DENIED': 'failed',
  'PAYMENT.PAYOUTS-ITEM.RETURNED': 'failed',
  'PAYMENT.PAYOUTS-ITEM.REFUNDED': 'failed',
  'PAYMENT.PAYOUTS-ITEM.CANCELED': 'cancelled',
};

const dollars = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/**
 * PayPal Payouts (REST v1): OAuth client-credentials token, one batch per withdrawal keyed by
 * `PayPal-Request-Id` and `sender_batch_id`, webhooks verified by PayPal's verification endpoint
 * against the configured webhook id.
 */
export function createPaypalPayouts(config: PaypalPayoutsConfig): PayoutProvider {
  const doFetch = config.fetch ?? fetch;
  let token: { value: string; expires: number } | undefined;

  async function accessToken(): Promise<string> {
    if (token && token.expires > Date.now()) return token.value;
    const response = await doFetch(`${config.apiUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) throw new PayoutProviderError(`PayPal refused the credentials (HTTP ${response.status})`);
    const parsed = Token.parse(await response.json());
    // Renewed a minute early so a token never expires mid-request.
    token = { value: parsed.access_token, expires: Date.now() + (parsed.expires_in - 60) * 1000 };
    return token.value;
  }

  async function call(method: 'GET' | 'POST', path: string, body?: object, headers: Record<string, string> = {}) {
    const response = await doFetch(`${config.apiUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json', ...headers },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(15_000),
    });
    return { status: response.status, json: (await response.json().catch(() => null)) as unknown };
  }

  return {
    type: 'paypal',
    listMethods: (country) => methodsIn('paypal', country, [PAYPAL_METHOD, VENMO_METHOD]),
    async createPayout(request) {
      if (!request.address) throw new PayoutProviderError('PayPal needs the recipient (an email address or a Venmo handle)');
      const recipient =
        request.methodId === VENMO_METHOD.id
          ? { recipient_type: 'USER_HANDLE', receiver: request.address.replace(/^@/, ''), recipient_wallet: 'VENMO' }
          : { recipient_type: 'EMAIL', receiver: request.address };
      const { status, json } = await call(
        'POST',
        '/v1/payments/payouts',
        {
          sender_batch_header: { sender_batch_id: request.idempotencyKey, email_subject: 'You have a payout from Cairn' },
          items: [{ ...recipient, amount: { value: dollars(request.netCents), currency: request.currency }, sender_item_id: request.reference }],
        },
        { 'paypal-request-id': request.idempotencyKey },
      );
      if (status !== 200 && status !== 201) throw new PayoutProviderError(`PayPal refused the payout (HTTP ${status})`);
      const batch = BatchCreated.parse(json).batch_header;
      return { providerId: batch.payout_batch_id, status: batch.batch_status === 'DENIED' ? 'failed' : 'in-transit' };
    },
    async cancelPayout(providerId) {
      const batch = await call('GET', `/v1/payments/payouts/${encodeURIComponent(providerId)}`);
      const item = batch.status === 200 ? Batch.parse(batch.json).items[0] : undefined;
      if (!item) return 'not_cancellable';
      // Only unclaimed items can be cancelled; PayPal answers 4xx otherwise.
      const cancelled = await call('POST', `/v1/payments/payouts-item/${encodeURIComponent(item.payout_item_id)}/cancel`);
      return cancelled.status === 200 ? 'cancelling' : 'not_cancellable';
    },
    async parseWebhook(rawBody, headers) {
      const event: unknown = JSON.parse(rawBody.toString('utf8'));
      const required = ['paypal-auth-algo', 'paypal-cert-url', 'paypal-transmission-id', 'paypal-transmission-sig', 'paypal-transmission-time'].map((name) => headerValue(headers, name));
      if (required.some((value) => !value)) throw new WebhookSignatureError();
      const [authAlgo, certUrl, transmissionId, transmissionSig, transmissionTime] = required as string[];
      const verification = await call('POST', '/v1/notifications/verify-webhook-signature', {
        auth_algo: authAlgo,
        cert_url: certUrl,
        transmission_id: transmissionId,
        transmission_sig: transmissionSig,
        transmission_time: transmissionTime,
        webhook_id: config.webhookId,
        webhook_event: event,
      });
      if (verification.status !== 200 || Verification.parse(verification.json).verification_status !== 'SUCCESS') throw new WebhookSignatureError();
      const parsed = WebhookEvent.safeParse(event);
      if (!parsed.success) return [];
      const status = EVENT_STATUS[parsed.data.event_type];
      const batchId = parsed.data.resource.payout_batch_id;
      if (!status || !batchId) return [];
      const reason = parsed.data.resource.errors?.name;
      return [{ providerId: batchId, status, ...(status === 'failed' ? { failureReason: reason ?? parsed.data.event_type } : {}) }];
    },
  };
}
