import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Readable } from 'node:stream';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { processGalleryImage, processIcon } from '../../src/lib/images.js';
import { sweepUnfinishedUploadsJob } from '../../src/worker/files.jobs.js';
import { createTestContext, type TestContext } from '../harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const png = (width: number, height: number, colour: { r: number; g: number; b: number }) =>
  sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();

describe('file store', () => {
  it('stores blobs by content, with sha1 and sha512 computed while streaming', async () => {
    const bytes = Buffer.from('a small jar file body');
    const stored = await ctx.files.put(Readable.from([bytes.subarray(0, 5), bytes.subarray(5)]), { maxBytes: 1024 });
    expect(stored).toEqual({
      key: createHash('sha512').update(bytes).digest('hex'),
      size: bytes.length,
      sha1: createHash('sha1').update(bytes).digest('hex'),
      sha512: createHash('sha512').update(bytes).digest('hex'),
      created: true,
    });
    const again = await ctx.files.put(bytes, { maxBytes: 1024 });
    expect(again.key).toBe(stored.key);
    expect(again.created).toBe(false);
    const read = await ctx.files.read(stored.key);
    const chunks: Buffer[] = [];
    for await (const chunk of read!.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('a small jar file body');
    const partial = await ctx.files.read(stored.key, { start: 2, end: 6 });
    const partChunks: Buffer[] = [];
    for await (const chunk of partial!.stream) partChunks.push(chunk as Buffer);
    expect(Buffer.concat(partChunks).toString()).toBe('small');
  });

  it('refuses blobs over the size limit and keeps nothing', async () => {
    await expect(ctx.files.put(Buffer.alloc(2048), { maxBytes: 1024 })).rejects.toMatchObject({ statusCode: 413 });
    expect(await ctx.files.read(createHash('sha512').update(Buffer.alloc(2048)).digest('hex'))).toBeUndefined();
  });

  it('refuses keys that are not content addresses', async () => {
    expect(await ctx.files.read('../../etc/passwd')).toBeUndefined();
  });

  it('sweeps what an upload killed mid-way left behind, but never a live one', async () => {
    const folder = join(ctx.filesDir, 'tmp');
    await mkdir(folder, { recursive: true });
    const abandoned = join(folder, `${Date.now() - 86_400_000}-abandoned`);
    const live = join(folder, `${Date.now()}-live`);
    await writeFile(abandoned, 'half an upload');
    await writeFile(live, 'an upload still arriving');
    const dayAgo = new Date(Date.now() - 86_400_000);
    await utimes(abandoned, dayAgo, dayAgo);
    expect(await sweepUnfinishedUploadsJob.handle({ db: ctx.database.db, search: ctx.search, config: ctx.config, files: ctx.files }, [])).toBeUndefined();
    expect(await readdir(folder)).toEqual([basename(live)]);
  });
});

describe('images', () => {
  it('makes a 96 px icon and finds the dominant colour', async () => {
    const icon = await processIcon(await png(400, 300, { r: 200, g: 30, b: 30 }));
    const metadata = await sharp(icon.resized.data).metadata();
    expect([metadata.width, metadata.height, metadata.format]).toEqual([96, 96, 'webp']);
    expect(icon.original.extension).toBe('png');
    expect(icon.color >> 16).toBeGreaterThan(150);
  });

  it('makes 350 px WebP gallery thumbnails', async () => {
    const image = await processGalleryImage(await png(1200, 600, { r: 10, g: 120, b: 200 }));
    const metadata = await sharp(image.thumbnail.data).metadata();
    expect([metadata.width, metadata.height, metadata.format]).toEqual([350, 175, 'webp']);
  });

  it('rejects anything that is not png, jpeg, gif or webp, whatever its name', async () => {
    await expect(processIcon(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).rejects.toMatchObject({ statusCode: 400, code: 'invalid_image' });
    await expect(processIcon(Buffer.from('not an image at all'))).rejects.toMatchObject({ statusCode: 400 });
  });

  it('serves stored images from /cdn with long-lived caching', async () => {
    const icon = await processIcon(await png(50, 50, { r: 0, g: 255, b: 0 }));
    const stored = await ctx.files.put(icon.resized.data, { maxBytes: 1 << 20, extension: icon.resized.extension });
    const response = await ctx.app.inject({ method: 'GET', url: `/cdn/${stored.key}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.rawPayload.equals(icon.resized.data)).toBe(true);
    expect((await ctx.app.inject({ method: 'GET', url: `/cdn/${'0'.repeat(128)}.png` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/cdn/not-a-key.png' })).statusCode).toBe(400);
  });
});
