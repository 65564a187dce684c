import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebServer } from './web-server.js';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'cairn-web-'));
  await writeFile(join(root, 'index.html'), '<!doctype html><title>Cairn</title>');
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('web server', () => {
  let app: Awaited<ReturnType<typeof buildWebServer>>;
  beforeAll(async () => {
    app = await buildWebServer({ root, apiUrl: 'http://127.0.0.1:8000', cdnUrl: 'http://127.0.0.1:8001/cdn' });
  });
  afterAll(() => app.close());

  it('answers every page path with the SPA, including paths ending in a version number', async () => {
    for (const url of ['/', '/mods?q=x', '/mod/lanternlight/version/1.3.0', '/plugin/market/version/2.0.0+mod']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<title>Cairn</title>');
    }
  });

  it('answers HEAD for pages like GET', async () => {
    expect((await app.inject({ method: 'HEAD', url: '/mods' })).statusCode).toBe(200);
  });

  it('answers missing assets with a 404', async () => {
    for (const url of ['/assets/missing-123.js', '/favicon.ico', '/robots.txt']) {
      expect((await app.inject({ url })).statusCode, url).toBe(404);
    }
  });

  it('serves files written after start-up, as a rebuild in place does', async () => {
    await mkdir(join(root, 'assets'), { recursive: true });
    await writeFile(join(root, 'assets', 'index-new123.js'), 'console.log("new build");');
    await writeFile(join(root, 'index.html'), '<!doctype html><title>Cairn</title><script src="/assets/index-new123.js"></script>');
    try {
      const page = await app.inject({ url: '/mods' });
      expect(page.body).toContain('/assets/index-new123.js');
      const asset = await app.inject({ url: '/assets/index-new123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.body).toContain('new build');
      expect(asset.headers['cache-control']).toContain('immutable');
    } finally {
      await writeFile(join(root, 'index.html'), '<!doctype html><title>Cairn</title>');
    }
  });

  it('never serves hidden files or files outside the build or hidden files', async () => {
    await writeFile(join(root, '.env'), 'SECRET=1');
    await writeFile(join(root, 'assets', '.hidden.js'), 'SECRET');
    for (const url of ['/.env', '/assets/../.env', '/assets/%2e%2e/.env', '/assets/.hidden.js', '/assets/..%2f..%2fetc%2fpasswd.js']) {
      const response = await app.inject({ url });
      expect(response.body, url).not.toContain('SECRET');
      expect(response.body, url).not.toContain('root:');
    }
    expect((await app.inject({ url: '/assets/.hidden.js' })).statusCode).toBeGreaterThanOrEqual(400);
  });

  it('hands the SPA its API and CDN addresses, and lets pages show images from the CDN', async () => {
    const response = await app.inject({ url: '/runtime-config.js' });
    expect(response.body).toContain('"apiUrl":"http://127.0.0.1:8000"');
    expect(response.body).toContain('"cdnUrl":"http://127.0.0.1:8001/cdn"');
    const page = await app.inject({ url: '/' });
    expect(String(page.headers['content-security-policy'])).toMatch(/img-src [^;]*http:\/\/127\.0\.0\.1:8001/);
  });
});

describe('web server content security policy', () => {
  async function policy(captchaProvider?: 'hcaptcha' | 'turnstile', paymentsUrl?: string, nodeUrls?: string[]): Promise<Record<string, string>> {
    const app = await buildWebServer({ root, apiUrl: 'http://127.0.0.1:8000', captchaProvider, paymentsUrl, nodeUrls });
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

  it('lets the card forms reach the sandbox payments processor', async () => {
    const csp = await policy(undefined, 'http://127.0.0.1:8300/');
    expect(csp['connect-src']).toBe("'self' http://127.0.0.1:8000 http://127.0.0.1:8300");
  });

  it('lets server pages reach the nodes: their consoles (WebSocket) and files', async () => {
    const csp = await policy(undefined, undefined, ['http://127.0.0.1:8450', 'https://node-2.example.com/']);
    expect(csp['connect-src']).toBe("'self' http://127.0.0.1:8000 http://127.0.0.1:8450 ws://127.0.0.1:8450 https://node-2.example.com wss://node-2.example.com");
  });
});
