import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/errors.js';
import { appendQuery, digestsEqual, pkceProblem, readClientCredentials, resolveRedirectUri, s256, verifierMatches } from './oauth-protocol.js';

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof ApiError ? `${error.statusCode} ${error.code}` : 'other';
  }
  return 'none';
};

describe('redirect URIs', () => {
  const registered = ['https://app.test/cb?from=cairn', 'com.example.app:/oauth'];

  it('match a registered URI exactly, its query included, and default to the first', () => {
    expect(resolveRedirectUri(registered, undefined)).toBe('https://app.test/cb?from=cairn');
    expect(resolveRedirectUri(registered, 'https://app.test/cb?from=cairn')).toBe('https://app.test/cb?from=cairn');
    expect(resolveRedirectUri(registered, 'com.example.app:/oauth')).toBe('com.example.app:/oauth');
  });

  it('refuse anything else, fragments included', () => {
    for (const uri of ['https://app.test/cb', 'https://app.test/cb?x=1&y=2', 'https://app.test/cb?from=cairn&x=1', 'https://app.test/cb/', 'https://APP.test/cb', 'http://app.test/cb', 'https://app.test/cb#x', 'https://app.test/cb?x#y', '']) {
      expect(resolveRedirectUri(registered, uri), uri).toBeUndefined();
    }
    expect(resolveRedirectUri([], undefined)).toBeUndefined();
  });

  it('gain parameters without disturbing their own query', () => {
    expect(appendQuery('https://app.test/cb', { code: 'abc', state: 'a b&c' })).toBe('https://app.test/cb?code=abc&state=a+b%26c');
    expect(appendQuery('https://app.test/cb?keep=%20raw', { code: 'abc', state: undefined })).toBe('https://app.test/cb?keep=%20raw&code=abc');
    expect(appendQuery('https://app.test/cb?', { code: 'abc' })).toBe('https://app.test/cb?code=abc');
    expect(appendQuery('https://app.test/cb', {})).toBe('https://app.test/cb');
  });
});

describe('client credentials', () => {
  const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

  it('read Basic (form-decoded), the bare secret header, and the body', () => {
    expect(readClientCredentials(basic('AbC123', 'crc_s%3Acret+x'), {})).toEqual({ clientId: 'AbC123', secret: 'crc_s:cret x', basic: true });
    expect(readClientCredentials(basic('AbC123', 'secret'), { client_id: 'AbC123' })).toEqual({ clientId: 'AbC123', secret: 'secret', basic: true });
    expect(readClientCredentials(' crc_secret ', { client_id: 'AbC123' })).toEqual({ clientId: 'AbC123', secret: 'crc_secret', basic: false });
    expect(readClientCredentials(undefined, { client_id: 'AbC123', client_secret: 'crc_secret' })).toEqual({ clientId: 'AbC123', secret: 'crc_secret', basic: false });
    expect(readClientCredentials(undefined, { client_id: 'AbC123' })).toEqual({ clientId: 'AbC123', secret: undefined, basic: false });
  });

  it('refuse ambiguous or malformed credentials', () => {
    expect(codeOf(() => readClientCredentials('crc_a', { client_id: 'A', client_secret: 'crc_b' }))).toBe('400 invalid_request');
    expect(codeOf(() => readClientCredentials(basic('A', 's'), { client_id: 'B' }))).toBe('400 invalid_request');
    expect(codeOf(() => readClientCredentials('Basic !!!', {}))).toBe('400 invalid_request');
    expect(codeOf(() => readClientCredentials(`Basic ${Buffer.from('no-colon').toString('base64')}`, {}))).toBe('400 invalid_request');
    expect(codeOf(() => readClientCredentials(basic('%E0%A4%A', 's'), {}))).toBe('400 invalid_request');
    expect(codeOf(() => readClientCredentials(undefined, {}))).toBe('400 invalid_request');
  });

  it('compare digests in constant time, refusing different lengths', () => {
    expect(digestsEqual('ab'.repeat(32), 'ab'.repeat(32))).toBe(true);
    expect(digestsEqual('ab'.repeat(32), 'ac'.repeat(32))).toBe(false);
    expect(digestsEqual('ab'.repeat(32), 'ab')).toBe(false);
  });
});

describe('PKCE', () => {
  // RFC 7636 appendix B.
  const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
  const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

  it('computes S256 as in RFC 7636 and checks verifiers', () => {
    expect(s256(verifier)).toBe(challenge);
    expect(verifierMatches(verifier, challenge)).toBe(true);
    expect(verifierMatches(`${verifier}x`, challenge)).toBe(false);
    expect(verifierMatches('short', s256('short'))).toBe(false);
  });

  it('accepts only S256 challenges of the right shape', () => {
    expect(pkceProblem(undefined, undefined)).toBeUndefined();
    expect(pkceProblem(challenge, 'S256')).toBeUndefined();
    expect(pkceProblem(challenge, undefined)).toMatch(/S256/);
    expect(pkceProblem(challenge, 'plain')).toMatch(/S256/);
    expect(pkceProblem('abc', 'S256')).toMatch(/43/);
    expect(pkceProblem(undefined, 'S256')).toMatch(/without code_challenge/);
  });
});
