import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import { addProblem, booleanFlag, optionalUrl } from './env-values.js';

/** S3 copies an object server-side in one request only up to this size. */
const S3_MAX_FILE_BYTES = 5 * 1024 * 1024 * 1024;

/** Uploaded files: where they are kept, how large they may be and how downloads are served. */
export const filesSchema = z.object({
  /** Where uploaded files are kept: local (the data folder's files/) or s3 (an S3-compatible bucket). */
  FILE_STORE: z.enum(['local', 's3']).default('local'),
  /** S3 endpoint (unset = AWS); e.g. https://<account>.r2.cloudflarestorage.com or http://minio:9000. */
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: z.string().regex(/^[a-zA-Z0-9.\-_]{3,255}$/, 'not a bucket name').optional(),
  /** AWS region of the bucket; R2 uses "auto"; any value suits MinIO. */
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Unset: the SDK's default credential chain (AWS_* variables, instance role…). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Address the bucket in the path (needed by MinIO and most self-hosted servers). */
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  /** Prepended to every object name, so several instances can share one bucket (e.g. "cairn/"). */
  S3_KEY_PREFIX: z.string().regex(/^[a-zA-Z0-9!_.*'()/-]*$/, 'letters, digits and !_.*\'()/- only').default(''),
  /**
   * How version file downloads are served: `api` streams them through the API; `presigned`
   * (FILE_STORE=s3 only) redirects to a short-lived presigned URL of the bucket.
   */
  FILE_URL_MODE: z.enum(['api', 'presigned']).default('api'),
  /** Lifetime of a presigned download URL (S3 allows at most a week). */
  S3_PRESIGN_TTL_SECONDS: z.coerce.number().int().min(1).max(604_800).default(300),
  /** Largest uploaded version file. */
  MAX_FILE_BYTES: z.coerce.number().int().min(1024).default(500 * 1024 * 1024),
  /**
   * Signs the short-lived download links of files that are not public (drafts, hidden
   * projects). Unset: a random secret per process, so links stop working on restart and every
   * API process behind one address must be given the same value.
   */
  FILE_URL_SECRET: z.string().min(32).optional(),
});

export type FilesEnv = z.infer<typeof filesSchema>;

export interface FilesSection {
  /** Uploaded files live here (the disk file store). */
  filesDir: string;
  /** Which file store keeps uploads (FILE_STORE and the S3_* variables). */
  fileStore: FileStoreConfig;
  maxFileBytes: number;
  /** HMAC key of signed file links (see FILE_URL_SECRET). */
  fileUrlSecret: string;
}

export type FileStoreConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      endpoint: string | undefined;
      region: string;
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
      keyPrefix: string;
      /** Set when downloads redirect to presigned URLs (FILE_URL_MODE=presigned): their lifetime. */
      presignSeconds: number | undefined;
    };

export function checkFiles(env: FilesEnv, ctx: z.RefinementCtx): void {
  if (env.FILE_STORE === 's3') {
    if (!env.S3_BUCKET) addProblem(ctx, 'S3_BUCKET', 'required when FILE_STORE is s3');
    // Uploads reach their content address by a server-side copy, which S3 limits to 5 GiB.
    if (env.MAX_FILE_BYTES > S3_MAX_FILE_BYTES) addProblem(ctx, 'MAX_FILE_BYTES', `at most ${S3_MAX_FILE_BYTES} with FILE_STORE=s3`);
  }
  if (env.FILE_URL_MODE === 'presigned' && env.FILE_STORE !== 's3') addProblem(ctx, 'FILE_URL_MODE', 'presigned needs FILE_STORE=s3');
  if (env.S3_ACCESS_KEY_ID && !env.S3_SECRET_ACCESS_KEY) addProblem(ctx, 'S3_SECRET_ACCESS_KEY', 'required when S3_ACCESS_KEY_ID is set');
  if (env.S3_SECRET_ACCESS_KEY && !env.S3_ACCESS_KEY_ID) addProblem(ctx, 'S3_ACCESS_KEY_ID', 'required when S3_SECRET_ACCESS_KEY is set');
}

export function filesSection(env: FilesEnv, dataDir: string): FilesSection {
  return {
    filesDir: join(dataDir, 'files'),
    fileStore: fileStore(env),
    maxFileBytes: env.MAX_FILE_BYTES,
    fileUrlSecret: env.FILE_URL_SECRET ?? randomBytes(32).toString('hex'),
  };
}

function fileStore(env: FilesEnv): FileStoreConfig {
  if (env.FILE_STORE !== 's3' || !env.S3_BUCKET) return { kind: 'local' };
  return {
    kind: 's3',
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    credentials: env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } : undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    keyPrefix: env.S3_KEY_PREFIX,
    presignSeconds: env.FILE_URL_MODE === 'presigned' ? env.S3_PRESIGN_TTL_SECONDS : undefined,
  };
}

/** Origin of the presigned download URLs the bucket is addressed by (FILE_URL_MODE=presigned), as the S3 client builds them. */
export function presignedOrigin(store: FileStoreConfig): string | undefined {
  if (store.kind !== 's3' || store.presignSeconds === undefined) return undefined;
  if (store.endpoint) {
    const endpoint = new URL(store.endpoint);
    return store.forcePathStyle ? endpoint.origin : `${endpoint.protocol}//${store.bucket}.${endpoint.host}`;
  }
  return store.forcePathStyle ? `https://s3.${store.region}.amazonaws.com` : `https://${store.bucket}.s3.${store.region}.amazonaws.com`;
}
