import { createHash } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import { imageProxyEntries } from '../../src/db/schema/image-proxy.js';
import { sweepExpiredProxyImagesJob } from '../../src/modules/image-proxy/image-proxy.jobs.js';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient } from '../helpers/client.js';

/**
 * The image proxy against a real origin: an HTTP server this file starts on loopback, whose
 * host:port is the only one on OUTBOUND_ALLOW_HOSTS. Every other loopback address, and
 * names resolving to one, must stay out of reach.
 */

const MAX_BYTES = 200_000;
const MAX_PIXELS = 4_000_000;

let ctx: TestContext;
let origin: Server;
let originUrl: string;
let originPort: number;
/** Requests the origin received, by path. */
const hits = new Map<string, number>();
const hanging = new Set<ServerResponse>();

let png: Buffer;
let widePng: Buffer;
let hugePng: Buffer;
let animatedGif: Buffer;
const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#3a7"/><script>alert(1)</script></svg>');
const html = Buffer.from('<!doctype html><html><body><img src=x onerror=alert(1)></body></html>');

beforeAll(async () => {
  png = await sharp({ create: { width: 32, height: 16, channels: 3, background: { r: 200, g: 40, b: 90 } } }).png().toBuffer();
  widePng = await sharp({ create: { width: 3000, height: 100, channels: 3, background: { r: 10, g: 140, b: 90 } } }).png().toBuffer();
  hugePng = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: 0, g: 0, b: 0 } } }).png().toBuffer();
  // Two 8×8 frames, red then black.
  const frames = await Promise.all([255, 0].map((r) => sharp({ create: { width: 8, height: 8, channels: 3, background: { r, g: 0, b: 0 } } }).png().toBuffer()));
  animatedGif = await sharp(frames, { join: { animated: true } }).gif({ loop: 0, delay: [100, 100] }).toBuffer();

  origin = createServer((request, response) => {
    const path = request.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const send = (type: string, body: Buffer) => response.writeHead(200, { 'content-type': type, 'content-length': body.length }).end(body);
    switch (path.split('?')[0]) {
      case '/a.png':
      case '/expiring.png':
        return send('image/png', png);
      case '/wide.png':
        return send('image/png', widePng);
      case '/huge-pixels.png':
        return send('image/png', hugePng);
      case '/animated.gif':
        return send('image/gif', animatedGif);
      case '/badge.svg':
        return send('image/svg+xml', svg);
      case '/page.html':
        // Claims to be an image: the proxy must look at the bytes.
        return send('image/png', html);
      case '/big.png':
        return send('image/png', Buffer.concat([png, Buffer.alloc(MAX_BYTES)]));
      case '/hang.png':
        hanging.add(response);
        return;
      case '/to-loopback':
        return response.writeHead(302, { location: `http://127.0.0.1:${originPort + 1}/a.png` }).end();
      case '/to-localhost':
        return response.writeHead(302, { location: `http://localhost:${originPort}/a.png` }).end();
      case '/to-metadata':
        return response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      case '/to-file':
        return response.writeHead(302, { location: 'file:///etc/passwd' }).end();
      case '/to-a':
        return response.writeHead(301, { location: '/a.png' }).end();
      default:
        return response.writeHead(404).end('missing');
    }
  });
  await new Promise<void>((done) => origin.listen(0, '127.0.0.1', done));
  originPort = (origin.address() as AddressInfo).port;
  originUrl = `http://127.0.0.1:${originPort}`;
  ctx = await createTestContext({
    env: {
      OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${originPort}`,
      IMAGE_PROXY_MAX_BYTES: String(MAX_BYTES),
      IMAGE_PROXY_MAX_PIXELS: String(MAX_PIXELS),
      IMAGE_PROXY_TIMEOUT_MS: '3000',
    },
  });
});

afterAll(async () => {
  for (const response of hanging) response.destroy();
  await new Promise<void>((done) => origin.close(() => done()));
  await ctx?.close();
});

const call = testClient(() => ctx.app);
const proxy = (url: string) => call('GET', `/v2/image-proxy?url=${encodeURIComponent(url)}`);
const errorOf = (response: { json(): unknown }) => ErrorBodySchema.parse(response.json());

describe('GET /v2/image-proxy: images', () => {
  it('answers a PNG from Cairn with safe headers, re-encoded', async () => {
    const response = await proxy(`${originUrl}/a.png`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'");
    expect(response.headers['content-disposition']).toBe('inline');
    expect(response.headers['cache-control']).toMatch(/^public, max-age=\d{4,}$/);
    const metadata = await sharp(response.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'png', width: 32, height: 16 });
  });

  it('serves the second request from the store: the origin sees one request', async () => {
    const first = await proxy(`${originUrl}/a.png?cached`);
    const second = await proxy(`${originUrl}/a.png?cached`);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(hits.get('/a.png?cached')).toBe(1);
  });

  it('fetches again once the entry has expired, and the sweep removes expired entries and their images', async () => {
    const url = `${originUrl}/expiring.png`;
    expect((await proxy(url)).statusCode).toBe(200);
    // The entry is keyed by the sha-256 of the URL.
    const urlHash = createHash('sha256').update(url).digest('hex');
    const [entry] = await ctx.database.db.select().from(imageProxyEntries).where(eq(imageProxyEntries.urlHash, urlHash));
    expect(entry).toMatchObject({ contentType: 'image/png', blobKey: expect.stringMatching(/^[0-9a-f]{128}\.png$/) });
    const expire = () => ctx.database.db.update(imageProxyEntries).set({ expires: new Date(Date.now() - 1000) });
    await expire();
    expect((await proxy(url)).statusCode).toBe(200);
    expect(hits.get('/expiring.png')).toBe(2);

    await expire();
    const keys = (await ctx.database.db.select({ key: imageProxyEntries.blobKey }).from(imageProxyEntries)).flatMap((row) => (row.key ? [row.key] : []));
    expect(keys.length).toBeGreaterThan(0);
    await sweepExpiredProxyImagesJob.handle({ db: ctx.database.db, search: ctx.search, config: ctx.config, files: ctx.files }, undefined as never);
    expect(await ctx.database.db.select().from(imageProxyEntries)).toEqual([]);
    for (const key of keys) expect(await ctx.files.exists(key)).toBe(false);
  });

  it('scales wide images down to the width limit', async () => {
    const response = await proxy(`${originUrl}/wide.png`);
    expect(response.statusCode).toBe(200);
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({ width: 2048 });
  });

  it('keeps animated GIFs animated', async () => {
    const response = await proxy(`${originUrl}/animated.gif`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/gif');
    expect(await sharp(response.rawPayload, { animated: true }).metadata()).toMatchObject({ format: 'gif', pages: 2 });
  });

  it('rasterizes SVG to PNG: no SVG (nor its script) reaches the browser', async () => {
    const response = await proxy(`${originUrl}/badge.svg`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({ format: 'png', width: 40, height: 20 });
    expect(response.rawPayload.includes('script')).toBe(false);
  });

  it('follows redirects within allowed origins', async () => {
    const response = await proxy(`${originUrl}/to-a`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
  });
});

describe('GET /v2/image-proxy: refusals', () => {
  it.each([
    ['ftp://example.org/a.png', 'ftp'],
    ['file:///etc/passwd', 'file'],
    ['javascript:alert(1)', 'javascript'],
    ['/relative.png', 'relative'],
  ])('refuses %s with a 400 naming url (%s)', async (url) => {
    const response = await proxy(url);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).description).toMatch(/^url/);
  });

  it('refuses credentials in the URL, even for the allowed origin, without contacting it', async () => {
    const response = await proxy(`http://user:secret@127.0.0.1:${originPort}/a.png?credentials`);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).description).toMatch(/^url: must not carry a user name or password/);
    expect(hits.get('/a.png?credentials')).toBeUndefined();
  });

  it('refuses literal loopback addresses other than the allowed host:port', async () => {
    for (const url of [`http://127.0.0.1:${originPort + 1}/a.png`, 'http://127.0.0.1/a.png', `http://[::1]:${originPort}/a.png`, `http://[::ffff:127.0.0.1]:${originPort}/a.png`, 'http://169.254.169.254/latest/meta-data/', 'http://10.0.0.1/a.png']) {
      const response = await proxy(url);
      expect(response.statusCode, url).toBe(403);
      expect(errorOf(response).error, url).toBe('refused_url');
    }
  });

  it('refuses a host name that resolves to loopback, even on the allowed port', async () => {
    const response = await proxy(`http://localhost:${originPort}/a.png?by-name`);
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).description).toMatch(/loopback/);
    expect(hits.get('/a.png?by-name')).toBeUndefined();
  });

  it('refuses redirects from the allowed origin to refused addresses and schemes', async () => {
    const before = hits.get('/a.png') ?? 0;
    for (const path of ['/to-loopback', '/to-localhost', '/to-metadata', '/to-file']) {
      const response = await proxy(`${originUrl}${path}`);
      expect(response.statusCode, path).toBe(403);
      expect(errorOf(response).error, path).toBe('refused_url');
    }
    // /to-localhost leads back to this origin by name: it was not fetched.
    expect(hits.get('/a.png') ?? 0).toBe(before);
  });

  it('refuses bodies past the size limit (413) and images past the pixel limit (413)', async () => {
    const big = await proxy(`${originUrl}/big.png`);
    expect(big.statusCode).toBe(413);
    expect(errorOf(big).error).toBe('image_too_large');
    const huge = await proxy(`${originUrl}/huge-pixels.png`);
    expect(huge.statusCode).toBe(413);
    expect(errorOf(huge).description).toMatch(/pixels/);
  });

  it('refuses a body that is not an image, whatever its content-type says (415)', async () => {
    const response = await proxy(`${originUrl}/page.html`);
    expect(response.statusCode).toBe(415);
    expect(errorOf(response).error).toBe('not_an_image');
  });

  it('answers 504 when the origin does not answer in time', async () => {
    const response = await proxy(`${originUrl}/hang.png`);
    expect(response.statusCode).toBe(504);
    expect(errorOf(response).error).toBe('origin_timeout');
  });

  it('answers 502 for an origin error, and repeats it from memory without asking the origin again', async () => {
    const first = await proxy(`${originUrl}/missing.png`);
    const second = await proxy(`${originUrl}/missing.png`);
    expect([first.statusCode, second.statusCode]).toEqual([502, 502]);
    expect(errorOf(second)).toEqual(errorOf(first));
    expect(hits.get('/missing.png')).toBe(1);
  });

  it('answers 422 for a host that does not exist', async () => {
    const response = await proxy('https://no-such-host.invalid/a.png');
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).error).toBe('host_not_found');
  });
});
