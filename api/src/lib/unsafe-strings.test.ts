import { describe, expect, it } from 'vitest';
import { findUnsafeString } from './unsafe-strings.js';

describe('findUnsafeString', () => {
  it('accepts ordinary text, emoji and non-string values', () => {
    expect(findUnsafeString({ a: 'plain', b: ['naïve', '🙂'], c: 3, d: null, e: new Uint8Array([0]) })).toBeNull();
  });

  it('names the path of a NUL character', () => {
    expect(findUnsafeString({ gallery: [{ title: 'ok' }, { title: 'a\u0000b' }] })).toEqual({
      path: 'gallery.1.title',
      reason: 'must not contain a NUL character',
    });
  });

  it('finds unpaired surrogates on either side but not pairs', () => {
    expect(findUnsafeString('x\uD83D')).toEqual({ path: '', reason: 'must not contain an unpaired UTF-16 surrogate' });
    expect(findUnsafeString(['\uDE00x'])?.path).toBe('0');
    expect(findUnsafeString('\uD83D\uDE00')).toBeNull();
  });

  it('checks object keys', () => {
    expect(findUnsafeString({ links: { 'a\u0000': 'x' } })).toEqual({
      path: 'key links.a\uFFFD',
      reason: 'must not contain a NUL character',
    });
  });
});
