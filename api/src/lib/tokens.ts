import { createHash, randomBytes } from 'node:crypto';
import { BASE62_ALPHABET } from './ids.js';

/**
 * Bearer credentials: a kind prefix, an underscore and 60 random base62 characters. The kind is
 * read from the text before the first underscore; only a SHA-256 hash is ever stored.
 */
export const TOKEN_PREFIXES = {
  session: 'crs',
  pat: 'crp',
  oauth: 'cro',
} as const;
export type TokenKind = keyof typeof TOKEN_PREFIXES;

/** Random base62 text of the given length (rejection sampling keeps it uniform). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62_ALPHABET[byte % 62];
    }
  }
  return out;
}

export function generateToken(kind: TokenKind): string {
  return `${TOKEN_PREFIXES[kind]}_${randomBase62(60)}`;
}

/**
 * OAuth app client secrets have a prefix of their own so secret scanners recognise them. They are
 * never bearer credentials: the API refuses them in place of a token.
 */
export const CLIENT_SECRET_PREFIX = 'crc';

export function generateClientSecret(): string {
  return `${CLIENT_SECRET_PREFIX}_${randomBase62(60)}`;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The kind of a presented token, from its prefix; undefined for anything else. */
export function tokenKind(token: string): TokenKind | undefined {
  const prefix = token.slice(0, token.indexOf('_'));
  return (Object.keys(TOKEN_PREFIXES) as TokenKind[]).find((kind) => TOKEN_PREFIXES[kind] === prefix);
}

/** `Authorization: <token>` or `Authorization: Bearer <token>`. */
export function tokenFromAuthorizationHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const value = header.trim().replace(/^Bearer\s+/i, '');
  return value || undefined;
}
