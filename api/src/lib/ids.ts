import { randomInt } from 'node:crypto';

/**
 * Entity ids are random integers in [62^7, 62^8) rendered as 8 base62 characters
 * (alphabet 0-9, A-Z, a-z, most significant digit first), as the public v2 API does.
 * Parsing accepts any length that fits in an unsigned 64-bit integer.
 */
export const BASE62_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const MIN_ID = 62 ** 7; // 3_521_614_606_208
const MAX_ID = 62 ** 8; // 218_340_105_584_896 (exclusive); below 2^53, so plain numbers are exact
const U64_MAX = (1n << 64n) - 1n;

export function encodeBase62(value: bigint | number): string {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) {
    // Fast path: every entity id is a safe integer (below 62^8 < 2^53), and number division is
    // far cheaper than BigInt on the bulk routes that encode thousands of ids per request.
    let out = '';
    for (let n = value; n > 0; n = Math.floor(n / 62)) out = BASE62_ALPHABET[n % 62] + out;
    return out;
  }
  let n = BigInt(value);
  if (n < 0n) throw new RangeError('ids are never negative');
  if (n === 0n) return '0';
  let out = '';
  while (n > 0n) {
    out = BASE62_ALPHABET[Number(n % 62n)] + out;
    n /= 62n;
  }
  return out;
}

/** Returns undefined for text that is not a base62 number fitting in 64 bits. */
export function decodeBase62(text: string): bigint | undefined {
  if (text.length === 0 || text.length > 11) return undefined;
  let n = 0n;
  for (const ch of text) {
    const digit = BASE62_ALPHABET.indexOf(ch);
    if (digit < 0) return undefined;
    n = n * 62n + BigInt(digit);
  }
  return n <= U64_MAX ? n : undefined;
}

/** A fresh random id; callers insert it and retry on the (astronomically rare) unique violation. */
export function randomId(): bigint {
  // randomInt's range must stay below 2^48, and MAX_ID - MIN_ID is about 2^47.5.
  return BigInt(MIN_ID + randomInt(0, MAX_ID - MIN_ID));
}

export function newId(): string {
  return encodeBase62(randomId());
}

/**
 * A base62 id from a request as a database id. Undefined when the text is not base62 or names a
 * number no row can have (generated ids are below 2^53), so callers answer "not found".
 */
export function parseId(text: string): number | undefined {
  const n = decodeBase62(text);
  return n !== undefined && n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : undefined;
}
