import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient } from '../helpers/client.js';
import { createSessionToken, insertUserWithTokens } from '../factories/users.js';
import { sessions } from '../../src/db/schema/auth.js';
import { hashToken } from '../../src/lib/tokens.js';

let ctx: TestContext;
const SITE = 'http://site.test';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  ctx = await createTestContext({ env: { PUBLIC_SITE_URL: SITE } });
});
afterAll(() => ctx.close());

let address = 0;
const call = testClient(() => ctx.app, { remoteAddress: () => `203.0.113.${++address}` });
const auth = (token: string) => ({ authorization: token });

const STRONG = 'quiet-lantern-harbour-47';

async function signUp(username: string) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/v2/auth/create',
    payload: { username, email: `${username.toLowerCase()}@mail.test`, password: STRONG },
    headers: { 'user-agent': FIREFOX_LINUX },
    remoteAddress: '192.0.2.10',
  });
  expect(response.statusCode).toBe(200);
  return response.json() as { session: string; id: string; user_id: string };
}

describe('session list', () => {
  it('lists live sessions with their device, marking the current one; only sessions may ask', async () => {
    const first = await signUp('Lister');
    const second = (await call('POST', '/v2/auth/login', { 'user-agent': 'curl/8.5.0' }, { username: 'Lister', password: STRONG })).json();
    expect((await call('GET', '/v2/session/list')).statusCode).toBe(401);
    const user = await insertUserWithTokens(ctx.database.db);
    expect((await call('GET', '/v2/session/list', auth(user.pat))).statusCode).toBe(401);

    const response = await call('GET', '/v2/session/list', auth(first.session));
    expect(response.statusCode).toBe(200);
    const list = response.json() as Array<Record<string, unknown>>;
    expect(list).toHaveLength(2);
    const mine = list.find((s) => s.id === first.id)!;
    expect(mine).toMatchObject({ current: true, os: 'Linux', platform: 'Firefox', user_agent: FIREFOX_LINUX, ip: '192.0.2.10', user_id: first.user_id, city: null, country: null });
    expect(mine).not.toHaveProperty('session');
    expect(list.find((s) => s.id === second.id)).toMatchObject({ current: false });
    const lifetime = new Date(mine.expires as string).getTime() - new Date(mine.created as string).getTime();
    expect(Math.round(lifetime / DAY)).toBe(14);
    expect(Math.round((new Date(mine.refresh_expires as string).getTime() - new Date(mine.created as string).getTime()) / DAY)).toBe(60);
  });
});

describe('signing out sessions', () => {
  it('revokes own sessions by id or token; other people’s are not found', async () => {
    const a = await signUp('Revoker');
    const b = (await call('POST', '/v2/auth/login', {}, { username: 'Revoker', password: STRONG })).json();
    const c = (await call('POST', '/v2/auth/login', {}, { username: 'Revoker', password: STRONG })).json();
    const stranger = await signUp('Bystander');

    expect((await call('DELETE', `/v2/session/${b.id}`)).statusCode).toBe(401);
    expect((await call('DELETE', `/v2/session/${b.id}`, auth((await insertUserWithTokens(ctx.database.db)).pat))).statusCode).toBe(401);
    expect((await call('DELETE', `/v2/session/${b.id}`, auth(stranger.session))).statusCode).toBe(404);
    expect((await call('DELETE', `/v2/session/${b.session}`, auth(stranger.session))).statusCode).toBe(404);
    expect((await call('GET', '/v2/user', auth(b.session))).statusCode).toBe(200);

    const byId = await call('DELETE', `/v2/session/${b.id}`, auth(a.session));
    expect(byId.statusCode).toBe(204);
    expect(byId.cookies.some((cookie) => cookie.name === 'cairn_session')).toBe(false);
    expect((await call('GET', '/v2/user', auth(b.session))).statusCode).toBe(401);
    expect((await call('DELETE', `/v2/session/${c.session}`, auth(a.session))).statusCode).toBe(204);
    expect((await call('GET', '/v2/user', auth(c.session))).statusCode).toBe(401);
    expect((await call('DELETE', `/v2/session/${c.id}`, auth(a.session))).statusCode).toBe(404);

    // Revoking the current session clears the cookie.
    const self = await call('DELETE', `/v2/session/${a.id}`, auth(a.session));
    expect(self.statusCode).toBe(204);
    expect(self.cookies.find((cookie) => cookie.name === 'cairn_session')).toMatchObject({ value: '' });
  });

  it('signs out the calling session (cookie from the website included)', async () => {
    const { session } = await signUp('Leaver');
    const cookie = `cairn_session=${session}`;
    expect((await call('DELETE', '/v2/session', { cookie, origin: 'https://evil.test' })).statusCode).toBe(403);
    const response = await call('DELETE', '/v2/session', { cookie, origin: SITE });
    expect(response.statusCode).toBe(204);
    expect(response.cookies.find((c) => c.name === 'cairn_session')?.value).toBe('');
    expect((await call('GET', '/v2/user', auth(session))).statusCode).toBe(401);
    const pat = (await insertUserWithTokens(ctx.database.db)).pat;
    expect((await call('DELETE', '/v2/session', auth(pat))).statusCode).toBe(401);
  });
});

describe('session refresh', () => {
  it('replaces a session, expired ones too, keeping the refresh deadline', async () => {
    const user = await insertUserWithTokens(ctx.database.db);
    const expired = await createSessionToken(ctx.database.db, user.id, -DAY);
    expect((await call('GET', '/v2/user', auth(expired))).statusCode).toBe(401);
    const [old] = await ctx.database.db.select({ refreshExpires: sessions.refreshExpires }).from(sessions).where(eq(sessions.tokenHash, hashToken(expired)));

    const response = await call('POST', '/v2/session/refresh', auth(expired));
    expect(response.statusCode).toBe(200);
    const fresh = response.json();
    expect(fresh.session).toMatch(/^crs_/);
    expect(fresh.refresh_expires).toBe(old!.refreshExpires.toISOString());
    expect(response.cookies.find((c) => c.name === 'cairn_session')).toMatchObject({ value: fresh.session, httpOnly: true });
    expect((await call('GET', '/v2/user', auth(fresh.session))).statusCode).toBe(200);
    // The old token is gone for good.
    expect((await call('POST', '/v2/session/refresh', auth(expired))).statusCode).toBe(401);
  });

  it('refuses tokens past their refresh deadline, other token kinds and no token', async () => {
    const user = await insertUserWithTokens(ctx.database.db);
    const dead = await createSessionToken(ctx.database.db, user.id, -DAY);
    await ctx.database.db.update(sessions).set({ refreshExpires: new Date(Date.now() - 1000) }).where(eq(sessions.tokenHash, hashToken(dead)));
    expect((await call('POST', '/v2/session/refresh', auth(dead))).statusCode).toBe(401);
    expect((await call('POST', '/v2/session/refresh', auth(user.pat))).statusCode).toBe(401);
    expect((await call('POST', '/v2/session/refresh')).statusCode).toBe(401);
    expect((await call('POST', '/v2/session/refresh', auth('crs_forged'))).statusCode).toBe(401);
  });

  it('refreshes from the cookie only for the website', async () => {
    const { session } = await signUp('Cookie_refresh');
    const cookie = `cairn_session=${session}`;
    expect((await call('POST', '/v2/session/refresh', { cookie, origin: 'https://evil.test' })).statusCode).toBe(403);
    const response = await call('POST', '/v2/session/refresh', { cookie, origin: SITE });
    expect(response.statusCode).toBe(200);
    expect(response.json().session).not.toBe(session);
  });
});
