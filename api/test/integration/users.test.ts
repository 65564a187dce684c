import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { count, eq } from 'drizzle-orm';
import { scopeBits, type ScopeName } from '@cairn/shared/constants/scopes';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient } from '../helpers/client.js';
import { createActors, createPat, insertUserWithTokens, type Actors, type TestUser } from '../factories/users.js';
import { authFlows, oauthAuthorizations, oauthClients, personalAccessTokens, sessions } from '../../src/db/schema/auth.js';
import { userAuthProviders, userBackupCodes, users } from '../../src/db/schema/users.js';
import { encodeBase62, randomId } from '../../src/lib/ids.js';

let ctx: TestContext;
let actors: Actors;

beforeAll(async () => {
  ctx = await createTestContext({ env: { PUBLIC_SITE_URL: 'http://site.test' } });
  actors = await createActors(ctx.database.db);
});
afterAll(() => ctx.close());

const call = testClient(() => ctx.app);
const pat = (user: TestUser, ...scopes: ScopeName[]) => createPat(ctx.database.db, user.id, scopeBits(...scopes));
const idOf = (user: { id: number }) => encodeBase62(user.id);

const PRIVATE_FIELDS = ['email', 'payout_data', 'auth_providers', 'email_verified', 'has_password', 'has_totp'] as const;

describe('GET /v2/user', () => {
  it('needs USER_READ; the email also needs USER_READ_EMAIL', async () => {
    expect((await call('GET', '/v2/user')).statusCode).toBe(401);
    expect((await call('GET', '/v2/user', await pat(actors.user, 'PROJECT_READ'))).statusCode).toBe(401);

    const readOnly = (await call('GET', '/v2/user', await pat(actors.user, 'USER_READ'))).json();
    expect(readOnly).toMatchObject({ id: idOf(actors.user), username: 'User', email: null, email_verified: true, has_password: false, has_totp: false, auth_providers: [] });
    const withEmail = (await call('GET', '/v2/user', await pat(actors.user, 'USER_READ', 'USER_READ_EMAIL'))).json();
    expect(withEmail.email).toBe(actors.user.email);
    const session = (await call('GET', '/v2/user', actors.user.session)).json();
    expect(session).toEqual({
      id: idOf(actors.user),
      username: 'User',
      name: null,
      email: actors.user.email,
      bio: '',
      payout_data: null,
      avatar_url: '',
      created: expect.any(String),
      role: 'developer',
      badges: 0,
      auth_providers: [],
      email_verified: true,
      has_password: false,
      has_totp: false,
      github_id: null,
    });
  });
});

describe('GET /v2/session/user', () => {
  it('answers 200 with the signed-in user, and with null for visitors, expired or unscoped tokens', async () => {
    expect((await call('GET', '/v2/session/user')).json()).toEqual({ user: null });
    expect((await call('GET', '/v2/session/user', 'cairn_not_a_real_token')).statusCode).toBe(200);
    expect((await call('GET', '/v2/session/user', await pat(actors.user, 'PROJECT_READ'))).json()).toEqual({ user: null });
    const signedIn = await call('GET', '/v2/session/user', actors.user.session);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual({ user: (await call('GET', '/v2/user', actors.user.session)).json() });
  });
});

