import { fileExtension } from './version-uploads.js';

const CONTENT_TYPES: Record<string, string> = {
  jar: 'application/java-archive',
  zip: 'application/zip',
  litemod: 'application/zip',
  mrpack: 'application/zip',
  asc: 'application/pgp-signature',
  gpg: 'application/pgp-signature',
  sig: 'application/pgp-signature',
};

export function downloadContentType(filename: string): string {
  return CONTENT_TYPES[fileExtension(filename)] ?? 'application/octet-stream';
}

/** Content-Disposition with a plain fallback name and the exact UTF-8 one. */
export function contentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
