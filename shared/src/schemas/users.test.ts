import { describe, expect, it } from 'vitest';
import { GetUsersQuerySchema, ModifyUserBodySchema, UserSchema } from './users.js';

describe('user schemas', () => {
  it('parses the public v2 user shape with private fields null and no bio or avatar as empty strings', () => {
    const user = {
      id: 'AABBCCDD',
      username: 'river',
      name: null,
      email: null,
      bio: '',
      payout_data: null,
      avatar_url: '',
      created: '2026-01-01T00:00:00.000Z',
      role: 'developer',
      badges: 0,
      auth_providers: null,
      email_verified: null,
      has_password: null,
      has_totp: null,
      github_id: null,
    };
    expect(UserSchema.parse(user)).toEqual(user);
    expect(UserSchema.safeParse({ ...user, role: 'overlord' }).success).toBe(false);
  });

  it('bulk ids are a JSON array in the query', () => {
    expect(GetUsersQuerySchema.parse({ ids: '["AABBCCDD","river"]' }).ids).toEqual(['AABBCCDD', 'river']);
    expect(GetUsersQuerySchema.safeParse({ ids: 'AABBCCDD' }).success).toBe(false);
  });

  it('limits the bio to 160 characters and lets null clear it', () => {
    expect(ModifyUserBodySchema.safeParse({ bio: 'x'.repeat(160) }).success).toBe(true);
    expect(ModifyUserBodySchema.safeParse({ bio: 'x'.repeat(161) }).success).toBe(false);
    expect(ModifyUserBodySchema.safeParse({ bio: null }).success).toBe(true);
  });
});
