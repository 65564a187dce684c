import { randomBytes } from 'node:crypto';
import { pipeline, Readable, type Transform } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertBlobExtension, blobKeyOf, hashingLimiter, isBlobKey, type FileStore } from './file-store.js';

export interface S3FileStoreOptions {
  bucket: string;
  /** Unset: the provider's default endpoint (AWS). Set for R2, MinIO and other compatible servers. */
  endpoint?: string;
  region: string;
  /** Unset: the SDK's default credential chain (environment, instance role…). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Bucket in the path (`endpoint/bucket/key`) instead of the host name; MinIO and most local servers need it. */
  forcePathStyle: boolean;
  /** Prepended to every object name, so one bucket can hold several instances. */
  keyPrefix: string;
  /** Size of the parts large uploads are sent in (the upload buffers a few of them at a time). */
  partSizeBytes?: number;
  /** Set: downloads are handed presigned GET URLs that work this many seconds. */
  presignSeconds?: number;
}

/** Single-request copies are limited to this size by S3, so the store refuses larger files up front. */
export const S3_MAX_OBJECT_COPY_BYTES = 5 * 1024 * 1024 * 1024;
const DEFAULT_PART_SIZE = 8 * 1024 * 1024;
const PARALLEL_PARTS = 4;

/**
 * Blobs in an S3-compatible bucket under `<prefix>blobs/<key>`. The content address is only known
 * once every byte has passed, so an upload is streamed (in parts when large) to `<prefix>tmp/…`
 * while it is hashed, then copied server-side to its address; what a killed process leaves under
 * `tmp/` is removed by sweepUnfinished.
 */
