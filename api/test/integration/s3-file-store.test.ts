import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { zipSync, strToU8 } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VersionSchema } from '@cairn/shared/schemas/versions';
import { createTestContext, type TestContext } from '../harness.js';
import { createActors, type Actors } from '../factories/users.js';
import { insertProject, type InsertedProject } from '../factories/catalogue.js';
import { startLocalS3, type LocalS3 } from '../helpers/local-s3.js';
import { jar, postVersion, sha512, versionData } from '../helpers/versions.js';

// The whole app on FILE_STORE=s3, against a real S3-compatible server of this file's own.
let s3: LocalS3;
let ctx: TestContext;
let actors: Actors;
let project: InsertedProject;
let bucket: S3Client;

beforeAll(async () => {
  s3 = await startLocalS3();
  ctx = await createTestContext({ env: { ...s3.env, S3_KEY_PREFIX: 'app/' } });
  actors = await createActors(ctx.database.db);
  project = await insertProject(ctx.database.db, { ownerId: actors.creator.id, slug: 'kept-in-a-bucket' });
  bucket = new S3Client({
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });
});
afterAll(async () => {
  bucket?.destroy();
  await ctx?.close();
  await s3?.stop();
});

const inBucket = (key: string) =>
  bucket.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: `app/blobs/${key}` })).then(
    (head) => head.ContentLength,
    () => undefined,
  );

/** A valid jar bigger than one upload part, so the bytes go up in several parts. */
function largeJar(): Buffer {
  return Buffer.from(zipSync({ 'META-INF/MANIFEST.MF': strToU8('Manifest-Version: 1.0\n'), 'big.bin': randomBytes(9 * 1024 * 1024) }, { level: 0 }));
}

