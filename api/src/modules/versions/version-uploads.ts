import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { Executor } from '../../db/client.js';
import { ApiError, badRequest } from '../../lib/errors.js';
import { PayloadTooLargeError, type FileStore, type StoredBlob } from '../../lib/storage/file-store.js';
import { deleteUnreferencedBlobs } from '../catalogue/blobs.js';
import { readModpackIndex, type ModpackIndex } from './modpack.js';

/** Extensions a version file may have. */
export const VERSION_FILE_EXTENSIONS = ['jar', 'zip', 'litemod', 'mrpack', 'asc', 'gpg', 'sig'] as const;
/** Detached signatures: never chosen as the primary file by default. */
const SIGNATURE_EXTENSIONS = new Set(['asc', 'gpg', 'sig']);

/** A version file received in a multipart request and already in the file store. */
export interface UploadedFile {
  /** Multipart field name (what `file_parts`, `primary_file` and `file_types` refer to). */
  part: string;
  filename: string;
  blob: StoredBlob;
  /** The pack index when the file is a `.mrpack`. */
  modpack: ModpackIndex | undefined;
}

export function fileExtension(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? '' : filename.slice(dot + 1).toLowerCase();
}

export const isSignatureFile = (filename: string) => SIGNATURE_EXTENSIONS.has(fileExtension(filename));

/** Why a file name is refused, or undefined when it is fine: one safe path segment with an allowed extension. */
export function fileNameProblem(filename: string): string | undefined {
  if (filename.length === 0 || filename.length > 255) return 'must be 1 to 255 characters long';
  // eslint-disable-next-line no-control-regex
  if (/[/\\\u0000-\u001f\u007f]/.test(filename)) return 'must be a single file name without slashes or control characters';
  if (filename.trim() !== filename || filename.startsWith('.')) return 'must not start with a dot or start or end with spaces';
  const extension = fileExtension(filename);
  if (!(VERSION_FILE_EXTENSIONS as readonly string[]).includes(extension)) {
    return `must end in one of ${VERSION_FILE_EXTENSIONS.map((e) => `.${e}`).join(', ')}`;
  }
  return undefined;
}

/**
 * Streams one file part into the store (hashes computed on the way, size limit enforced) and
 * reads a modpack's index. The name is checked first, so a refused file is never stored.
 */
export async function storeVersionFile(
  files: FileStore,
  part: { fieldname: string; filename: string | undefined; file: Readable },
  maxBytes: number,
): Promise<UploadedFile> {
  const filename = part.filename ?? '';
  const problem = fileNameProblem(filename);
  if (problem) {
    part.file.resume();
    throw badRequest(`File name '${filename}' of part '${part.fieldname}' ${problem}`);
  }
  let blob: StoredBlob;
  try {
    blob = await files.put(part.file, { maxBytes });
  } catch (error) {
    if (error instanceof PayloadTooLargeError) {
      throw badRequest(`File '${filename}' is larger than the limit of ${Math.floor(maxBytes / (1024 * 1024))} MiB`);
    }
    throw error;
  }
  const upload: UploadedFile = { part: part.fieldname, filename, blob, modpack: undefined };
  if (fileExtension(filename) === 'mrpack') {
    try {
      upload.modpack = await readModpackIndex(files, blob, filename);
    } catch (error) {
      if (blob.created) await files.delete(blob.key);
      throw error;
    }
  }
  return upload;
}

/**
 * Removes the blobs a failed request stored: only those it created itself and that no row
 * refers to (identical bytes may back files of other versions).
 */
export async function discardUploads(db: Executor, files: FileStore, uploads: readonly UploadedFile[]): Promise<void> {
  await deleteUnreferencedBlobs(
    db,
    files,
    uploads.filter((u) => u.blob.created).map((u) => u.blob.key),
  );
}

/** Multipart errors from the framework (too many parts, truncated bodies) as 400s. */
export function asUploadError(error: unknown): unknown {
  if (error instanceof ApiError) return error;
  const e = error as { statusCode?: number; message?: string; code?: string };
  if (e.code === 'FST_REQ_FILE_TOO_LARGE') return badRequest('A file is larger than the size limit');
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) return badRequest(e.message ?? 'Malformed multipart request');
  return error;
}

/** One part of a multipart request, as the services see it. */
export type UploadPart =
  | { type: 'field'; fieldname: string; value: unknown }
  | { type: 'file'; fieldname: string; filename: string | undefined; file: Readable };

/**
 * Parses a JSON text field with a schema; failures are 400s naming the field, e.g.
 * "Invalid data 'version_number': Too big: expected string to have <=32 characters".
 */
export function parseJsonField<T extends z.ZodType>(value: unknown, schema: T, name: string): z.infer<T> {
  let json: unknown;
  try {
    json = JSON.parse(typeof value === 'string' ? value : String(value));
  } catch {
    throw badRequest(`Invalid ${name}: not valid JSON`);
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  throw badRequest(
    `Invalid ${parsed.error.issues
      .map((issue) => (issue.path.length ? `${name} '${issue.path.join('.')}': ${issue.message}` : `${name}: ${issue.message}`))
      .join('; ')}`,
  );
}
