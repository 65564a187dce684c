import { createServer, type Server } from 'node:http';
import { deflateSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiUrl, browserAvailable, launchBrowser, siteUrl } from './browser';
import { apiJson, apiSession, signIn } from './demo-accounts';

/**
 * Cairn's own image proxy in a real browser: a project description shows an image hosted on
 * another origin (a server this file starts on the port the e2e setup put on
 * OUTBOUND_ALLOW_HOSTS), and the browser gets it from Cairn — every request the page makes
 * goes to Cairn's own origins, none to the image's.
 */

/** A 24×12 PNG of one colour, written by hand (the e2e tier has no image library). */
function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}

describe.skipIf(!browserAvailable)("images in descriptions through Cairn's own proxy", () => {
  const slug = `proxied-${Date.now().toString(36)}`;
  const imagePath = `/lantern-${Date.now().toString(36)}.png`;
  const originPort = inject('imageOriginPort');
  const imageUrl = `http://127.0.0.1:${originPort}${imagePath}`;
  const ownOrigins = new Set([new URL(siteUrl).origin, new URL(apiUrl).origin]);
  const originHits: string[] = [];
  let origin: Server;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    const png = solidPng(24, 12, [230, 160, 40]);
    origin = createServer((request, response) => {
      originHits.push(request.url ?? '');
      if (request.url === imagePath) return response.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length }).end(png);
      response.writeHead(404).end();
    });
    await new Promise<void>((done) => origin.listen(originPort, '127.0.0.1', done));

    const token = await apiSession('demo');
    const form = new FormData();
    form.append(
      'data',
      JSON.stringify({
        title: 'Proxied Lantern',
        slug,
        description: 'A lantern shown from elsewhere.',
        body: `# Proxied Lantern\n\n![A lantern hosted elsewhere](${imageUrl})\n`,
        categories: [],
        client_side: 'required',
        server_side: 'optional',
        license_id: 'LicenseRef-Unknown',
        is_draft: true,
      }),
    );
    await apiJson(token, '/v2/project', { method: 'POST', body: form });

    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await new Promise<void>((done) => (origin ? origin.close(() => done()) : done()));
  });

  it('shows the image from Cairn, and the browser contacts no other host', async () => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await signIn(page, 'demo');
    await page.goto(`${siteUrl}/mod/${slug}`);

    const image = page.getByRole('img', { name: 'A lantern hosted elsewhere' });
    await image.waitFor();
    await page.waitForFunction((alt) => {
      const element = document.querySelector<HTMLImageElement>(`img[alt="${alt}"]`);
      return element !== null && element.complete && element.naturalWidth > 0;
    }, 'A lantern hosted elsewhere');

    const src = new URL((await image.getAttribute('src')) ?? '');
    expect(src.origin).toBe(new URL(apiUrl).origin);
    expect(src.pathname).toBe('/v2/image-proxy');
    expect(src.searchParams.get('url')).toBe(imageUrl);
    expect(await image.evaluate((element: HTMLImageElement) => [element.naturalWidth, element.naturalHeight])).toEqual([24, 12]);

    const web = requested.filter((url) => url.startsWith('http:') || url.startsWith('https:'));
    expect(web.some((url) => url.startsWith(`${new URL(apiUrl).origin}/v2/image-proxy?`))).toBe(true);
    expect(web.filter((url) => !ownOrigins.has(new URL(url).origin))).toEqual([]);
    // The image's origin was asked once, by Cairn's API, not by the browser.
    expect(originHits).toEqual([imagePath]);
  });
});
