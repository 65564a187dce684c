import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('payments configuration', () => {
  it('leaves the sandbox endpoint to the embedded sandbox by default', () => {
    expect(loadConfig({}).payments).toEqual({ provider: 'sandbox', sandbox: undefined });
  });

  it('requires both secrets of an external sandbox', () => {
    expect(new Set(problems({ SANDBOX_URL: 'http://sandbox.internal:4000' }))).toEqual(
      new Set(['SANDBOX_SECRET_KEY: required when SANDBOX_URL is set', 'SANDBOX_WEBHOOK_SECRET: required when SANDBOX_URL is set']),
    );
    const config = loadConfig({
      SANDBOX_URL: 'http://sandbox.internal:4000/',
      SANDBOX_SECRET_KEY: 'sandbox-secret-key',
      SANDBOX_WEBHOOK_SECRET: 'sandbox-webhook-secret',
    });
    expect(config.payments).toEqual({
      provider: 'sandbox',
      sandbox: { url: 'http://sandbox.internal:4000', publicUrl: 'http://sandbox.internal:4000', secretKey: 'sandbox-secret-key', webhookSecret: 'sandbox-webhook-secret' },
    });
  });

  it('requires both Stripe secrets', () => {
    expect(problems({ PAYMENT_PROVIDER: 'stripe' })).toEqual([
      'STRIPE_SECRET_KEY: required when PAYMENT_PROVIDER is stripe',
      'STRIPE_WEBHOOK_SECRET: required when PAYMENT_PROVIDER is stripe',
    ]);
  });
});
