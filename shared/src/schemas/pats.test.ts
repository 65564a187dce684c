import { describe, expect, it } from 'vitest';
import { ALL_SCOPES, scopeBits, withoutRestricted } from '../constants/scopes.js';
import { CreatePatBodySchema, GrantableScopeBitsSchema, ScopeBitsSchema } from './pats.js';

describe('scope bitfields', () => {
  it('accept integers made of the 48 defined bits only', () => {
    expect(ScopeBitsSchema.safeParse(0).success).toBe(true);
    expect(ScopeBitsSchema.safeParse(ALL_SCOPES).success).toBe(true);
    for (const bad of [2 ** 48, -1, 1.5, '2', null]) expect(ScopeBitsSchema.safeParse(bad).success, String(bad)).toBe(false);
  });

  it('refuse session-only scopes where tokens are granted, naming them', () => {
    expect(GrantableScopeBitsSchema.safeParse(withoutRestricted(ALL_SCOPES)).success).toBe(true);
    const result = GrantableScopeBitsSchema.safeParse(scopeBits('USER_READ', 'PAT_CREATE', 'SESSION_ACCESS'));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('must not include session-only scopes: PAT_CREATE, SESSION_ACCESS');
  });
});

describe('PAT creation body', () => {
  it('trims the name and checks its length', () => {
    const body = { scopes: 2, expires: '2030-01-01T00:00:00Z' };
    expect(CreatePatBodySchema.parse({ ...body, name: '  My token ' }).name).toBe('My token');
    expect(CreatePatBodySchema.safeParse({ ...body, name: '  ab  ' }).success).toBe(false);
    expect(CreatePatBodySchema.safeParse({ ...body, name: 'x'.repeat(256) }).success).toBe(false);
    expect(CreatePatBodySchema.safeParse({ ...body, name: 'Good', expires: 'soon' }).success).toBe(false);
    expect(CreatePatBodySchema.safeParse({ ...body, name: 'Good', expires: '2030-01-01T00:00:00+02:00' }).success).toBe(true);
  });
});
