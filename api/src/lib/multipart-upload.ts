import type { FastifyRequest } from 'fastify';
import type { Multipart as MultipartPart } from '@fastify/multipart';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import { GALLERY_IMAGE_MAX_BYTES } from '@cairn/shared/constants/gallery';
import { ApiError, badRequest } from './errors.js';
import { PayloadTooLargeError, type FileStore, type StoredBlob } from './storage/file-store.js';
import { findUnsafeString } from './unsafe-strings.js';

/** Largest version file accepted. */
export const MAX_VERSION_FILE_BYTES = 500 * 1024 * 1024;
export const MAX_ICON_BYTES = 256 * 1024;
export const MAX_GALLERY_IMAGE_BYTES = GALLERY_IMAGE_MAX_BYTES;

export interface UploadedFile {
  /** Multipart field name. */
  field: string;
  filename: string;
  blob: StoredBlob;
}

/** How a part named in `data` is taken: streamed into the file store, or kept in memory as an image. */
export type PartKind = { kind: 'file' } | { kind: 'image'; maxBytes: number };

export interface CatalogueUpload<T> {
  data: T;
  files: UploadedFile[];
  images: Map<string, Buffer>;
}

/** Turns a zod failure on the `data` part into a 400 naming the field. */
export function describeDataIssue(error: z.ZodError): string {
  const issue = error.issues[0]!;
  const field = issue.path.map(String).join('.');
  return field ? `Invalid data '${field}': ${issue.message}` : `Invalid data: ${issue.message}`;
}

async function readLimited(stream: Readable, maxBytes: number, field: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) tooLarge = true; // keep draining so the request can finish
    else chunks.push(chunk as Buffer);
  }
  if (tooLarge) throw badRequest(`'${field}' is larger than the limit of ${maxBytes} bytes`, 'invalid_image');
  return Buffer.concat(chunks);
}

/** The errors the multipart parser raises for bodies that do not follow the format. */
export function isMalformedMultipart(error: unknown): boolean {
  return (
    error instanceof Error &&
    /^(Multipart: |Unexpected end of (multipart data|form)|Malformed part header|.* terminated early due to unexpected end of multipart data)/.test(
      error.message,
    )
  );
}

/** The `data` part as JSON, whether it was sent as a field, a JSON-typed field, or a file. */
async function readDataPart(part: MultipartPart): Promise<unknown> {
  if (part.type === 'field' && typeof part.value !== 'string' && part.value !== undefined) return part.value;
  const text = part.type === 'file' ? (await readLimited(part.file, 4 * 1024 * 1024, 'data')).toString('utf8') : String(part.value);
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('The "data" part is not valid JSON');
  }
}

/**
 * Reads a catalogue upload (POST /project, POST /version): the first part must be `data`
 * (JSON, validated by `schema`); every later part must be one `classify` knows. Version
 * files stream into the file store (hashed on the way); images are buffered under their
 * limit. If anything fails, the blobs stored so far are handed to `discard` before the
 * error propagates.
 */
export async function readCatalogueUpload<S extends z.ZodType>(
  request: FastifyRequest,
  files: FileStore,
  options: {
    schema: S;
    classify: (data: z.infer<S>, field: string) => PartKind | undefined;
    /** Blobs this request stored (never ones that already existed) when anything fails. */
    discard: (keys: string[]) => Promise<void>;
    /** Largest version file (config.maxFileBytes). */
    maxFileBytes?: number;
    /** Why a file name is refused (checked before anything is stored). */
    checkFile?: (filename: string) => string | undefined;
    /** Runs once `data` is valid, before any file is read (e.g. permission checks). */
    afterData?: (data: z.infer<S>) => Promise<void>;
    /** When given, `data` may be left out and this is used instead. */
    defaultData?: z.infer<S>;
  },
): Promise<CatalogueUpload<z.infer<S>>> {
  const maxFileBytes = options.maxFileBytes ?? MAX_VERSION_FILE_BYTES;
  if (!request.isMultipart()) throw badRequest('The request must be multipart/form-data with a "data" part first');
  let data: z.infer<S> | undefined;
  const stored: UploadedFile[] = [];
  const images = new Map<string, Buffer>();
  const seen = new Set<string>();
  try {
    const parts = request.parts({ limits: { fileSize: maxFileBytes + 1, fieldSize: 4 * 1024 * 1024, parts: 600 } });
    for await (const part of parts) {
      const field = part.fieldname;
      if (data === undefined && field !== 'data' && options.defaultData !== undefined) {
        data = options.defaultData;
        await options.afterData?.(data);
      }
      if (data === undefined) {
        if (field !== 'data') throw badRequest('The first part of the upload must be "data"');
        const json = await readDataPart(part);
        const unsafe = findUnsafeString(json);
        if (unsafe) throw badRequest(`Invalid data '${unsafe.path}': ${unsafe.reason}`);
        const parsed = options.schema.safeParse(json);
        if (!parsed.success) throw badRequest(describeDataIssue(parsed.error));
        data = parsed.data as z.infer<S>;
        await options.afterData?.(data);
        continue;
      }
      if (seen.has(field)) throw badRequest(`The part '${field}' appears more than once`);
      seen.add(field);
      const kind = options.classify(data, field);
      if (!kind || part.type !== 'file') {
        if (part.type === 'file') part.file.resume();
        throw badRequest(`Unexpected part '${field}': it is not named in "data"`);
      }
      if (kind.kind === 'image') {
        images.set(field, await readLimited(part.file, kind.maxBytes, field));
        continue;
      }
      const filename = part.filename;
      const extension = filename.includes('.') ? filename.split('.').pop()!.toLowerCase() : '';
      const problem = options.checkFile?.(filename);
      if (problem || !/^[a-z0-9]{1,8}$/.test(extension)) {
        part.file.resume();
        throw badRequest(`File name '${filename}' of part '${field}' ${problem ?? 'needs an extension'}`);
      }
      try {
        const blob = await files.put(part.file, { maxBytes: maxFileBytes, extension });
        stored.push({ field, filename, blob });
      } catch (error) {
        if (error instanceof PayloadTooLargeError) {
          throw badRequest(`File '${filename}' is larger than the limit of ${maxFileBytes} bytes`);
        }
        throw error;
      }
    }
    if (data === undefined) data = options.defaultData;
    if (data === undefined) throw badRequest('The upload has no "data" part');
    return { data, files: stored, images };
  } catch (error) {
    await options.discard(stored.filter((f) => f.blob.created).map((f) => f.blob.key));
    if (error instanceof ApiError) throw error;
    // Malformed multipart bodies and busboy limits are the client's fault.
    const status = (error as { statusCode?: number }).statusCode;
    if ((status && status >= 400 && status < 500) || isMalformedMultipart(error)) {
      throw badRequest(`Malformed upload: ${(error as Error).message}`);
    }
    throw error;
  }
}