export function createS3FileStore(options: S3FileStoreOptions): FileStore {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    ...(options.credentials ? { credentials: options.credentials } : {}),
    // Optional integrity checksums are not understood by every compatible server; sizes and
    // hashes are checked by the store itself.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;
  const blobName = (key: string) => `${options.keyPrefix}blobs/${key}`;
  const tmpPrefix = `${options.keyPrefix}tmp/`;

  async function head(name: string): Promise<{ size: number } | undefined> {
    try {
      const out = await client.send(new HeadObjectCommand({ Bucket, Key: name }));
      return { size: out.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async function deleteObject(name: string): Promise<void> {
    await client.send(new DeleteObjectCommand({ Bucket, Key: name }));
  }

  const store: FileStore = {
    async put(source, { maxBytes, extension }) {
      assertBlobExtension(extension);
      if (maxBytes > S3_MAX_OBJECT_COPY_BYTES) throw new Error(`the S3 file store keeps files up to ${S3_MAX_OBJECT_COPY_BYTES} bytes`);
      const temporary = `${tmpPrefix}${Date.now()}-${randomBytes(6).toString('hex')}`;
      const limiter = hashingLimiter(maxBytes);
      const input = Buffer.isBuffer(source) ? Readable.from([source]) : source;
      // pipeline carries a failure of either side (a broken request body, the size limit) into the upload.
      const body: Transform = pipeline(input, limiter.transform, () => undefined);
      try {
        const upload = new Upload({
          client,
          params: { Bucket, Key: temporary, Body: body },
          partSize: options.partSizeBytes ?? DEFAULT_PART_SIZE,
          queueSize: PARALLEL_PARTS,
        });
        try {
          await upload.done();
        } catch (error) {
          // The store's own errors (size limit, client aborts) matter more than the upload's wrapping.
          throw body.errored ?? input.errored ?? error;
        }
        const hashes = limiter.result();
        const key = blobKeyOf(hashes.sha512, extension);
        const existed = (await head(blobName(key))) !== undefined;
        // Copied even when it existed: the fresh modification time restarts the grace period of a
        // blob the orphan sweeper might otherwise take before the new row refers to it.
        await client.send(new CopyObjectCommand({ Bucket, Key: blobName(key), CopySource: `${Bucket}/${encodeURI(temporary)}` }));
        return { key, ...hashes, created: !existed };
      } finally {
        if (!body.destroyed) body.destroy();
        await deleteObject(temporary).catch(() => undefined);
      }
    },

    async read(key, range) {
      if (!isBlobKey(key)) return undefined;
      try {
        const out = await client.send(
          new GetObjectCommand({ Bucket, Key: blobName(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
        );
        if (!(out.Body instanceof Readable)) throw new Error('the S3 client did not answer a stream');
        const size = range ? totalOfContentRange(out.ContentRange) : out.ContentLength;
        if (size === undefined) throw new Error('the S3 server did not tell the object size');
        if (size === 0) {
          // Some compatible servers answer a range of an empty object with a byte they never send.
          out.Body.destroy();
          return { size, stream: Readable.from([]) };
        }
        return { size, stream: out.Body };
      } catch (error) {
        if (isNotFound(error)) return undefined;
        // A range starting at or past the end: the disk store answers no bytes, so this one does too.
        if (statusOf(error) === 416) {
          const found = await head(blobName(key));
          return found && { size: found.size, stream: Readable.from([]) };
        }
        throw error;
      }
    },

    async exists(key) {
      return isBlobKey(key) && (await head(blobName(key))) !== undefined;
    },

    async delete(key) {
      if (isBlobKey(key)) await deleteObject(blobName(key));
    },

    async *list() {
      const prefix = `${options.keyPrefix}blobs/`;
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(prefix.length);
          if (key && isBlobKey(key) && object.LastModified) yield { key, modifiedAt: object.LastModified.getTime() };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    async sweepUnfinished(olderThanMs) {
      const cutoff = Date.now() - olderThanMs;
      let removed = 0;
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: tmpPrefix, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          // A temporary object is complete once listed; its upload only has the copy left to do.
          if (object.Key && object.LastModified && object.LastModified.getTime() < cutoff) {
            await deleteObject(object.Key);
            removed += 1;
          }
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      removed += await abortStaleMultipartUploads(cutoff);
      return removed;
    },
  };

  const presignSeconds = options.presignSeconds;
  if (presignSeconds !== undefined) {
    store.presignedUrl = (key, { contentDisposition, contentType, signedAt }) => {
      if (!isBlobKey(key)) throw new Error('not a blob key');
      // Signed locally: no request reaches the bucket, and the URL says nothing of whether the object exists.
      const command = new GetObjectCommand({ Bucket, Key: blobName(key), ResponseContentDisposition: contentDisposition, ResponseContentType: contentType });
      return getSignedUrl(client, command, { expiresIn: presignSeconds, ...(signedAt ? { signingDate: signedAt } : {}) });
    };
  }
  return store;

  /** Parts of large uploads whose process died; not every compatible server can list them. */
  async function abortStaleMultipartUploads(cutoff: number): Promise<number> {
    let removed = 0;
    let KeyMarker: string | undefined;
    let UploadIdMarker: string | undefined;
    try {
      do {
        const page = await client.send(new ListMultipartUploadsCommand({ Bucket, Prefix: tmpPrefix, KeyMarker, UploadIdMarker }));
        for (const upload of page.Uploads ?? []) {
          if (upload.Key && upload.UploadId && upload.Initiated && upload.Initiated.getTime() < cutoff) {
            await client.send(new AbortMultipartUploadCommand({ Bucket, Key: upload.Key, UploadId: upload.UploadId }));
            removed += 1;
          }
        }
        KeyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
        UploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
      } while (KeyMarker);
    } catch (error) {
      if (error instanceof S3ServiceException && error.name === 'NotImplemented') return removed;
      throw error;
    }
    return removed;
  }
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;
}

/** A missing object (HEAD answers a bare 404, named NotFound); a missing bucket stays an error. */
function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound');
}

/** `bytes 0-3/1234` → 1234. */
function totalOfContentRange(header: string | undefined): number | undefined {
  const match = header ? /\/(\d+)$/.exec(header) : null;
  return match ? Number(match[1]) : undefined;
}
