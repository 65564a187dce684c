import { badRequest } from './errors.js';

/** The raw image bytes of an upload route's body (PNG, JPEG, GIF or WebP), or a 400 `invalid_image`. */
export function imageBody(body: unknown): Buffer {
  if (!Buffer.isBuffer(body) || body.length === 0) {
    throw badRequest('The request body must be the image bytes (Content-Type image/png, image/jpeg, image/gif or image/webp)', 'invalid_image');
  }
  return body;
}
