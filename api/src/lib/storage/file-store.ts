import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ApiError } from '../errors.js';

export interface StoredBlob {
  /** Content address: the sha512 (hex), plus `.ext` when an extension was given. */
  key: string;
  size: number;
  sha1: string;
  sha512: string;
  /** False when identical bytes were already stored (the blob may belong to other rows). */
  created: boolean;
}

export interface BlobRead {
  stream: Readable;
  size: number;
}

/**
 * Where uploaded bytes live. Blobs are content-addressed by sha512, so identical uploads are
 * stored once; sha1 and sha512 are computed while streaming and the size limit is enforced
 * before anything is kept.
 */
export interface FileStore {
  put(source: Readable | Buffer, options: { maxBytes: number; extension?: string }): Promise<StoredBlob>;
  /** The blob's bytes (optionally a byte range, inclusive end), or undefined when absent. */
  read(key: string, range?: { start: number; end: number }): Promise<BlobRead | undefined>;
  /** Whether a blob with this key is stored. */
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Removes what uploads that never finished left behind (a process killed mid-upload); answers how many. */
  sweepUnfinished(olderThanMs: number): Promise<number>;
  /** Every stored blob with the time it was last written (a deduplicated upload counts as a write). */
  list(): AsyncIterable<{ key: string; modifiedAt: number }>;
  /**
   * Present only when the store hands out direct download links: a URL that serves the blob's
   * bytes for a bounded time, with the given response headers (`signedAt` defaults to now).
   */
  presignedUrl?(key: string, download: PresignedDownload): Promise<string>;
}

export interface PresignedDownload {
  contentDisposition: string;
  contentType: string;
  signedAt?: Date;
}

const KEY_PATTERN = /^[0-9a-f]{128}(\.[a-z0-9]{1,8})?$/;

export function isBlobKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function assertBlobExtension(extension: string | undefined): void {
  if (extension && !/^[a-z0-9]{1,8}$/.test(extension)) throw new Error('invalid blob extension');
}

export function blobKeyOf(sha512: string, extension: string | undefined): string {
  return extension ? `${sha512}.${extension}` : sha512;
}

export class PayloadTooLargeError extends ApiError {
  constructor(maxBytes: number) {
    super(413, 'payload_too_large', `The file is larger than the limit of ${maxBytes} bytes`);
  }
}

/** Hashes and counts bytes as they pass, failing once the limit is exceeded. */
export function hashingLimiter(maxBytes: number) {
  const sha1 = createHash('sha1');
  const sha512 = createHash('sha512');
  let size = 0;
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) return callback(new PayloadTooLargeError(maxBytes));
      sha1.update(chunk);
      sha512.update(chunk);
      callback(null, chunk);
    },
  });
  return { transform, result: () => ({ size, sha1: sha1.digest('hex'), sha512: sha512.digest('hex') }) };
}

/** The default store: files under a folder (the data folder's `files/`), sharded by hash prefix. */
export function createDiskFileStore(root: string): FileStore {
  const pathOf = (key: string) => join(root, key.slice(0, 2), key.slice(2, 4), key);
  return {
    async put(source, options) {
      assertBlobExtension(options.extension);
      const temporary = join(root, 'tmp', `${Date.now()}-${randomBytes(6).toString('hex')}`);
      await mkdir(dirname(temporary), { recursive: true });
      const limiter = hashingLimiter(options.maxBytes);
      try {
        const input = Buffer.isBuffer(source) ? Readable.from([source]) : source;
        await pipeline(input, limiter.transform, createWriteStream(temporary));
        const hashes = limiter.result();
        const key = blobKeyOf(hashes.sha512, options.extension);
        const target = pathOf(key);
        await mkdir(dirname(target), { recursive: true });
        const existed = await access(target).then(
          () => true,
          () => false,
        );
        if (!existed) await rename(temporary, target);
        // A blob that already existed may be an orphan about to be swept: writing it again
        // restarts its grace period (see sweepOrphanBlobs) until the new row refers to it.
        else await utimes(target, new Date(), new Date()).catch(() => undefined);
        return { key, ...hashes, created: !existed };
      } finally {
        await rm(temporary, { force: true });
      }
    },
    async read(key, range) {
      if (!isBlobKey(key)) return undefined;
      const path = pathOf(key);
      try {
        const { size } = await stat(path);
        return { size, stream: createReadStream(path, range) };
      } catch {
        return undefined;
      }
    },
    async exists(key) {
      if (!isBlobKey(key)) return false;
      return access(pathOf(key)).then(
        () => true,
        () => false,
      );
    },
    async delete(key) {
      if (isBlobKey(key)) await rm(pathOf(key), { force: true });
    },
    async *list() {
      const shards = (folder: string) => readdir(folder).then((names) => names.filter((n) => /^[0-9a-f]{2}$/.test(n)), () => [] as string[]);
      for (const first of await shards(root)) {
        for (const second of await shards(join(root, first))) {
          const folder = join(root, first, second);
          for (const key of await readdir(folder).catch(() => [] as string[])) {
            if (!isBlobKey(key)) continue;
            const modifiedAt = await stat(join(folder, key)).then((s) => s.mtimeMs, () => undefined);
            if (modifiedAt !== undefined) yield { key, modifiedAt };
          }
        }
      }
    },
    async sweepUnfinished(olderThanMs) {
      const folder = join(root, 'tmp');
      const names = await readdir(folder).catch(() => [] as string[]);
      let removed = 0;
      for (const name of names) {
        const path = join(folder, name);
        // The modification time moves while an upload is still writing, so a live upload is never taken.
        const modified = await stat(path).then((s) => s.mtimeMs, () => undefined);
        if (modified !== undefined && Date.now() - modified > olderThanMs) {
          await rm(path, { force: true });
          removed += 1;
        }
      }
      return removed;
    },
  };
}
