import { describe, expect, it } from 'vitest';
import { isLauncherVisit, launcherHandoffUrl, parseLauncherCallback } from './launcher';

describe('launcher callback', () => {
  it('accepts only http loopback addresses with an explicit port', () => {
    expect(parseLauncherCallback('http://127.0.0.1:4815/callback')?.toString()).toBe('http://127.0.0.1:4815/callback');
    expect(parseLauncherCallback('http://localhost:9000/')?.toString()).toBe('http://localhost:9000/');
    for (const refused of [
      null,
      '',
      'not a url',
      'http://127.0.0.1/callback',
      'https://127.0.0.1:4815/',
      'http://example.com:4815/',
      'http://127.0.0.1.example.com:4815/',
      'http://user:pass@127.0.0.1:4815/',
      'javascript:alert(1)',
      'http://[::1]:4815/',
    ]) {
      expect(parseLauncherCallback(refused)).toBeUndefined();
    }
  });

  it('hands the token over as `code`, keeping the launcher’s own parameters', () => {
    const callback = parseLauncherCallback('http://127.0.0.1:4815/done?state=xyz#frag')!;
    expect(launcherHandoffUrl(callback, 'crs_token')).toBe('http://127.0.0.1:4815/done?state=xyz&code=crs_token');
  });

  it('recognises a launcher visit by its parameter', () => {
    expect(isLauncherVisit('?launcher=http%3A%2F%2F127.0.0.1%3A1%2F')).toBe(true);
    expect(isLauncherVisit('?redirect=/x')).toBe(false);
  });
});
