import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { PASSWORD_RESET_MESSAGE } from '@cairn/shared/schemas/auth';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient } from '../helpers/client.js';
import { flowFromMail, mailTo, waitForMail } from '../factories/mail.js';

let ctx: TestContext;
const SITE = 'http://site.test';

beforeAll(async () => {
  ctx = await createTestContext({ env: { PUBLIC_SITE_URL: SITE } });
});
afterAll(() => ctx.close());

let address = 0;
/** Each call comes from its own client address, so the strict per-IP limits do not interfere. */
const from = () => `198.51.100.${++address}`;

const call = testClient(() => ctx.app, { remoteAddress: from });
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) => call('POST', url, headers, payload as object);

const STRONG = 'quiet-lantern-harbour-47';
const STRONGER = 'velvet-orbit-canyon-93';

async function signUp(username: string, password = STRONG) {
  const email = `${username.toLowerCase()}@mail.test`;
  const response = await post('/v2/auth/create', { username, email, password, challenge: '' });
  expect(response.statusCode, response.body).toBe(200);
  return { email, token: response.json().session as string, response };
}

const totpFor = (secret: string) => new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });

describe('sign-up and email verification', () => {
  it('creates an unverified developer account with a session cookie and a verification link in the outbox', async () => {
    const { email, token, response } = await signUp('Rowan');
    const cookie = response.cookies.find((c) => c.name === 'cairn_session');
    expect(cookie).toMatchObject({ value: token, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(response.json()).toMatchObject({ user_id: expect.any(String), current: true, session: token });

    const me = (await call('GET', '/v2/user', token)).json();
    expect(me).toMatchObject({ username: 'Rowan', email, role: 'developer', email_verified: false, has_password: true, has_totp: false, auth_providers: [] });

    const [mail] = await mailTo(ctx.database.db, email, 'verify_email');
    expect(mail!.link).toMatch(new RegExp(`^${SITE}/auth/verify-email\\?flow=`));
    expect(mail!.text).toContain(mail!.link);
    const flow = await flowFromMail(ctx.database.db, email, 'verify_email');
    expect((await post('/v2/auth/email/verify', { flow })).statusCode).toBe(204);
    expect((await call('GET', '/v2/user', token)).json().email_verified).toBe(true);
    // Single use.
    expect((await post('/v2/auth/email/verify', { flow })).json().error).toBe('invalid_flow');
  });

  it('refuses taken usernames (case-insensitively), taken emails and weak passwords with their codes', async () => {
    await signUp('Juniper');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ username: 'juniper', email: 'other@mail.test', password: STRONG }, 'username_taken'],
      [{ username: 'Juniper2', email: 'JUNIPER@mail.test', password: STRONG }, 'duplicate_email'],
      [{ username: 'Juniper3', email: 'j3@mail.test', password: 'password123' }, 'weak_password'],
      [{ username: 'Juniper4', email: 'j4@mail.test', password: 'juniper4juniper4' }, 'weak_password'],
      [{ username: 'bad name!', email: 'j5@mail.test', password: STRONG }, 'invalid_input'],
      [{ username: 'Juniper6', email: 'not-an-email', password: STRONG }, 'invalid_input'],
      [{ username: 'Juniper7', email: 'j7@mail.test', password: 'short' }, 'invalid_input'],
    ];
    for (const [body, code] of cases) {
      for (const url of ['/v2/auth/create/validate', '/v2/auth/create']) {
        const response = await post(url, body);
        expect(response.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
        expect(response.json().error, `${url} ${JSON.stringify(body)}`).toBe(code);
      }
    }
    expect((await post('/v2/auth/create/validate', { username: 'Fresh_name', email: 'fresh@mail.test', password: STRONG })).statusCode).toBe(204);
  });
});

