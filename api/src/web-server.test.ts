import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
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

  it("writes the route's preloads into the page for the paths the build lists, and revalidates with an ETag", async () => {
    await mkdir(join(root, '.vite'), { recursive: true });
    const preloads = { routes: [{ pattern: '^/(?:mods|plugins)/?$', scripts: ['assets/search-1.js', 'assets/shared-2.js'], styles: ['assets/search-3.css'] }] };
    await writeFile(join(root, '.vite', 'route-preloads.json'), JSON.stringify(preloads));
    await writeFile(join(root, 'index.html'), '<!doctype html><html><head><title>Cairn</title></head><body></body></html>');
    try {
      const search = await app.inject({ url: '/mods?q=lantern' });
      expect(search.headers['content-type']).toContain('text/html');
      expect(search.body).toContain('<link rel="modulepreload" crossorigin href="/assets/search-1.js">');
      expect(search.body).toContain('<link rel="modulepreload" crossorigin href="/assets/shared-2.js">');
      expect(search.body).toContain('<link rel="preload" as="style" crossorigin href="/assets/search-3.css">');
      expect(search.body.indexOf('search-1.js')).toBeLessThan(search.body.indexOf('</head>'));
      const other = await app.inject({ url: '/dashboard' });
      expect(other.body).toContain('<title>Cairn</title>');
      expect(other.body).not.toContain('modulepreload');
      expect(other.headers.etag).not.toBe(search.headers.etag);
      const again = await app.inject({ url: '/plugins', headers: { 'if-none-match': String(search.headers.etag) } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      // The list is never served as a file.
      expect((await app.inject({ url: '/.vite/route-preloads.json' })).statusCode).toBeGreaterThanOrEqual(400);
    } finally {
      await rm(join(root, '.vite'), { recursive: true, force: true });
      await writeFile(join(root, 'index.html'), '<!doctype html><title>Cairn</title>');
    }
    expect((await app.inject({ url: '/mods' })).body).not.toContain('modulepreload');
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
    expect(csp['connect-src']).toBe("'self' http://127.0.0.1:8000 ws://127.0.0.1:8000");
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
    expect(csp['connect-src']).toBe("'self' http://127.0.0.1:8000 ws://127.0.0.1:8000 http://127.0.0.1:8300");
  });

  it('lets server pages reach the nodes: their consoles (WebSocket) and files', async () => {
    const csp = await policy(undefined, undefined, ['http://127.0.0.1:8450', 'https://node-2.example.com/']);
    expect(csp['connect-src']).toBe("'self' http://127.0.0.1:8000 ws://127.0.0.1:8000 http://127.0.0.1:8450 ws://127.0.0.1:8450 https://node-2.example.com wss://node-2.example.com");
  });
});

describe("web server: images and Cairn's own image proxy", () => {
  const PROXY = 'http://127.0.0.1:8000/v2/image-proxy?url=';
  async function served(imageProxyUrl: string | undefined): Promise<{ imgSrc: string[]; runtimeConfig: string }> {
    const app = await buildWebServer({ root, apiUrl: 'http://127.0.0.1:8000', cdnUrl: 'http://127.0.0.1:8001/cdn', imageProxyUrl });
    try {
      const page = await app.inject({ url: '/mod/lanternlight' });
      const header = String(page.headers['content-security-policy']);
      const directive = header.split(';').map((part) => part.trim()).find((part) => part.startsWith('img-src ')) ?? '';
      return { imgSrc: directive.split(/\s+/).slice(1), runtimeConfig: (await app.inject({ url: '/runtime-config.js' })).body };
    } finally {
      await app.close();
    }
  }

  it('with the proxy on, tells the SPA its URL and allows images from Cairn itself only (no https: wildcard, no other host)', async () => {
    const { imgSrc, runtimeConfig } = await served(PROXY);
    expect(runtimeConfig).toContain(`"imageProxyUrl":"${PROXY}"`);
    expect(imgSrc).toEqual(["'self'", 'data:', 'blob:', 'http://127.0.0.1:8000', 'http://127.0.0.1:8001']);
  });

  it('lists a proxy on an origin of its own beside the API', async () => {
    const { imgSrc } = await served('https://images.cairn.test/v2/image-proxy?url=');
    expect(imgSrc).toEqual(["'self'", 'data:', 'blob:', 'http://127.0.0.1:8000', 'http://127.0.0.1:8001', 'https://images.cairn.test']);
  });

  it('with the proxy off, tells the SPA so and allows https images from anywhere', async () => {
    const { imgSrc, runtimeConfig } = await served(undefined);
    expect(runtimeConfig).toContain('"imageProxyUrl":"off"');
    expect(imgSrc).toEqual(["'self'", 'data:', 'blob:', 'http://127.0.0.1:8000', 'http://127.0.0.1:8001', 'https:']);
  });
});

describe('web server errors', () => {
  let app: Awaited<ReturnType<typeof buildWebServer>>;
  let port: number;
  beforeAll(async () => {
    await mkdir(join(root, 'assets'), { recursive: true });
    await writeFile(join(root, 'assets', 'range-abc.js'), 'console.log("ranges");');
    app = await buildWebServer({ root, apiUrl: 'http://127.0.0.1:8000' });
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(() => app.close());

  /** Over a socket, path as written: app.inject would resolve `..` before the server sees it. */
  const raw = (method: string, path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
      const sent = request({ host: '127.0.0.1', port, method, path, headers }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
      });
      sent.on('error', reject);
      sent.end();
    });

  const expectError = (response: { status: number; headers: Record<string, unknown>; body: string }, status: number, error: string, what: string) => {
    expect(response.status, what).toBe(status);
    expect(String(response.headers['content-type']), what).toContain('application/json');
    const body = ErrorBodySchema.strict().parse(JSON.parse(response.body));
    expect(body.error, what).toBe(error);
    expect(body.description.length, what).toBeGreaterThan(0);
  };

  it('refuses paths out of the build in the one error shape', async () => {
    for (const path of ['/../../etc/passwd', '/assets/../../etc/passwd.js', '/assets/%2e%2e/%2e%2e/etc/passwd.js', '/assets/%00.js', '/assets/.hidden.js']) {
      const response = await raw('GET', path);
      expectError(response, 403, 'forbidden', path);
      expect(response.body, path).not.toContain('root:');
    }
    expectError(await raw('GET', '/%'), 400, 'invalid_input', '/%');
  });

  it('answers a Range past the end of a file with 416 and the file length', async () => {
    const response = await raw('GET', '/assets/range-abc.js', { range: 'bytes=100-200' });
    expectError(response, 416, 'range_not_satisfiable', 'range');
    expect(response.headers['content-range']).toBe('bytes */22');
    const partial = await raw('GET', '/assets/range-abc.js', { range: 'bytes=0-6' });
    expect(partial.status).toBe(206);
    expect(partial.body).toBe('console');
  });

  it('answers other methods than GET and HEAD with 405 and Allow', async () => {
    for (const [method, path] of [['POST', '/mods'], ['DELETE', '/'], ['PUT', '/assets/range-abc.js'], ['POST', '/runtime-config.js']] as const) {
      const response = await raw(method, path);
      expectError(response, 405, 'method_not_allowed', `${method} ${path}`);
      expect(response.headers.allow).toBe('GET, HEAD');
    }
  });

  it('answers missing files with a 404 in the one error shape', async () => {
    for (const path of ['/assets/missing-123.js', '/favicon.ico', '/robots.txt']) expectError(await raw('GET', path), 404, 'not_found', path);
  });
});
