import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebServer } from './web-server.js';

describe('web server content security policy', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'cairn-web-'));
    await writeFile(join(root, 'index.html'), '<!doctype html><title>Cairn</title>');
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  async function policy(captchaProvider?: 'hcaptcha' | 'turnstile'): Promise<Record<string, string>> {
    const app = await buildWebServer({ root, apiUrl: 'http://127.0.0.1:8000', captchaProvider });
    try {
      const response = await app.inject({ method: 'GET', url: '/auth/sign-in' });
      expect(response.statusCode).toBe(200);
      const header = String(response.headers['content-security-policy']);
      return Object.fromEntries(header.split(';').map((part) => part.trim().split(/\s+(.*)/s).slice(0, 2) as [string, string]));
    } finally {
      await app.close();
    }
  }

  it('allows no third-party scripts when no captcha is configured', async () => {
    const csp = await policy();
    expect(csp['script-src']).toBe("'self'");
    expect(csp['connect-src']).toBe("'self' http://127.0.0.1:8000");
  });

  it('lets the configured captcha load its script and frame, and nothing else', async () => {
    const hcaptcha = await policy('hcaptcha');
    expect(hcaptcha['script-src']).toBe("'self' https://hcaptcha.com https://*.hcaptcha.com");
    expect(hcaptcha['frame-src']).toContain('https://*.hcaptcha.com');
    expect(hcaptcha['script-src']).not.toContain('cloudflare');

    const turnstile = await policy('turnstile');
    expect(turnstile['script-src']).toBe("'self' https://challenges.cloudflare.com");
    expect(turnstile['frame-src']).toContain('https://challenges.cloudflare.com');
  });
});
