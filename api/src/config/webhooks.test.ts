import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';

describe('webhooks configuration', () => {
  it('has https-only destinations, five attempts and a switch-off after ten failures by default', () => {
    expect(loadConfig({}).webhooks).toEqual({
      allowHttp: false,
      timeoutMs: 10_000,
      connectTimeoutMs: 3_000,
      maxAttempts: 5,
      retryDelaySeconds: 30,
      disableAfterFailures: 10,
      allowHosts: [],
    });
  });

  it('allows http destinations for development, never in production', () => {
    expect(loadConfig({ WEBHOOKS_ALLOW_HTTP: 'true' }).webhooks.allowHttp).toBe(true);
    expect(() => loadConfig({ WEBHOOKS_ALLOW_HTTP: 'true', NODE_ENV: 'production', FILE_URL_SECRET: 'x'.repeat(40) })).toThrow(
      'WEBHOOKS_ALLOW_HTTP: is for development only',
    );
  });

  it('refuses values outside their bounds', () => {
    expect(() => loadConfig({ WEBHOOKS_MAX_ATTEMPTS: '0' })).toThrow('WEBHOOKS_MAX_ATTEMPTS');
    expect(() => loadConfig({ WEBHOOKS_RETRY_DELAY_SECONDS: '0' })).toThrow('WEBHOOKS_RETRY_DELAY_SECONDS');
  });
});
