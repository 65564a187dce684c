import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebServer } from './web-server.js';

describe('web server', () => {
  const root = mkdtempSync(join(tmpdir(), 'cairn-web-'));
  let app: Awaited<ReturnType<typeof buildWebServer>>;

  beforeAll(async () => {
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>Cairn</title>');
    app = await buildWebServer({ root, apiUrl: 'http://127.0.0.1:8000', cdnUrl: 'http://127.0.0.1:8000/cdn' });
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

  it('hands the SPA its API and CDN addresses', async () => {
    const response = await app.inject({ url: '/runtime-config.js' });
    expect(response.body).toContain('"apiUrl":"http://127.0.0.1:8000"');
    expect(response.body).toContain('"cdnUrl":"http://127.0.0.1:8000/cdn"');
  });
});