describe('FILE_STORE=s3', () => {
  it('uploads a version into the bucket, serves it whole and in ranges, and deletes it with the version', async () => {
    const small = jar('bucketed');
    const large = largeJar();
    const created = await postVersion(ctx.app, actors.creator.pat, versionData(project.key, { file_parts: ['small', 'large'], primary_file: 'small' }), [
      { part: 'small', filename: 'bucketed.jar', bytes: small },
      { part: 'large', filename: 'bucketed-extras.jar', bytes: large },
    ]);
    expect(created.statusCode, created.body).toBe(200);
    const version = VersionSchema.parse(created.json());
    expect(version.files.map((f) => f.hashes.sha512).sort()).toEqual([sha512(small), sha512(large)].sort());

    // The bytes are in the bucket, nothing went to the local data folder.
    expect(await inBucket(`${sha512(small)}.jar`)).toBe(small.length);
    expect(await inBucket(`${sha512(large)}.jar`)).toBe(large.length);
    expect(existsSync(ctx.filesDir)).toBe(false);

    // File URLs are the same API routes as with the disk store.
    const largeFile = version.files.find((f) => f.filename === 'bucketed-extras.jar')!;
    const path = new URL(largeFile.url).pathname;
    expect(path).toBe(`/data/${project.key}/versions/${version.id}/bucketed-extras.jar`);
    const whole = await ctx.app.inject({ method: 'GET', url: path });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-length']).toBe(String(large.length));
    expect(whole.rawPayload.equals(large)).toBe(true);
    const ranged = await ctx.app.inject({ method: 'GET', url: path, headers: { range: 'bytes=1000-1999' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 1000-1999/${large.length}`);
    expect(ranged.rawPayload.equals(large.subarray(1000, 2000))).toBe(true);
    const head = await ctx.app.inject({ method: 'HEAD', url: path });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(large.length));
    const byHash = await ctx.app.inject({ method: 'GET', url: `/v2/version_file/${sha512(small)}?algorithm=sha512` });
    expect(byHash.statusCode).toBe(200);

    const removed = await ctx.app.inject({ method: 'DELETE', url: `/v2/version/${version.id}`, headers: { authorization: actors.creator.pat } });
    expect(removed.statusCode).toBe(204);
    expect(await inBucket(`${sha512(small)}.jar`)).toBeUndefined();
    expect(await inBucket(`${sha512(large)}.jar`)).toBeUndefined();
    expect((await ctx.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
  });

  it('keeps project icons in the bucket and serves them under the same /cdn URLs', async () => {
    const icon = await sharp({ create: { width: 120, height: 120, channels: 3, background: { r: 20, g: 160, b: 90 } } }).png().toBuffer();
    const changed = await ctx.app.inject({
      method: 'PATCH',
      url: `/v2/project/${project.key}/icon?ext=png`,
      payload: icon,
      headers: { authorization: actors.creator.pat, 'content-type': 'image/png' },
    });
    expect(changed.statusCode).toBe(204);
    const iconUrl = (await ctx.app.inject({ method: 'GET', url: `/v2/project/${project.key}` })).json().icon_url as string;
    expect(iconUrl.startsWith(`${ctx.config.publicCdnUrl}/`)).toBe(true);
    const key = iconUrl.split('/').pop()!;
    expect(await inBucket(key)).toBeGreaterThan(0);
    const served = await ctx.app.inject({ method: 'GET', url: new URL(iconUrl).pathname });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(96);
  });

  it('answers a clean 400 for a file over the limit and keeps nothing of it in the bucket', async () => {
    const limited = await createTestContext({ env: { ...s3.env, S3_KEY_PREFIX: 'limited/', MAX_FILE_BYTES: String(64 * 1024) } });
    try {
      const limitedActors = await createActors(limited.database.db);
      const target = await insertProject(limited.database.db, { ownerId: limitedActors.creator.id, slug: 'too-big' });
      const big = largeJar();
      const response = await postVersion(limited.app, limitedActors.creator.pat, versionData(target.key), [{ part: 'file', filename: 'big.jar', bytes: big }]);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'invalid_input' });
      expect(await limited.files.exists(`${sha512(big)}.jar`)).toBe(false);
      expect(await limited.files.sweepUnfinished(-60_000)).toBe(0);
    } finally {
      await limited.close();
    }
  });
});

describe('FILE_URL_MODE=presigned', () => {
  let presigned: TestContext;
  let owner: Actors;
  let target: InsertedProject;

  beforeAll(async () => {
    presigned = await createTestContext({ env: { ...s3.env, S3_KEY_PREFIX: 'presigned/', FILE_URL_MODE: 'presigned', S3_PRESIGN_TTL_SECONDS: '120' } });
    owner = await createActors(presigned.database.db);
    target = await insertProject(presigned.database.db, { ownerId: owner.creator.id, slug: 'handed-out-directly' });
  });
  afterAll(() => presigned?.close());

  it('redirects a download to a short-lived bucket URL that serves the bytes, and counts it once', async () => {
    const bytes = jar('presigned');
    const created = await postVersion(presigned.app, owner.creator.pat, versionData(target.key), [{ part: 'file', filename: 'direct «one».jar', bytes }]);
    expect(created.statusCode, created.body).toBe(200);
    const version = VersionSchema.parse(created.json());
    const path = new URL(version.files[0]!.url).pathname;

    const redirect = await presigned.app.inject({ method: 'GET', url: path });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers['cache-control']).toBe('private, no-store');
    const location = new URL(String(redirect.headers.location));
    expect(location.origin).toBe(s3.endpoint);
    expect(location.searchParams.get('X-Amz-Expires')).toBe('120');

    const fetched = await fetch(location);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(bytes)).toBe(true);
    expect(fetched.headers.get('content-type')).toBe('application/java-archive');
    expect(fetched.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('direct «one».jar')}`);
    const ranged = await fetch(location, { headers: { range: 'bytes=2-5' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(bytes.subarray(2, 6))).toBe(true);

    await presigned.app.inject({ method: 'GET', url: path });
    const counted = await presigned.app.inject({ method: 'GET', url: `/v2/version/${version.id}` });
    expect(counted.json().downloads).toBe(1);

    // s3rver checks a presigned URL's expiry and key id but not its SigV4 signature (AWS, R2 and
    // MinIO do), so tampering is checked here as far as the local server can: a forged key id.
    const forged = new URL(location);
    forged.searchParams.set('X-Amz-Credential', forged.searchParams.get('X-Amz-Credential')!.replace(/^[^/]+/, 'FORGED'));
    expect((await fetch(forged)).status).toBe(403);
    const blobKey = `${sha512(bytes)}.jar`;
    const expired = await presigned.files.presignedUrl!(blobKey, {
      contentDisposition: 'attachment',
      contentType: 'application/java-archive',
      signedAt: new Date(Date.now() - 121_000),
    });
    const refused = await fetch(expired);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('Request has expired');
    const fresh = await presigned.files.presignedUrl!(blobKey, { contentDisposition: 'attachment', contentType: 'application/java-archive', signedAt: new Date(Date.now() - 100_000) });
    expect((await fetch(fresh)).status).toBe(200);
  });

  it('checks access before handing out a URL', async () => {
    const hidden = await insertProject(presigned.database.db, { ownerId: owner.creator.id, slug: 'not-yet-public', status: 'draft' });
    const created = await postVersion(presigned.app, owner.creator.pat, versionData(hidden.key), [{ part: 'file', filename: 'secret.jar', bytes: jar('secret') }]);
    expect(created.statusCode, created.body).toBe(200);
    const path = new URL(VersionSchema.parse(created.json()).files[0]!.url).pathname;
    const anonymous = await presigned.app.inject({ method: 'GET', url: path });
    expect(anonymous.statusCode).toBe(404);
    expect(anonymous.headers.location).toBeUndefined();
    const asOwner = await presigned.app.inject({ method: 'GET', url: path, headers: { authorization: owner.creator.pat } });
    expect(asOwner.statusCode).toBe(302);
  });
});
