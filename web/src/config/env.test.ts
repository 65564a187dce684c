import { describe, expect, it } from 'vitest';
import { IMAGE_PROXY_PATH, parseEnv } from './env';

describe('parseEnv', () => {
  it('prefers the runtime config over the build-time URL', () => {
    const env = parseEnv({ apiUrl: 'https://api.example.test/' }, { VITE_API_URL: 'http://localhost:8000' });
    expect(env.apiUrl).toBe('https://api.example.test');
  });

  it('falls back to VITE_API_URL, then to same origin', () => {
    expect(parseEnv(undefined, { VITE_API_URL: 'http://localhost:8000' }).apiUrl).toBe('http://localhost:8000');
    expect(parseEnv(undefined, {}).apiUrl).toBe('');
    expect(parseEnv({ apiUrl: '' }, { VITE_API_URL: 'http://localhost:8000' }).apiUrl).toBe('');
  });

  it('rejects a malformed runtime config', () => {
    expect(() => parseEnv({ apiUrl: 42 }, {})).toThrow(/__CAIRN_CONFIG__/);
    expect(() => parseEnv({ apiUrl: 'not a url' }, {})).toThrow(/absolute URL/);
  });
});

describe('status page and community chat links', () => {
  it('come from the runtime config, then the build, and are optional', () => {
    const fromRuntime = parseEnv(
      { apiUrl: '', statusPageUrl: 'https://status.example.test', communityChatUrl: 'https://chat.example.test/cairn' },
      { VITE_STATUS_PAGE_URL: 'https://build-status.example.test' },
    );
    expect(fromRuntime.statusPageUrl).toBe('https://status.example.test');
    expect(fromRuntime.communityChatUrl).toBe('https://chat.example.test/cairn');

    const fromBuild = parseEnv(undefined, { VITE_STATUS_PAGE_URL: 'https://build-status.example.test' });
    expect(fromBuild.statusPageUrl).toBe('https://build-status.example.test');
    expect(fromBuild.communityChatUrl).toBeUndefined();

    expect(parseEnv({ statusPageUrl: '' }, {}).statusPageUrl).toBeUndefined();
    expect(() => parseEnv({ communityChatUrl: 'javascript:alert(1)' }, {})).toThrow(/absolute URL/);
  });
});

describe('media settings for rendered markdown', () => {
  it("take the CDN and image proxy from the runtime config, then the build, with the API's own proxy by default", () => {
    const fromRuntime = parseEnv({ cdnUrl: 'https://cdn.example.test', imageProxyUrl: 'https://proxy.example.test/?u=' }, { VITE_IMAGE_PROXY_URL: 'https://other.test/?u=' });
    expect(fromRuntime.cdnUrl).toBe('https://cdn.example.test');
    expect(fromRuntime.imageProxyUrl).toBe('https://proxy.example.test/?u=');
    expect(parseEnv(undefined, { VITE_IMAGE_PROXY_URL: 'https://other.test/?u=' }).imageProxyUrl).toBe('https://other.test/?u=');
    expect(parseEnv(undefined, {}).imageProxyUrl).toBe(IMAGE_PROXY_PATH);
    expect(parseEnv({ apiUrl: 'https://api.example.test/' }, {}).imageProxyUrl).toBe(`https://api.example.test${IMAGE_PROXY_PATH}`);
    expect(parseEnv({ imageProxyUrl: 'off' }, { VITE_IMAGE_PROXY_URL: 'https://other.test/?u=' }).imageProxyUrl).toBeUndefined();
    expect(parseEnv(undefined, { VITE_IMAGE_PROXY_URL: 'off' }).imageProxyUrl).toBeUndefined();
    expect(parseEnv(undefined, {}).cdnUrl).toBeUndefined();
    expect(() => parseEnv({ imageProxyUrl: '/relative?u=' }, {})).toThrow(/absolute URL/);
  });
});
