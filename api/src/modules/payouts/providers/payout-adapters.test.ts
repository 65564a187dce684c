import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createPaypalPayouts } from './paypal-payouts.js';
import { createSandboxPayouts, verifySandboxSignature } from './sandbox-payouts.js';
import { createTremendousPayouts } from './tremendous-payouts.js';
import { feeFor, WebhookSignatureError } from './payout-provider.js';

interface Recorded {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** A fetch that records each request and answers the next canned response (shapes from the processors' docs). */
function fakeFetch(responses: Array<{ status: number; body: unknown }>) {
  const requests: Recorded[] = [];
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    requests.push({ url: String(input), method: init?.method ?? 'GET', headers: Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>)), body: init?.body as string | undefined });
    const next = responses.shift();
    if (!next) throw new Error('unexpected request');
    return new Response(JSON.stringify(next.body), { status: next.status, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { fetch, requests };
}

const request = { idempotencyKey: 'cairn-payout-abc', netCents: 1234, currency: 'USD' as const, methodId: 'x', address: 'creator@example.test', reference: 'abc' };

describe('PayPal Payouts', () => {
  const config = { apiUrl: 'https://api-m.sandbox.paypal.test', clientId: 'client-id', clientSecret: 'client-secret', webhookId: 'WH-ID-1' };

  it('gets a client-credentials token, then creates one keyed batch per withdrawal', async () => {
    const { fetch, requests } = fakeFetch([
      { status: 200, body: { scope: 'https://uri.paypal.com/services/payouts', access_token: 'A21AA-token', token_type: 'Bearer', app_id: 'APP-1', expires_in: 32400, nonce: 'n' } },
      { status: 201, body: { batch_header: { payout_batch_id: '5UXD2E8A7EBQJ', batch_status: 'PENDING', sender_batch_header: { sender_batch_id: 'cairn-payout-abc' } }, links: [] } },
    ]);
    const provider = createPaypalPayouts({ ...config, fetch });
    expect(await provider.createPayout(request)).toEqual({ providerId: '5UXD2E8A7EBQJ', status: 'in-transit' });
    const [tokenRequest, payoutRequest] = requests;
    expect(tokenRequest).toMatchObject({ url: 'https://api-m.sandbox.paypal.test/v1/oauth2/token', method: 'POST', body: 'grant_type=client_credentials' });
    expect(tokenRequest!.headers.authorization).toBe(`Basic ${Buffer.from('client-id:client-secret').toString('base64')}`);
    expect(payoutRequest!.headers).toMatchObject({ authorization: 'Bearer A21AA-token', 'paypal-request-id': 'cairn-payout-abc' });
    expect(JSON.parse(payoutRequest!.body!)).toEqual({
      sender_batch_header: { sender_batch_id: 'cairn-payout-abc', email_subject: 'You have a payout from Cairn' },
      items: [{ recipient_type: 'EMAIL', receiver: 'creator@example.test', amount: { value: '12.34', currency: 'USD' }, sender_item_id: 'abc' }],
    });
  });

  it('offers Venmo in the US only and pays it to the handle through the Venmo wallet', async () => {
    const { fetch, requests } = fakeFetch([
      { status: 200, body: { access_token: 'tok', expires_in: 3600 } },
      { status: 201, body: { batch_header: { payout_batch_id: 'B2', batch_status: 'PENDING' } } },
    ]);
    const provider = createPaypalPayouts({ ...config, fetch });
    expect(provider.listMethods('US').map((m) => [m.id, m.account])).toEqual([['paypal', 'paypal'], ['venmo', 'venmo']]);
    expect(provider.listMethods('DE').map((m) => m.id)).toEqual(['paypal']);
    await provider.createPayout({ ...request, methodId: 'venmo', address: '@wren-makes' });
    expect(JSON.parse(requests[1]!.body!).items[0]).toMatchObject({ recipient_type: 'USER_HANDLE', receiver: 'wren-makes', recipient_wallet: 'VENMO' });
  });
  it('accepts a webhook only when PayPal verifies its signature', async () => {
    const event = { id: 'WH-1', event_type: 'PAYMENT.PAYOUTS-ITEM.FAILED', resource: { payout_item_id: 'ITEM1', payout_batch_id: '5UXD2E8A7EBQJ', transaction_status: 'FAILED', errors: { name: 'RECEIVER_UNREGISTERED' } } };
    const headers = { 'paypal-auth-algo': 'SHA256withRSA', 'paypal-cert-url': 'https://api.paypal.test/cert', 'paypal-transmission-id': 't-1', 'paypal-transmission-sig': 'sig', 'paypal-transmission-time': '2026-11-26T00:00:00Z' };
    const ok = fakeFetch([{ status: 200, body: { access_token: 'tok', expires_in: 3600 } }, { status: 200, body: { verification_status: 'SUCCESS' } }]);
    const events = await createPaypalPayouts({ ...config, fetch: ok.fetch }).parseWebhook(Buffer.from(JSON.stringify(event)), headers);
    expect(events).toEqual([{ providerId: '5UXD2E8A7EBQJ', status: 'failed', failureReason: 'RECEIVER_UNREGISTERED' }]);
    expect(JSON.parse(ok.requests[1]!.body!)).toMatchObject({ auth_algo: 'SHA256withRSA', transmission_id: 't-1', webhook_id: 'WH-ID-1', webhook_event: event });

    const refused = fakeFetch([{ status: 200, body: { access_token: 'tok', expires_in: 3600 } }, { status: 200, body: { verification_status: 'FAILURE' } }]);
    await expect(createPaypalPayouts({ ...config, fetch: refused.fetch }).parseWebhook(Buffer.from(JSON.stringify(event)), headers)).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(createPaypalPayouts({ ...config, fetch: refused.fetch }).parseWebhook(Buffer.from(JSON.stringify(event)), {})).rejects.toBeInstanceOf(WebhookSignatureError);
  });
});

describe('Tremendous', () => {
  const config = { apiUrl: 'https://testflight.tremendous.test/api/v2', apiKey: 'TEST_key', webhookSecret: 'whkey', fundingSourceId: 'FS1' };

  it('creates an order keyed by external_id with a bearer key', async () => {
    const { fetch, requests } = fakeFetch([{ status: 201, body: { order: { id: 'ORD1', external_id: 'cairn-payout-abc', status: 'EXECUTED', rewards: [{ id: 'RWD1', delivery: { method: 'EMAIL', status: 'SCHEDULED' } }] } } }]);
    const provider = createTremendousPayouts({ ...config, fetch });
    expect(await provider.createPayout(request)).toEqual({ providerId: 'RWD1', status: 'in-transit' });
    expect(requests[0]!.headers.authorization).toBe('Bearer TEST_key');
    expect(JSON.parse(requests[0]!.body!)).toEqual({
      external_id: 'cairn-payout-abc',
      payment: { funding_source_id: 'FS1' },
      reward: { value: { denomination: 12.34, currency_code: 'USD' }, delivery: { method: 'EMAIL' }, recipient: { name: 'Cairn creator', email: 'creator@example.test' } },
    });
    expect(await provider.cancelPayout('RWD1')).toBe('not_cancellable');
  });

  it('verifies the HMAC signature of webhooks over the raw body', async () => {
    const provider = createTremendousPayouts(config);
    const body = Buffer.from(JSON.stringify({ event: 'REWARDS.DELIVERY.SUCCEEDED', uuid: 'u-1', created_utc: '2026-11-26T00:00:00Z', payload: { resource: { id: 'RWD1', type: 'rewards' }, meta: {} } }));
    const signature = `sha256=${createHmac('sha256', 'whkey').update(body).digest('hex')}`;
    expect(await provider.parseWebhook(body, { 'tremendous-webhook-signature': signature })).toEqual([{ providerId: 'RWD1', status: 'success' }]);
    const tampered = Buffer.from(body.toString().replace('SUCCEEDED', 'FAILED'));
    await expect(provider.parseWebhook(tampered, { 'tremendous-webhook-signature': signature })).rejects.toBeInstanceOf(WebhookSignatureError);
  });
});

describe('sandbox processor client', () => {
  it('verifies the timestamped signature and refuses stale or altered bodies', () => {
    const body = Buffer.from('{"id":"evt_1"}');
    const t = 1_800_000_000;
    const header = `t=${t},v1=${createHmac('sha256', 'secret').update(`${t}.${body.toString()}`).digest('hex')}`;
    expect(() => verifySandboxSignature('secret', body, header, 300, t + 10)).not.toThrow();
    expect(() => verifySandboxSignature('secret', body, header, 300, t + 301)).toThrow(WebhookSignatureError);
    expect(() => verifySandboxSignature('other', body, header, 300, t)).toThrow(WebhookSignatureError);
    expect(() => verifySandboxSignature('secret', Buffer.from('{"id":"evt_2"}'), header, 300, t)).toThrow(WebhookSignatureError);
  });

  it('sends the secret key and the idempotency key', async () => {
    const { fetch, requests } = fakeFetch([{ status: 200, body: { id: 'po_1', status: 'in_transit', failure_code: null } }]);
    const provider = createSandboxPayouts({ url: 'http://127.0.0.1:1', secretKey: 'sk_test', webhookSecret: 'wh', fetch });
    expect(await provider.createPayout(request)).toEqual({ providerId: 'po_1', status: 'in-transit' });
    expect(requests[0]!.headers).toMatchObject({ authorization: 'Bearer sk_test', 'idempotency-key': 'cairn-payout-abc' });
  });
});

describe('feeFor', () => {
  it('takes the percentage rounded up, within the minimum and maximum', () => {
    const paypal = { percent_bps: 200, min: 25, max: 2000 };
    expect(feeFor(1000, paypal)).toBe(25);
    expect(feeFor(10_001, paypal)).toBe(201);
    expect(feeFor(500_000, paypal)).toBe(2000);
    expect(feeFor(1000, { percent_bps: 0, min: 0, max: null })).toBe(0);
  });
});
