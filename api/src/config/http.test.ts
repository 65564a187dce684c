import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';

describe('http configuration', () => {
  it('applies the documented limits and checks their ranges', () => {
    const config = loadConfig({});
    expect(config.rateLimit).toEqual({ perMinute: 300, authenticatedPerMinute: 600, sitePerMinute: 1200, bypassKey: undefined, store: 'memory' });
    expect(config.trustProxyHops).toBe(0);
    expect(config.bodyLimit).toBe(1024 * 1024);
    expect(() => loadConfig({ TRUST_PROXY_HOPS: '11' })).toThrow('TRUST_PROXY_HOPS: Too big: expected number to be <=10');
    expect(() => loadConfig({ RATE_LIMIT_BYPASS_KEY: 'short' })).toThrow('RATE_LIMIT_BYPASS_KEY: Too small: expected string to have >=16 characters');
  });
});
