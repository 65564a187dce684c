import { describe, expect, it } from 'vitest';
import { createFileTokens, FILE_TOKEN_TTL_MS } from './file-tokens.js';

const file = { projectId: 'AAAAAAAA', versionId: 'BBBBBBBB', filename: 'mod.jar', sha1: 'a'.repeat(40) };

describe('file tokens', () => {
  const tokens = createFileTokens('s'.repeat(64));
  const now = Date.UTC(2026, 0, 1);

  it('opens the file it was made for until it expires', () => {
    const token = tokens.sign(file, now);
    expect(tokens.check(file, token, now + 1000)).toBe('valid');
    expect(tokens.check(file, token, now + FILE_TOKEN_TTL_MS + 1000)).toBe('expired');
  });

  it('opens no other file, version, project or bytes, and nothing signed with another secret', () => {
    const token = tokens.sign(file, now);
    expect(tokens.check({ ...file, filename: 'other.jar' }, token, now)).toBe('invalid');
    expect(tokens.check({ ...file, versionId: 'CCCCCCCC' }, token, now)).toBe('invalid');
    expect(tokens.check({ ...file, projectId: 'CCCCCCCC' }, token, now)).toBe('invalid');
    expect(tokens.check({ ...file, sha1: 'b'.repeat(40) }, token, now)).toBe('invalid');
    expect(createFileTokens('t'.repeat(64)).check(file, token, now)).toBe('invalid');
  });

  it('refuses altered expiries and malformed tokens', () => {
    const [expires, mac] = tokens.sign(file, now).split('.') as [string, string];
    expect(tokens.check(file, `${Number(expires) + 3600}.${mac}`, now)).toBe('invalid');
    for (const bad of ['', 'abc', `${expires}.`, `${expires}.${mac}x`, `x.${mac}`]) expect(tokens.check(file, bad, now)).toBe('invalid');
    // The last character carries two unused bits: other spellings of the same MAC are refused too.
    const last = mac.at(-1)!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sibling = alphabet[alphabet.indexOf(last) ^ 1]!;
    expect(tokens.check(file, `${expires}.${mac.slice(0, -1)}${sibling}`, now)).toBe('invalid');
  });
});