describe('GET /v2/user/{id|username} and /v2/users', () => {
  it('finds users by id or username (any case); unknown ones are 404', async () => {
    for (const key of [idOf(actors.creator), 'Creator', 'creator', 'CREATOR']) {
      const response = await call('GET', `/v2/user/${key}`);
      expect(response.statusCode, key).toBe(200);
      expect(response.json().id).toBe(idOf(actors.creator));
    }
    expect((await call('GET', '/v2/user/nobody_at_all')).statusCode).toBe(404);
    expect((await call('GET', '/v2/user/not%20valid!')).statusCode).toBe(404);
    expect((await call('GET', `/v2/user/${'x'.repeat(40)}`)).statusCode).toBe(400);
  });

  it('shows private fields only to the owner (with USER_READ) and admins', async () => {
    const url = `/v2/user/${idOf(actors.creator)}`;
    for (const viewer of [undefined, actors.user.session, actors.moderator.session, await pat(actors.creator, 'PROJECT_READ')]) {
      const body = (await call('GET', url, viewer)).json();
      for (const field of PRIVATE_FIELDS) expect(body[field], `${field} for ${viewer}`).toBeNull();
      expect(body).toMatchObject({ username: 'Creator', role: 'developer', name: null, github_id: null });
    }
    expect((await call('GET', url, actors.creator.session)).json()).toMatchObject({ email: actors.creator.email, email_verified: true, has_password: false });
    expect((await call('GET', url, await pat(actors.creator, 'USER_READ'))).json()).toMatchObject({ email: null, email_verified: true });
    expect((await call('GET', url, actors.admin.session)).json()).toMatchObject({ email: actors.creator.email, auth_providers: [] });
  });

  it('returns the known users of a JSON list, skipping unknown ones', async () => {
    const ids = JSON.stringify([idOf(actors.user), 'stranger', 'no_such_user', 'ZZZZZZZZ']);
    const response = await call('GET', `/v2/users?ids=${encodeURIComponent(ids)}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().map((u: { username: string }) => u.username).sort()).toEqual(['Stranger', 'User']);
    expect(response.json().every((u: { email: unknown }) => u.email === null)).toBe(true);
    for (const bad of ['not json', '{"a":1}', '[1,2]', '']) {
      const invalid = await call('GET', `/v2/users?ids=${encodeURIComponent(bad)}`);
      expect(invalid.statusCode, bad).toBe(400);
      expect(invalid.json().description).toContain('ids');
    }
    expect((await call('GET', '/v2/users')).statusCode).toBe(400);
  });
});

describe('PATCH /v2/user/{id}', () => {
  it('authorization: anonymous, no USER_WRITE, another user → 401; owner and moderator → 204', async () => {
    const target = await insertUserWithTokens(ctx.database.db, { username: 'Patchy' });
    const url = `/v2/user/${idOf(target)}`;
    expect((await call('PATCH', url, undefined, { bio: 'x' })).statusCode).toBe(401);
    expect((await call('PATCH', url, await pat(target, 'USER_READ'), { bio: 'x' })).statusCode).toBe(401);
    expect((await call('PATCH', url, actors.stranger.session, { bio: 'x' })).statusCode).toBe(401);
    expect((await call('PATCH', url, await pat(target, 'USER_WRITE'), { bio: 'Hello there', name: 'ignored' })).statusCode).toBe(204);
    expect((await call('GET', url)).json().bio).toBe('Hello there');
    expect((await call('PATCH', url, actors.moderator.session, { bio: null })).statusCode).toBe(204);
    expect((await call('GET', url)).json().bio).toBe('');
    expect((await call('PATCH', '/v2/user/no_such_user', actors.admin.session, { bio: 'x' })).statusCode).toBe(404);
  });

  it('renames keeping usernames unique case-insensitively', async () => {
    const target = await insertUserWithTokens(ctx.database.db, { username: 'Renamer' });
    const url = `/v2/user/${idOf(target)}`;
    const taken = await call('PATCH', url, target.session, { username: 'stranger' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().error).toBe('username_taken');
    expect((await call('PATCH', url, target.session, { username: 'RENAMER' })).statusCode).toBe(204);
    expect((await call('PATCH', url, target.session, { username: 'New.Name-1' })).statusCode).toBe(204);
    expect((await call('GET', '/v2/user/new.name-1')).json().id).toBe(idOf(target));
  });

  it('lets only admins change roles and badges, and moderators not edit admins', async () => {
    const target = await insertUserWithTokens(ctx.database.db, { username: 'Promoted' });
    const url = `/v2/user/${idOf(target)}`;
    for (const token of [target.session, actors.moderator.session]) {
      expect((await call('PATCH', url, token, { role: 'moderator' })).statusCode).toBe(401);
      expect((await call('PATCH', url, token, { badges: 2 })).statusCode).toBe(401);
    }
    expect((await call('PATCH', url, actors.admin.session, { role: 'moderator', badges: 34 })).statusCode).toBe(204);
    expect((await call('GET', url)).json()).toMatchObject({ role: 'moderator', badges: 34 });
    expect((await call('PATCH', `/v2/user/${idOf(actors.admin)}`, actors.moderator.session, { bio: 'hacked' })).statusCode).toBe(401);
  });

  it('keeps at least one admin', async () => {
    const response = await call('PATCH', `/v2/user/${idOf(actors.admin)}`, actors.admin.session, { role: 'developer' });
    expect(response.statusCode).toBe(400);
    expect((await call('GET', `/v2/user/${idOf(actors.admin)}`)).json().role).toBe('admin');
  });

  it('answers 400 naming the field for bad values', async () => {
    const url = `/v2/user/${idOf(actors.user)}`;
    const cases: Array<[object, string]> = [
      [{ bio: 'x'.repeat(161) }, 'bio'],
      [{ bio: 42 }, 'bio'],
      [{ username: '' }, 'username'],
      [{ username: 'x'.repeat(40) }, 'username'],
      [{ username: 'has space' }, 'username'],
      [{ role: 'overlord' }, 'role'],
      [{ badges: -1 }, 'badges'],
      [{ badges: 1.5 }, 'badges'],
      [{ name: 12 }, 'name'],
    ];
    for (const [body, field] of cases) {
      const response = await call('PATCH', url, actors.admin.session, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().description, JSON.stringify(body)).toContain(`'${field}'`);
    }
    const notJson = await ctx.app.inject({ method: 'PATCH', url, headers: { authorization: actors.user.session, 'content-type': 'application/json' }, payload: '{oops' });
    expect(notJson.statusCode).toBe(400);
  });
});

describe('user avatars', () => {
  const png = (size: number) => sharp({ create: { width: size, height: size, channels: 3, background: { r: 20, g: 140, b: 90 } } }).png().toBuffer();
  const upload = (target: string, body: Buffer | string, token?: string, ext = 'png') =>
    ctx.app.inject({ method: 'PATCH', url: `/v2/user/${target}/icon?ext=${ext}`, payload: body, headers: { 'content-type': `image/${ext}`, ...(token ? { authorization: token } : {}) } });

  it('stores a 96 px copy served from the CDN route, and removes it', async () => {
    const target = await insertUserWithTokens(ctx.database.db, { username: 'Pictured' });
    expect((await upload(idOf(target), await png(300))).statusCode).toBe(401);
    expect((await upload(idOf(target), await png(300), actors.stranger.session)).statusCode).toBe(401);
    expect((await upload(idOf(target), await png(300), await pat(target, 'USER_READ'))).statusCode).toBe(401);
    const response = await upload(idOf(target), await png(300), target.session);
    expect(response.statusCode, response.body).toBe(204);
    const avatar: string = (await call('GET', `/v2/user/${idOf(target)}`)).json().avatar_url;
    expect(avatar.startsWith(`${ctx.config.publicCdnUrl}/`)).toBe(true);
    const image = await ctx.app.inject({ method: 'GET', url: new URL(avatar).pathname });
    expect(image.statusCode).toBe(200);
    const metadata = await sharp(image.rawPayload).metadata();
    expect([metadata.width, metadata.height]).toEqual([96, 96]);

    expect((await upload(idOf(target), await png(64), actors.moderator.session)).statusCode).toBe(204);
    expect((await call('DELETE', `/v2/user/${idOf(target)}/icon`, actors.stranger.session)).statusCode).toBe(401);
    expect((await call('DELETE', `/v2/user/${idOf(target)}/icon`, target.session)).statusCode).toBe(204);
    expect((await call('GET', `/v2/user/${idOf(target)}`)).json().avatar_url).toBe('');
  });

  it('refuses files that are not images, too large, or with an unknown extension', async () => {
    const me = idOf(actors.user);
    const notImage = await upload(me, 'just some text', actors.user.session);
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().error).toBe('invalid_image');
    expect((await upload(me, Buffer.alloc(256 * 1024 + 1, 1), actors.user.session)).statusCode).toBe(413);
    expect((await upload(me, await png(32), actors.user.session, 'svg')).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'PATCH', url: `/v2/user/${me}/icon?ext=png`, headers: { authorization: actors.user.session } })).statusCode).toBe(400);
  });
});

describe('DELETE /v2/user/{id}', () => {
  const countWhere = async (table: typeof sessions | typeof personalAccessTokens | typeof authFlows | typeof userAuthProviders | typeof userBackupCodes | typeof oauthAuthorizations, userId: number) => {
    const [row] = await ctx.database.db.select({ n: count() }).from(table).where(eq(table.userId, userId));
    return row!.n;
  };

  it('needs a session (USER_DELETE is never on tokens) of the owner or an admin', async () => {
    const target = await insertUserWithTokens(ctx.database.db, { username: 'Doomed' });
    const url = `/v2/user/${idOf(target)}`;
    expect((await call('DELETE', url)).statusCode).toBe(401);
    expect((await call('DELETE', url, target.pat)).statusCode).toBe(401);
    expect((await call('DELETE', url, actors.stranger.session)).statusCode).toBe(401);
    expect((await call('DELETE', url, actors.moderator.session)).statusCode).toBe(401);
    expect((await call('DELETE', url, actors.admin.session)).statusCode).toBe(204);
    expect((await call('GET', url)).statusCode).toBe(404);
  });

  it('deletes the account and everything it owns in one go, and clears the cookie', async () => {
    const db = ctx.database.db;
    const target = await insertUserWithTokens(db, { username: 'Leaving' });
    await db.insert(userAuthProviders).values({ userId: target.id, provider: 'oidc', subject: 'leaving-subject' });
    await db.insert(userBackupCodes).values({ userId: target.id, codeHash: 'hash' });
    await db.insert(authFlows).values({ id: 'leaving-flow', kind: 'verify_email', userId: target.id, expires: new Date(Date.now() + 60_000) });
    const clientId = Number(randomId());
    await db.insert(oauthClients).values({ id: clientId, name: 'Someone else’s app', maxScopes: 2, secretHash: 'x', createdBy: actors.creator.id });
    await db.insert(oauthAuthorizations).values({ id: Number(randomId()), clientId, userId: target.id, scopes: 2 });

    const response = await call('DELETE', `/v2/user/${idOf(target)}`, target.session);
    expect(response.statusCode).toBe(204);
    expect(response.cookies.find((c) => c.name === 'cairn_session')?.value).toBe('');
    for (const table of [sessions, personalAccessTokens, authFlows, userAuthProviders, userBackupCodes, oauthAuthorizations]) {
      expect(await countWhere(table, target.id)).toBe(0);
    }
    expect(await db.select({ id: users.id }).from(users).where(eq(users.id, target.id))).toEqual([]);
    expect((await call('GET', '/v2/user', target.pat)).statusCode).toBe(401);
    // Other people's things stay.
    expect(await db.select({ id: oauthClients.id }).from(oauthClients).where(eq(oauthClients.id, clientId))).toHaveLength(1);
  });

  it('keeps the last admin', async () => {
    expect((await call('DELETE', `/v2/user/${idOf(actors.admin)}`, actors.admin.session)).statusCode).toBe(400);
  });
});
