import { describe, expect, it } from 'vitest';
import { ChangePasswordBodySchema, CreateAccountBodySchema, LoginBodySchema, LoginResponseSchema, PasswordResetBodySchema } from './auth.js';

describe('auth request schemas', () => {
  it('sign-up needs a valid username, email and an 8–256 character password', () => {
    const valid = { username: 'river_stone', email: 'river@mail.test', password: 'long enough' };
    expect(CreateAccountBodySchema.safeParse(valid).success).toBe(true);
    expect(CreateAccountBodySchema.safeParse({ ...valid, username: 'no spaces' }).success).toBe(false);
    expect(CreateAccountBodySchema.safeParse({ ...valid, email: 'nope' }).success).toBe(false);
    expect(CreateAccountBodySchema.safeParse({ ...valid, password: 'short' }).success).toBe(false);
    expect(CreateAccountBodySchema.safeParse({ ...valid, password: 'x'.repeat(257) }).success).toBe(false);
  });

  it('sign-in and reset take a username or an email under either key', () => {
    expect(LoginBodySchema.safeParse({ username: 'river', password: 'x' }).success).toBe(true);
    expect(LoginBodySchema.safeParse({ email: 'river@mail.test', password: 'x' }).success).toBe(true);
    const missing = LoginBodySchema.safeParse({ password: 'x' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.path).toEqual(['username']);
    expect(PasswordResetBodySchema.safeParse({}).success).toBe(false);
    expect(PasswordResetBodySchema.safeParse({ email: 'river@mail.test' }).success).toBe(true);
  });

  it('password changes may omit or null the new password (removal)', () => {
    expect(ChangePasswordBodySchema.safeParse({ old_password: 'x' }).success).toBe(true);
    expect(ChangePasswordBodySchema.safeParse({ old_password: 'x', new_password: null }).success).toBe(true);
    expect(ChangePasswordBodySchema.safeParse({ new_password: 'short' }).success).toBe(false);
  });

  it('sign-in answers are a session or a two-factor flow', () => {
    expect(LoginResponseSchema.safeParse({ error: '2fa_required', description: 'code please', flow: 'abc' }).success).toBe(true);
    expect(LoginResponseSchema.safeParse({ error: 'something_else', description: 'x', flow: 'abc' }).success).toBe(false);
  });
});