describe('sign-in and two-factor authentication', () => {
  it('signs in by username or email; wrong passwords and unknown accounts get the same 401', async () => {
    const { email } = await signUp('Marlow');
    for (const login of ['Marlow', 'marlow', email.toUpperCase()]) {
      const response = await post('/v2/auth/login', { username: login, password: STRONG });
      expect(response.statusCode, login).toBe(200);
      expect(response.json().session).toMatch(/^crs_/);
      expect(response.cookies.some((c) => c.name === 'cairn_session')).toBe(true);
    }
    const wrong = await post('/v2/auth/login', { username: 'Marlow', password: 'not-the-password' });
    const unknown = await post('/v2/auth/login', { username: 'Nobody_here', password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error).toBe('invalid_credentials');
  });

  it('enables TOTP, then sign-in needs a code; each code and backup code works once', async () => {
    const { token, email } = await signUp('Sable');
    const setup = await call('POST', '/v2/auth/2fa/get_secret', token);
    expect(setup.statusCode).toBe(200);
    const { secret, flow, uri } = setup.json();
    expect(uri).toMatch(/^otpauth:\/\/totp\/Cairn:Sable\?/);
    const totp = totpFor(secret);

    expect((await call('POST', '/v2/auth/2fa', token, { code: '000000', flow })).statusCode).toBe(400);
    const enabled = await call('POST', '/v2/auth/2fa', token, { code: totp.generate(), flow });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const backupCodes: string[] = enabled.json().backup_codes;
    expect(backupCodes).toHaveLength(6);
    expect(new Set(backupCodes).size).toBe(6);
    expect((await mailTo(ctx.database.db, email, 'two_factor_enabled')).length).toBe(1);
    expect((await call('POST', '/v2/auth/2fa/get_secret', token)).statusCode).toBe(400);
    expect((await call('GET', '/v2/user', token)).json().has_totp).toBe(true);

    // The password alone now only starts a two-factor flow.
    const first = await post('/v2/auth/login', { username: 'Sable', password: STRONG });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ error: '2fa_required', flow: expect.any(String) });
    expect(first.cookies.some((c) => c.name === 'cairn_session')).toBe(false);

    // The code used to enable 2FA is already spent; the next time step's code is fresh.
    const next = totp.generate({ timestamp: Date.now() + 30_000 });
    const ok = await post('/v2/auth/login/2fa', { code: next, flow: first.json().flow });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().session).toMatch(/^crs_/);

    // The same code does not work twice.
    const second = (await post('/v2/auth/login', { username: 'Sable', password: STRONG })).json();
    const replay = await post('/v2/auth/login/2fa', { code: next, flow: second.flow });
    expect(replay.statusCode).toBe(401);

    // A backup code works once.
    expect((await post('/v2/auth/login/2fa', { code: backupCodes[0], flow: second.flow })).statusCode).toBe(200);
    const third = (await post('/v2/auth/login', { username: 'Sable', password: STRONG })).json();
    expect((await post('/v2/auth/login/2fa', { code: backupCodes[0], flow: third.flow })).statusCode).toBe(401);
    expect((await post('/v2/auth/login/2fa', { code: backupCodes[1], flow: third.flow })).statusCode).toBe(200);
    // A finished flow cannot be used again.
    expect((await post('/v2/auth/login/2fa', { code: backupCodes[2], flow: third.flow })).json().error).toBe('invalid_flow');

    // Turning it off needs a valid code.
    expect((await call('DELETE', '/v2/auth/2fa', token, { code: 'wrong-code' })).statusCode).toBe(400);
    expect((await call('DELETE', '/v2/auth/2fa', token, { code: backupCodes[3] })).statusCode).toBe(204);
    expect((await mailTo(ctx.database.db, email, 'two_factor_removed')).length).toBe(1);
    expect((await post('/v2/auth/login', { username: 'Sable', password: STRONG })).json().session).toMatch(/^crs_/);
  });

  it('ends a two-factor sign-in after five wrong codes', async () => {
    const { token } = await signUp('Quill');
    const { secret, flow } = (await call('POST', '/v2/auth/2fa/get_secret', token)).json();
    await call('POST', '/v2/auth/2fa', token, { code: totpFor(secret).generate(), flow });
    const login = (await post('/v2/auth/login', { username: 'Quill', password: STRONG })).json();
    for (let i = 0; i < 5; i++) expect((await post('/v2/auth/login/2fa', { code: '123456', flow: login.flow })).statusCode).toBe(401);
    const late = await post('/v2/auth/login/2fa', { code: totpFor(secret).generate({ timestamp: Date.now() + 30_000 }), flow: login.flow });
    expect(late.json().error).toBe('invalid_flow');
  });
});

