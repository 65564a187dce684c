import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { ApiError, badRequest } from '../../../lib/errors.js';
import { isMalformedMultipart } from '../../../lib/multipart-upload.js';

/**
 * Streams the single file part of a multipart request into a private temporary file (never
 * memory: archives are read from disk), runs `use` on it, and removes it afterwards.
 */
export async function withUploadedFile<T>(request: FastifyRequest, maxBytes: number, use: (path: string) => Promise<T>): Promise<T> {
  if (!request.isMultipart()) throw badRequest('The request must be multipart/form-data with one file part');
  const folder = await mkdtemp(join(tmpdir(), 'cairn-infer-'));
  try {
    const path = join(folder, 'upload');
    let received = false;
    try {
      for await (const part of request.parts({ limits: { fileSize: maxBytes, fieldSize: 64 * 1024, parts: 10 } })) {
        if (part.type !== 'file') throw badRequest(`Unexpected part '${part.fieldname}': send only the file`);
        if (received) {
          part.file.resume();
          throw badRequest('Send exactly one file part');
        }
        received = true;
        await pipeline(part.file, createWriteStream(path));
      }
    } catch (error) {
      if (error instanceof ApiError) throw error;
      const { statusCode: status, code } = error as { statusCode?: number; code?: string };
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(`The file is larger than the limit of ${maxBytes} bytes`);
      if ((status && status >= 400 && status < 500) || isMalformedMultipart(error)) throw badRequest(`Malformed upload: ${(error as Error).message}`);
      throw error;
    }
    if (!received) throw badRequest('The upload has no file part');
    return await use(path);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
