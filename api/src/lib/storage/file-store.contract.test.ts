import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceRoot } from '../../config.js';
import { startLocalS3, type LocalS3 } from '../../../test/helpers/local-s3.js';
import { createDiskFileStore, PayloadTooLargeError, type FileStore } from './file-store.js';
import { createS3FileStore } from './s3-file-store.js';

interface StoreUnderTest {
  store: FileStore;
  /** Leaves behind what a process killed mid-upload would. */
  leaveUnfinishedUpload(): Promise<void>;
  close(): Promise<void>;
}

const PART = 5 * 1024 * 1024;

const stores: Array<{ name: string; open(): Promise<StoreUnderTest> }> = [
  {
    name: 'disk',
    async open() {
      const root = join(workspaceRoot(), '.data', 'test', 'file-store-contract', randomBytes(5).toString('hex'));
      return {
        store: createDiskFileStore(root),
        leaveUnfinishedUpload: async () => {
          await mkdir(join(root, 'tmp'), { recursive: true });
          await writeFile(join(root, 'tmp', `${Date.now()}-orphan`), 'partial');
        },
        close: () => rm(root, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 's3',
    async open() {
      const s3: LocalS3 = await startLocalS3();
      const options = {
        bucket: s3.bucket,
        endpoint: s3.endpoint,
        region: 'us-east-1',
        credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
        forcePathStyle: true,
        keyPrefix: 'contract/',
        partSizeBytes: PART,
      };
      const raw = new S3Client({ region: options.region, endpoint: options.endpoint, forcePathStyle: true, credentials: options.credentials });
      return {
        store: createS3FileStore(options),
        leaveUnfinishedUpload: async () => {
          await raw.send(new PutObjectCommand({ Bucket: s3.bucket, Key: `contract/tmp/${Date.now()}-orphan`, Body: 'partial' }));
        },
        close: async () => {
          raw.destroy();
          await s3.stop();
        },
      };
    },
  },
];

const sha512 = (data: Buffer) => createHash('sha512').update(data).digest('hex');
const sha1 = (data: Buffer) => createHash('sha1').update(data).digest('hex');

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** A stream in many small chunks, as a request body arrives. */
function chunked(data: Buffer, chunkSize = 64 * 1024): Readable {
  return Readable.from(
    (function* () {
      for (let offset = 0; offset < data.length; offset += chunkSize) yield data.subarray(offset, offset + chunkSize);
    })(),
  );
}

describe.each(stores)('$name file store', ({ open }) => {
  let subject: StoreUnderTest;
  let store: FileStore;
  beforeAll(async () => {
    subject = await open();
    store = subject.store;
  });
  afterAll(() => subject?.close());

  it('stores bytes under their sha512 with the extension, and dedupes identical uploads', async () => {
    const data = randomBytes(3000);
    const first = await store.put(data, { maxBytes: 10_000, extension: 'jar' });
    expect(first).toEqual({ key: `${sha512(data)}.jar`, size: 3000, sha1: sha1(data), sha512: sha512(data), created: true });
    const again = await store.put(chunked(data, 100), { maxBytes: 10_000, extension: 'jar' });
    expect(again).toEqual({ ...first, created: false });
    const bare = await store.put(data, { maxBytes: 10_000 });
    expect(bare.key).toBe(sha512(data));
    expect(bare.created).toBe(true);
  });

  it('streams a file larger than several upload parts and reads it back whole and in ranges', async () => {
    const data = randomBytes(2 * PART + 12345);
    const blob = await store.put(chunked(data), { maxBytes: data.length, extension: 'zip' });
    expect(blob.size).toBe(data.length);
    expect(blob.sha512).toBe(sha512(data));

    const whole = await store.read(blob.key);
    expect(whole?.size).toBe(data.length);
    expect((await bytesOf(whole!.stream)).equals(data)).toBe(true);

    const start = PART - 10;
    const end = PART + 20;
    const part = await store.read(blob.key, { start, end });
    expect(part?.size).toBe(data.length);
    expect((await bytesOf(part!.stream)).equals(data.subarray(start, end + 1))).toBe(true);
  });

  it('answers short reads at the end of a blob like a file does', async () => {
    const two = await store.put(Buffer.from('PK'), { maxBytes: 100, extension: 'jar' });
    const head = await store.read(two.key, { start: 0, end: 3 });
    expect(head?.size).toBe(2);
    expect((await bytesOf(head!.stream)).toString()).toBe('PK');

    const empty = await store.put(Buffer.alloc(0), { maxBytes: 100, extension: 'jar' });
    expect(empty.size).toBe(0);
    const nothing = await store.read(empty.key, { start: 0, end: 3 });
    expect(nothing?.size).toBe(0);
    expect((await bytesOf(nothing!.stream)).length).toBe(0);
  });

  it('answers undefined / false for unknown and malformed keys', async () => {
    const unknown = `${'a'.repeat(128)}.jar`;
    expect(await store.read(unknown)).toBeUndefined();
    expect(await store.exists(unknown)).toBe(false);
    expect(await store.read('../../etc/passwd')).toBeUndefined();
    expect(await store.exists('../../etc/passwd')).toBe(false);
  });

  it('refuses a file over the limit and keeps nothing of it', async () => {
    const data = randomBytes(PART + 1000);
    await expect(store.put(chunked(data), { maxBytes: PART, extension: 'jar' })).rejects.toBeInstanceOf(PayloadTooLargeError);
    expect(await store.exists(`${sha512(data)}.jar`)).toBe(false);
    expect(await store.sweepUnfinished(-60_000)).toBe(0);
  });

  it('passes on the failure of a broken source', async () => {
    const failure = Object.assign(new Error('client went away'), { statusCode: 400 });
    const source = new Readable({ read() {} });
    source.push(randomBytes(1000));
    setTimeout(() => source.destroy(failure), 20);
    await expect(store.put(source, { maxBytes: 10_000, extension: 'jar' })).rejects.toBe(failure);
    expect(await store.sweepUnfinished(-60_000)).toBe(0);
  });

  it('checks existence and deletes', async () => {
    const data = randomBytes(500);
    const blob = await store.put(data, { maxBytes: 1000, extension: 'png' });
    expect(await store.exists(blob.key)).toBe(true);
    await store.delete(blob.key);
    expect(await store.exists(blob.key)).toBe(false);
    expect(await store.read(blob.key)).toBeUndefined();
    await expect(store.delete(blob.key)).resolves.toBeUndefined();
    const back = await store.put(data, { maxBytes: 1000, extension: 'png' });
    expect(back.created).toBe(true);
  });

  it('sweeps what an interrupted upload left once it is old enough', async () => {
    await subject.leaveUnfinishedUpload();
    expect(await store.sweepUnfinished(60 * 60 * 1000)).toBe(0);
    // A negative age puts the cut-off in the future, so even a leftover of this second counts as old.
    expect(await store.sweepUnfinished(-60_000)).toBe(1);
    expect(await store.sweepUnfinished(-60_000)).toBe(0);
  });
});