describe('password reset and change', () => {
  it('resets through the emailed link: old password refused, new one works, every session signed out', async () => {
    const { email, token } = await signUp('Tamsin');
    const other = (await post('/v2/auth/login', { username: 'Tamsin', password: STRONG })).json().session;

    for (const body of [{ username: 'Tamsin' }, { email }, { username: 'no_such_user' }, { email: 'nobody@mail.test' }]) {
      const response = await post('/v2/auth/password/reset', { ...body, challenge: '' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: PASSWORD_RESET_MESSAGE });
    }
    // Sent after the answer (the same answer, in the same time, for unknown accounts); one per matching request.
    const [mail] = await waitForMail(ctx.database.db, email, 'reset_password', 2);
    expect(mail!.link).toMatch(new RegExp(`^${SITE}/auth/reset-password\\?flow=`));
    const flow = await flowFromMail(ctx.database.db, email, 'reset_password');

    expect((await call('PATCH', '/v2/auth/password', undefined, { flow, new_password: 'password' })).json().error).toBe('weak_password');
    expect((await call('PATCH', '/v2/auth/password', undefined, { flow, new_password: STRONGER })).statusCode).toBe(204);
    expect((await call('PATCH', '/v2/auth/password', undefined, { flow, new_password: STRONG })).json().error).toBe('invalid_flow');

    expect((await post('/v2/auth/login', { username: 'Tamsin', password: STRONG })).statusCode).toBe(401);
    expect((await post('/v2/auth/login', { username: 'Tamsin', password: STRONGER })).statusCode).toBe(200);
    for (const old of [token, other]) expect((await call('GET', '/v2/user', old)).statusCode).toBe(401);
    expect((await mailTo(ctx.database.db, email, 'password_changed')).length).toBe(1);
  });

  it('changes the password when signed in (old one required), keeping only the current session', async () => {
    const { token, email } = await signUp('Ember');
    const other = (await post('/v2/auth/login', { username: 'Ember', password: STRONG })).json().session;
    expect((await call('PATCH', '/v2/auth/password', token, { new_password: STRONGER })).statusCode).toBe(400);
    const wrong = await call('PATCH', '/v2/auth/password', token, { old_password: 'nope-nope', new_password: STRONGER });
    expect(wrong.json().error).toBe('invalid_credentials');
    expect((await call('PATCH', '/v2/auth/password', token, { old_password: STRONG, new_password: STRONGER })).statusCode).toBe(204);
    expect((await call('GET', '/v2/user', token)).statusCode).toBe(200);
    expect((await call('GET', '/v2/user', other)).statusCode).toBe(401);
    // The password is the only way in, so it cannot be removed.
    const remove = await call('PATCH', '/v2/auth/password', token, { old_password: STRONGER });
    expect(remove.statusCode).toBe(400);
    expect(remove.json().description).toMatch(/only one/);
    expect((await mailTo(ctx.database.db, email, 'password_changed')).length).toBe(1);
    // Without a session or a flow there is nothing to change.
    expect((await call('PATCH', '/v2/auth/password', undefined, { new_password: STRONGER })).statusCode).toBe(401);
  });
});

describe('email changes', () => {
  it('changes the address (unverified again), notifies the old one, and verifies only for the current address', async () => {
    const { token, email } = await signUp('Linden');
    const firstFlow = await flowFromMail(ctx.database.db, email, 'verify_email');
    await signUp('Taken_one');
    expect((await call('PATCH', '/v2/auth/email', token, { email: 'taken_one@mail.test' })).json().error).toBe('duplicate_email');
    expect((await call('PATCH', '/v2/auth/email', token, { email: 'linden.new@mail.test' })).statusCode).toBe(204);
    expect((await mailTo(ctx.database.db, email, 'email_changed'))[0]!.text).toContain('linden.new@mail.test');
    // The old verification link is for an address the account no longer uses.
    expect((await post('/v2/auth/email/verify', { flow: firstFlow })).statusCode).toBe(400);

    const me = (await call('GET', '/v2/user', token)).json();
    expect(me).toMatchObject({ email: 'linden.new@mail.test', email_verified: false });
    expect((await call('POST', '/v2/auth/email/resend_verify', token)).statusCode).toBe(204);
    const messages = await mailTo(ctx.database.db, 'linden.new@mail.test', 'verify_email');
    expect(messages).toHaveLength(2);
    // Resending replaces the earlier link.
    const stale = new URL(messages[1]!.link!).searchParams.get('flow')!;
    expect((await post('/v2/auth/email/verify', { flow: stale })).statusCode).toBe(400);
    const flow = await flowFromMail(ctx.database.db, 'linden.new@mail.test', 'verify_email');
    expect((await post('/v2/auth/email/verify', { flow })).statusCode).toBe(204);
    expect((await call('POST', '/v2/auth/email/resend_verify', token)).statusCode).toBe(400);
  });

  it('sets the newsletter flag', async () => {
    const { token } = await signUp('Wren');
    expect((await call('POST', '/v2/auth/email/subscribe', token)).statusCode).toBe(204);
    expect((await call('DELETE', '/v2/auth/email/subscribe', token)).statusCode).toBe(204);
  });
});
