import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a signed link to a non-public file works. */
export const FILE_TOKEN_TTL_MS = 60 * 60 * 1000;

/** What a token is bound to: one file of one version, by its path and its bytes. */
export interface SignedFile {
  /** Base62 ids as they appear in the file's URL. */
  projectId: string;
  versionId: string;
  filename: string;
  sha1: string;
}

export type TokenCheck = 'valid' | 'expired' | 'invalid';

/**
 * Short-lived tokens for download links of files only some may see: `<expiry>.<hmac>`, where
 * the HMAC-SHA256 (server secret) covers the expiry, the file's path and its sha1, so a token
 * opens exactly one file, until its expiry, and not a replacement uploaded under the same name.
 */
export function createFileTokens(secret: string, ttlMs = FILE_TOKEN_TTL_MS) {
  const mac = (file: SignedFile, expires: number) =>
    createHmac('sha256', secret).update(`${expires}\n${file.projectId}/${file.versionId}/${file.filename}\n${file.sha1}`).digest();

  return {
    sign(file: SignedFile, now = Date.now()): string {
      const expires = Math.floor((now + ttlMs) / 1000);
      return `${expires}.${mac(file, expires).toString('base64url')}`;
    },

    check(file: SignedFile, token: string, now = Date.now()): TokenCheck {
      const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return 'invalid';
      const expires = Number(match[1]);
      // Compared as text, so only the one canonical encoding of the MAC is accepted.
      const given = Buffer.from(match[2]!);
      const expected = Buffer.from(mac(file, expires).toString('base64url'));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
      return expires * 1000 > now ? 'valid' : 'expired';
    },
  };
}

export type FileTokens = ReturnType<typeof createFileTokens>;
