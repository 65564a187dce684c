import { describe, expect, it } from 'vitest';
import { accessKey, secretsEqual, signAccessToken, verifyAccessToken } from './auth.js';

describe('access tokens', () => {
  const key = accessKey('node-token-0123456789abcdef0123456789');
  const claims = { sid: 'srv1', sub: 'user1', perms: ['console' as const], exp: 2_000_000_000 };

  it('round-trips and refuses tampering, expiry and other keys', () => {
    const token = signAccessToken(key, claims);
    expect(verifyAccessToken(key, token, 1_000_000_000_000)).toEqual(claims);
    expect(verifyAccessToken(key, token, 2_000_000_000_000)).toBeUndefined();
    expect(verifyAccessToken(accessKey('another-token-0123456789abcdef0123'), token, 0)).toBeUndefined();
    expect(verifyAccessToken(key, `${token.slice(0, -2)}AA`, 0)).toBeUndefined();
    expect(verifyAccessToken(key, 'v2.x.y', 0)).toBeUndefined();
    expect(verifyAccessToken(key, 'garbage', 0)).toBeUndefined();
  });

  it('compares node tokens exactly', () => {
    expect(secretsEqual('abc', 'abc')).toBe(true);
    expect(secretsEqual('abc', 'abcd')).toBe(false);
    expect(secretsEqual('', 'abc')).toBe(false);
  });
});
