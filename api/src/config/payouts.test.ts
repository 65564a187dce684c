import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';

describe('payouts configuration', () => {
  it('pays out through the sandbox with the documented revenue defaults', () => {
    expect(loadConfig({}).revenue).toEqual({
      poolDailyCents: 0,
      creatorShareBps: 7500,
      holdingDays: 30,
      minimumWithdrawalCents: 500,
      provider: { kind: 'sandbox', url: undefined, secretKey: undefined, webhookSecret: undefined },
    });
  });

  it("requires the chosen processor's credentials", () => {
    expect(() => loadConfig({ PAYOUT_PROVIDER: 'paypal', PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' })).toThrow(
      'PAYPAL_WEBHOOK_ID: required when PAYOUT_PROVIDER is paypal',
    );
    expect(() => loadConfig({ PAYOUT_PROVIDER: 'tremendous', TREMENDOUS_API_KEY: 'key' })).toThrow(
      /TREMENDOUS_WEBHOOK_SECRET: required when PAYOUT_PROVIDER is tremendous\n.*TREMENDOUS_FUNDING_SOURCE_ID: required when PAYOUT_PROVIDER is tremendous/,
    );
    expect(() => loadConfig({ REVENUE_CREATOR_SHARE_BPS: '10001' })).toThrow(/REVENUE_CREATOR_SHARE_BPS/);
  });

  it('builds the PayPal and Tremendous providers', () => {
    const paypal = loadConfig({ PAYOUT_PROVIDER: 'paypal', PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret', PAYPAL_WEBHOOK_ID: 'hook' });
    expect(paypal.revenue.provider).toEqual({ kind: 'paypal', clientId: 'id', clientSecret: 'secret', webhookId: 'hook', apiUrl: 'https://api-m.paypal.com' });
    const tremendous = loadConfig({
      PAYOUT_PROVIDER: 'tremendous',
      TREMENDOUS_API_KEY: 'key',
      TREMENDOUS_WEBHOOK_SECRET: 'hook',
      TREMENDOUS_FUNDING_SOURCE_ID: 'fund',
      TREMENDOUS_API_URL: 'https://testflight.tremendous.com/api/v2/',
    });
    expect(tremendous.revenue.provider).toEqual({ kind: 'tremendous', apiKey: 'key', webhookSecret: 'hook', fundingSourceId: 'fund', apiUrl: 'https://testflight.tremendous.com/api/v2' });
  });
});
