import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../lib/errors.js';
import type { UploadPart } from './version-uploads.js';

/** The `data` part is small JSON, even when a client sends it as a file. */
const MAX_DATA_BYTES = 2 * 1024 * 1024;

/**
 * A multipart request as the services see it: fields and file streams, in order. A `data`
 * part sent as a file is read as text.
 */
export async function* uploadParts(request: FastifyRequest): AsyncGenerator<UploadPart> {
  if (!request.isMultipart()) throw badRequest('The request must be multipart/form-data');
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      yield { type: 'field', fieldname: part.fieldname, value: part.value };
    } else if (part.fieldname === 'data') {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file) {
        size += (chunk as Buffer).length;
        if (size > MAX_DATA_BYTES) throw badRequest("The 'data' part is too large");
        chunks.push(chunk as Buffer);
      }
      yield { type: 'field', fieldname: 'data', value: Buffer.concat(chunks).toString('utf8') };
    } else {
      yield { type: 'file', fieldname: part.fieldname, filename: part.filename, file: part.file };
    }
  }
}
