import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { EMAIL_REWARD_METHOD, methodsIn } from './payout-methods.js';
import { headerValue, PayoutProviderError, WebhookSignatureError, type PayoutEvent, type PayoutProvider } from './payout-provider.js';

export interface TremendousPayoutsConfig {
  apiUrl: string;
  apiKey: string;
  webhookSecret: string;
  fundingSourceId: string;
  campaignId?: string;
  fetch?: typeof fetch;
}


const OrderCreated = z.object({ order: z.object({ id: z.string(), status: z.string(), rewards: z.array(z.object({ id: z.string() })).min(1) }) });
const WebhookEvent = z.object({ event: z.string(), uuid: z.string(), payload: z.object({ resource: z.object({ id: z.string(), type: z.string() }) }) });

const EVENT_STATUS: Record<string, PayoutEvent['status']> = {
  'REWARDS.DELIVERY.SUCCEEDED': 'success',
  'REWARDS.DELIVERY.FAILED': 'failed',
  'REWARDS.CANCELED': 'cancelled',
};

/** `Tremendous-Webhook-Signature: sha256=<hex HMAC-SHA256 of the raw body with the webhook key>`. */
export function verifyTremendousSignature(secret: string, rawBody: Buffer, header: string | undefined): void {
  const [scheme, hex] = (header ?? '').split('=', 2);
  const given = Buffer.from(hex ?? '', 'hex');
  if (scheme !== 'sha256' || given.length !== 32) throw new WebhookSignatureError();
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  if (!timingSafeEqual(expected, given)) throw new WebhookSignatureError();
}

/**
 * Tremendous (API v2): bearer API key, one order with one reward per withdrawal keyed by
 * `external_id` (Tremendous refuses a second order with the same one), HMAC-signed webhooks.
 * A reward that was sent cannot be taken back, so withdrawals are not cancellable here.
 */
export function createTremendousPayouts(config: TremendousPayoutsConfig): PayoutProvider {
  const doFetch = config.fetch ?? fetch;
  return {
    type: 'tremendous',
    listMethods: (country) => methodsIn('tremendous', country, [EMAIL_REWARD_METHOD]),
    async createPayout(request) {
      if (!request.address) throw new PayoutProviderError('Tremendous needs the recipient email address');
      const response = await doFetch(`${config.apiUrl}/orders`, {
        method: 'POST',
        headers: { authorization: `Bearer ${config.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          external_id: request.idempotencyKey,
          payment: { funding_source_id: config.fundingSourceId },
          reward: {
            value: { denomination: request.netCents / 100, currency_code: request.currency },
            delivery: { method: 'EMAIL' },
            recipient: { name: 'Cairn creator', email: request.address },
            ...(config.campaignId ? { campaign_id: config.campaignId } : {}),
          },
        }),
        signal: AbortSignal.timeout(15_000),
      });
      if (response.status !== 200 && response.status !== 201) throw new PayoutProviderError(`Tremendous refused the order (HTTP ${response.status})`);
      const order = OrderCreated.parse(await response.json()).order;
      return { providerId: order.rewards[0]!.id, status: order.status === 'FAILED' ? 'failed' : 'in-transit' };
    },
    cancelPayout: async () => 'not_cancellable',
    async parseWebhook(rawBody, headers) {
      verifyTremendousSignature(config.webhookSecret, rawBody, headerValue(headers, 'tremendous-webhook-signature'));
      const parsed = WebhookEvent.safeParse(JSON.parse(rawBody.toString('utf8')));
      if (!parsed.success) return [];
      const status = EVENT_STATUS[parsed.data.event];
      if (!status || parsed.data.payload.resource.type !== 'rewards') return [];
      return [{ providerId: parsed.data.payload.resource.id, status, ...(status === 'failed' ? { failureReason: parsed.data.event } : {}) }];
    },
  };
}
