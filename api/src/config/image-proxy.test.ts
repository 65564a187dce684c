import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';

describe('image proxy configuration', () => {
  it("is on by default, at the API's own /v2/image-proxy, with the documented limits", () => {
    const config = loadConfig({ PUBLIC_API_URL: 'https://api.cairn.test/' });
    expect(config.imageProxy).toEqual({
      enabled: true,
      publicUrl: 'https://api.cairn.test/v2/image-proxy?url=',
      ttlSeconds: 86_400,
      failureTtlSeconds: 600,
      maxBytes: 10 * 1024 * 1024,
      maxPixels: 40_000_000,
      maxWidth: 2048,
      timeoutMs: 10_000,
      connectTimeoutMs: 3_000,
      allowHosts: [],
    });
  });

  it('has no public URL when off', () => {
    expect(loadConfig({ IMAGE_PROXY: 'off' }).imageProxy).toMatchObject({ enabled: false, publicUrl: undefined });
    expect(() => loadConfig({ IMAGE_PROXY: 'maybe' })).toThrow('IMAGE_PROXY');
  });

  it('reads the allow-list as exact host:port pairs, and refuses it in production', () => {
    expect(loadConfig({ IMAGE_PROXY_ALLOW_HOSTS: '127.0.0.1:4567, Images.Local:8080,[::1]:9000' }).imageProxy.allowHosts).toEqual(['127.0.0.1:4567', 'images.local:8080', '[::1]:9000']);
    expect(() => loadConfig({ IMAGE_PROXY_ALLOW_HOSTS: '127.0.0.1' })).toThrow('IMAGE_PROXY_ALLOW_HOSTS: must be comma-separated host:port pairs');
    expect(() => loadConfig({ IMAGE_PROXY_ALLOW_HOSTS: '127.0.0.1:4567', NODE_ENV: 'production', FILE_URL_SECRET: 'x'.repeat(40) })).toThrow(
      'IMAGE_PROXY_ALLOW_HOSTS: is for development and tests only',
    );
  });

  it('shares OUTBOUND_ALLOW_HOSTS with the webhooks, the older name added to it', () => {
    const config = loadConfig({ OUTBOUND_ALLOW_HOSTS: '127.0.0.1:1000', IMAGE_PROXY_ALLOW_HOSTS: '127.0.0.1:2000,127.0.0.1:1000' });
    expect(config.outbound.allowHosts).toEqual(['127.0.0.1:1000', '127.0.0.1:2000']);
    expect(config.imageProxy.allowHosts).toEqual(config.outbound.allowHosts);
    expect(config.webhooks.allowHosts).toEqual(config.outbound.allowHosts);
    expect(() => loadConfig({ OUTBOUND_ALLOW_HOSTS: 'nope' })).toThrow('OUTBOUND_ALLOW_HOSTS: must be comma-separated host:port pairs');
    expect(() => loadConfig({ OUTBOUND_ALLOW_HOSTS: '127.0.0.1:4567', NODE_ENV: 'production', FILE_URL_SECRET: 'x'.repeat(40) })).toThrow(
      'OUTBOUND_ALLOW_HOSTS: is for development and tests only',
    );
  });

  it('refuses limits below their minimums', () => {
    expect(() => loadConfig({ IMAGE_PROXY_TTL_SECONDS: '5' })).toThrow('IMAGE_PROXY_TTL_SECONDS');
    expect(() => loadConfig({ IMAGE_PROXY_MAX_WIDTH: '8' })).toThrow('IMAGE_PROXY_MAX_WIDTH');
  });
});
