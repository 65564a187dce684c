import { describe, expect, it } from 'vitest';
import { decodeBase62, encodeBase62, newId, parseId, randomId } from './ids.js';

describe('base62 ids', () => {
  it('round-trips values across the whole range', () => {
    for (const value of [0n, 1n, 61n, 62n, 3844n, 62n ** 7n, 62n ** 8n - 1n, (1n << 64n) - 1n]) {
      expect(decodeBase62(encodeBase62(value))).toBe(value);
    }
  });

  it('uses the 0-9, A-Z, a-z alphabet, most significant digit first', () => {
    expect(encodeBase62(10)).toBe('A');
    expect(encodeBase62(36)).toBe('a');
    expect(encodeBase62(62)).toBe('10');
    expect(decodeBase62('zz')).toBe(62n * 61n + 61n);
  });

  it('always produces 8-character ids for new entities', () => {
    for (let i = 0; i < 1000; i++) {
      const id = randomId();
      expect(id >= 62n ** 7n && id < 62n ** 8n).toBe(true);
      expect(newId()).toMatch(/^[0-9A-Za-z]{8}$/);
    }
  });

  it('rejects text that is not base62 or overflows 64 bits', () => {
    expect(decodeBase62('')).toBeUndefined();
    expect(decodeBase62('abc-def')).toBeUndefined();
    expect(decodeBase62('zzzzzzzzzzz')).toBeUndefined();
    expect(decodeBase62('1')).toBe(1n);
  });
});

describe('parseId', () => {
  it('turns request ids into database ids, refusing what no row can have', () => {
    expect(parseId(encodeBase62(62n ** 7n))).toBe(62 ** 7);
    expect(parseId('1')).toBe(1);
    expect(parseId('not-base62')).toBeUndefined();
    expect(parseId(encodeBase62(BigInt(Number.MAX_SAFE_INTEGER) + 1n))).toBeUndefined();
    expect(parseId(encodeBase62((1n << 64n) - 1n))).toBeUndefined();
  });
});

describe('encodeBase62 number fast path', () => {
  it('agrees with the BigInt path', () => {
    for (let i = 0; i < 2000; i++) {
      const id = randomId();
      expect(encodeBase62(Number(id))).toBe(encodeBase62(id));
    }
    expect(encodeBase62(Number.MAX_SAFE_INTEGER)).toBe(encodeBase62(BigInt(Number.MAX_SAFE_INTEGER)));
  });
});
