import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { RESTRICTED_SCOPES, SCOPE_NAMES, scopeBits, withoutRestricted, ALL_SCOPES, type ScopeName } from '@cairn/shared/constants/scopes';
import { CreatedPatSchema, PatListSchema } from '@cairn/shared/schemas/pats';
import { personalAccessTokens } from '../../src/db/schema/auth.js';
import { parseId } from '../../src/lib/ids.js';
import { requireAuth } from '../../src/plugins/auth.js';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient, type Method } from '../helpers/client.js';
import { eventually } from '../helpers/eventually.js';
import { createActors, insertUserWithTokens, type Actors } from '../factories/users.js';

const BYPASS = 'pats-test-rate-limit-bypass';
const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

let ctx: TestContext;
let actors: Actors;

beforeAll(async () => {
  ctx = await createTestContext({
    env: { RATE_LIMIT_BYPASS_KEY: BYPASS },
    beforeReady: (app) => {
      const whoami = async (request: { actor: { userId: number } | null }) => ({ user: request.actor?.userId ?? null });
      app.get('/v2/_test/read', { config: requireAuth('USER_READ') }, whoami);
      app.post('/v2/_test/write', { config: requireAuth('USER_WRITE') }, whoami);
    },
  });
  actors = await createActors(ctx.database.db);
});
afterAll(() => ctx.close());

/** A call with a credential (or none); the bulk tests skip the strict creation limit with the bypass key. */
const call = testClient(() => ctx.app, { headers: { 'x-ratelimit-key': BYPASS } });

async function createPat(session: string, body: { name?: string; scopes?: number; expires?: string } = {}) {
  const response = await call('POST', '/v2/pat', session, { name: 'Launcher token', scopes: scopeBits('USER_READ'), expires: inDays(30), ...body });
  expect(response.statusCode, response.body).toBe(200);
  return CreatedPatSchema.strict().parse(response.json());
}

describe('who may manage PATs (session-only: PAT_* scopes are restricted)', () => {
  const routes: Array<[Method, string, object?]> = [
    ['GET', '/v2/pat'],
    ['POST', '/v2/pat', { name: 'Some token', scopes: 2, expires: inDays(1) }],
    ['PATCH', '/v2/pat/AAAAAAAA', { name: 'Renamed token' }],
    ['DELETE', '/v2/pat/AAAAAAAA'],
  ];

  it('refuses anonymous callers with 401', async () => {
    for (const [method, url, body] of routes) expect((await call(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
  });

  it('refuses PATs, even one holding every scope a PAT can hold', async () => {
    for (const [method, url, body] of routes) {
      const response = await call(method, url, actors.user.pat, body);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().description).toMatch(/PAT_(READ|CREATE|WRITE|DELETE)/);
    }
  });

  it("answers 404 when editing or deleting another user's PAT, which keeps working", async () => {
    const theirs = await createPat(actors.creator.session);
    expect((await call('DELETE', `/v2/pat/${theirs.access_token}`, actors.stranger.session)).statusCode).toBe(404);
    for (const [method, body] of [['PATCH', { name: 'Hijacked' }], ['DELETE', undefined]] as const) {
      expect((await call(method, `/v2/pat/${theirs.id}`, actors.stranger.session, body)).statusCode).toBe(404);
      // Moderators get no say over other people's credentials either.
      expect((await call(method, `/v2/pat/${theirs.id}`, actors.moderator.session, body)).statusCode).toBe(404);
    }
    expect((await call('GET', '/v2/_test/read', theirs.access_token)).statusCode).toBe(200);
    const list = PatListSchema.parse((await call('GET', '/v2/pat', actors.creator.session)).json());
    expect(list.find((pat) => pat.id === theirs.id)?.name).toBe('Launcher token');
  });

  it('answers 404 for unknown ids and tokens, 400 for malformed ids', async () => {
    for (const id of ['AAAAAAAA', 'zzzzzzzzzzz']) {
      expect((await call('DELETE', `/v2/pat/${id}`, actors.user.session)).statusCode, id).toBe(404);
      expect((await call('PATCH', `/v2/pat/${id}`, actors.user.session, { name: 'Whatever' })).statusCode, id).toBe(404);
    }
    expect((await call('DELETE', '/v2/pat/crp_nosuchtoken', actors.user.session)).statusCode).toBe(404);
    expect((await call('DELETE', '/v2/pat/not-an-id', actors.user.session)).statusCode).toBe(404);
    expect((await call('PATCH', '/v2/pat/not-an-id', actors.user.session, { name: 'Whatever' })).statusCode).toBe(400);
    expect((await call('PATCH', `/v2/pat/${actors.user.pat}`, actors.user.session, { name: 'Whatever' })).statusCode).toBe(400);
  });
});

describe('creating and listing', () => {
  it('returns the token once; the list never shows it', async () => {
    const owner = await insertUserWithTokens(ctx.database.db);
    const expires = inDays(10);
    const created = await createPat(owner.session, { name: 'CI uploads', scopes: scopeBits('USER_READ', 'VERSION_CREATE'), expires });
    expect(created.access_token).toMatch(/^crp_[0-9A-Za-z]{60}$/);
    expect(created).toMatchObject({ name: 'CI uploads', scopes: scopeBits('USER_READ', 'VERSION_CREATE'), user_id: expect.any(String), last_used: null });
    expect(new Date(created.expires).toISOString()).toBe(expires);

    const list = PatListSchema.parse((await call('GET', '/v2/pat', owner.session)).json());
    const listed = list.find((pat) => pat.id === created.id);
    expect(listed).toEqual({ ...created, access_token: null });
    expect(JSON.stringify(list)).not.toContain(created.access_token);
    // Only other users' tokens are missing: the factory PAT is listed too.
    expect(list).toHaveLength(2);
    expect(PatListSchema.parse((await call('GET', '/v2/pat', actors.stranger.session)).json()).some((pat) => pat.id === created.id)).toBe(false);
  });

  it('stores only a hash of the token', async () => {
    const created = await createPat(actors.user.session);
    const [row] = await ctx.database.db
      .select({ tokenHash: personalAccessTokens.tokenHash })
      .from(personalAccessTokens)
      .where(eq(personalAccessTokens.id, idOf(created.id)));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.tokenHash).not.toContain(created.access_token.slice(4));
  });

  it('records when a token was last used', async () => {
    const created = await createPat(actors.user.session);
    expect((await call('GET', '/v2/_test/read', created.access_token)).statusCode).toBe(200);
    await eventually(async () => {
      const list = PatListSchema.parse((await call('GET', '/v2/pat', actors.user.session)).json());
      return list.find((pat) => pat.id === created.id)?.last_used ?? undefined;
    }, 5_000, 'last_used to be recorded', 50);
  });

  it('accepts every non-restricted scope, alone and all together', async () => {
    const grantable = SCOPE_NAMES.filter((name) => !RESTRICTED_SCOPES.includes(name));
    expect(grantable).toHaveLength(38);
    for (const name of grantable) {
      const response = await call('POST', '/v2/pat', actors.user.session, { name: `Only ${name}`, scopes: scopeBits(name), expires: inDays(1) });
      expect(response.statusCode, name).toBe(200);
      expect(response.json().scopes).toBe(scopeBits(name));
    }
    const all = await createPat(actors.user.session, { scopes: withoutRestricted(ALL_SCOPES) });
    expect(all.scopes).toBe(2 ** 48 - 1 - scopeBits(...RESTRICTED_SCOPES));
  });

  it('refuses every restricted scope with 400, on creation and on edit', async () => {
    const existing = await createPat(actors.user.session);
    for (const name of RESTRICTED_SCOPES) {
      const scopes = scopeBits('USER_READ', name as ScopeName);
      const created = await call('POST', '/v2/pat', actors.user.session, { name: 'Sneaky token', scopes, expires: inDays(1) });
      expect(created.statusCode, name).toBe(400);
      expect(created.json().description).toContain(name);
      const edited = await call('PATCH', `/v2/pat/${existing.id}`, actors.user.session, { scopes });
      expect(edited.statusCode, name).toBe(400);
    }
    const list = PatListSchema.parse((await call('GET', '/v2/pat', actors.user.session)).json());
    expect(list.find((pat) => pat.id === existing.id)?.scopes).toBe(scopeBits('USER_READ'));
    expect(list.some((pat) => pat.name === 'Sneaky token')).toBe(false);
  });

  it('refuses bad input with 400 naming the field, never 500', async () => {
    const valid = { name: 'Good name', scopes: 2, expires: inDays(1) };
    const cases: Array<[string, Record<string, unknown>]> = [
      ['name', { name: 'ab' }],
      ['name', { name: 'x'.repeat(256) }],
      ['name', { name: '     ' }],
      ['name', { name: 42 }],
      ['name', { name: undefined }],
      ['scopes', { scopes: 'USER_READ' }],
      ['scopes', { scopes: 1.5 }],
      ['scopes', { scopes: -2 }],
      ['scopes', { scopes: 2 ** 48 }],
      ['scopes', { scopes: 2 ** 60 }],
      ['scopes', { scopes: undefined }],
      ['expires', { expires: 'tomorrow' }],
      ['expires', { expires: 1893456000 }],
      ['expires', { expires: undefined }],
      ['expires', { expires: new Date(Date.now() - 1000).toISOString() }],
    ];
    for (const [field, change] of cases) {
      const response = await call('POST', '/v2/pat', actors.user.session, { ...valid, ...change });
      expect(response.statusCode, `${field} ${JSON.stringify(change)}`).toBe(400);
      expect(response.json().description, JSON.stringify(change)).toContain(`'${field}'`);
    }
    const existing = await createPat(actors.user.session);
    for (const [field, change] of cases.filter(([, change]) => Object.values(change)[0] !== undefined)) {
      const response = await call('PATCH', `/v2/pat/${existing.id}`, actors.user.session, change);
      expect(response.statusCode, `PATCH ${field} ${JSON.stringify(change)}`).toBe(400);
      expect(response.json().description).toContain(`'${field}'`);
    }
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/v2/pat',
      headers: { authorization: actors.user.session, 'content-type': 'application/json', 'x-ratelimit-key': BYPASS },
      payload: '{"name": ',
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('trims the name', async () => {
    expect((await createPat(actors.user.session, { name: '  Spaced out  ' })).name).toBe('Spaced out');
  });
});

describe('a PAT at work', () => {
  it('loses access as soon as a scope is removed, and regains it when it is added back', async () => {
    const pat = await createPat(actors.user.session, { scopes: scopeBits('USER_READ', 'USER_WRITE') });
    expect((await call('GET', '/v2/_test/read', pat.access_token)).statusCode).toBe(200);
    expect((await call('PATCH', `/v2/pat/${pat.id}`, actors.user.session, { scopes: scopeBits('USER_WRITE') })).statusCode).toBe(204);
    const refused = await call('GET', '/v2/_test/read', pat.access_token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().description).toContain('USER_READ');
    expect((await call('POST', '/v2/_test/write', pat.access_token)).statusCode).toBe(200);
    expect((await call('PATCH', `/v2/pat/${pat.id}`, actors.user.session, { scopes: scopeBits('USER_READ') })).statusCode).toBe(204);
    expect((await call('GET', '/v2/_test/read', pat.access_token)).statusCode).toBe(200);
  });

  it('stops at its expiry and works again once extended; expiry must stay in the future', async () => {
    const pat = await createPat(actors.user.session);
    await ctx.database.db
      .update(personalAccessTokens)
      .set({ expires: new Date(Date.now() - 1000) })
      .where(eq(personalAccessTokens.id, idOf(pat.id)));
    expect((await call('GET', '/v2/_test/read', pat.access_token)).statusCode).toBe(401);
    const past = await call('PATCH', `/v2/pat/${pat.id}`, actors.user.session, { expires: new Date(Date.now() - DAY).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(past.json().description).toContain("'expires'");
    const extended = inDays(7);
    expect((await call('PATCH', `/v2/pat/${pat.id}`, actors.user.session, { expires: extended })).statusCode).toBe(204);
    expect((await call('GET', '/v2/_test/read', pat.access_token)).statusCode).toBe(200);
    const listed = PatListSchema.parse((await call('GET', '/v2/pat', actors.user.session)).json()).find((p) => p.id === pat.id);
    expect(listed?.expires).toBe(extended);
  });

  it('renames without touching anything else', async () => {
    const pat = await createPat(actors.user.session);
    expect((await call('PATCH', `/v2/pat/${pat.id}`, actors.user.session, { name: 'Renamed token' })).statusCode).toBe(204);
    const listed = PatListSchema.parse((await call('GET', '/v2/pat', actors.user.session)).json()).find((p) => p.id === pat.id);
    expect(listed).toEqual({ ...pat, name: 'Renamed token', access_token: null });
  });

  it('is refused once deleted, by id or by the token itself', async () => {
    for (const by of ['id', 'access_token'] as const) {
      const pat = await createPat(actors.user.session);
      expect((await call('DELETE', `/v2/pat/${pat[by]}`, actors.user.session)).statusCode).toBe(204);
      expect((await call('GET', '/v2/_test/read', pat.access_token)).statusCode).toBe(401);
      expect((await call('DELETE', `/v2/pat/${pat.id}`, actors.user.session)).statusCode).toBe(404);
      const list = PatListSchema.parse((await call('GET', '/v2/pat', actors.user.session)).json());
      expect(list.some((p) => p.id === pat.id)).toBe(false);
    }
  });

  it('end to end: a read-only token cannot write, and nothing works after revocation', async () => {
    const pat = await createPat(actors.creator.session, { name: 'Read only', scopes: scopeBits('USER_READ', 'PROJECT_READ') });
    expect((await call('GET', '/v2/_test/read', pat.access_token)).json()).toEqual({ user: actors.creator.id });
    expect((await call('POST', '/v2/_test/write', pat.access_token)).statusCode).toBe(401);
    // A PAT can never manage PATs, not even its own.
    expect((await call('DELETE', `/v2/pat/${pat.id}`, pat.access_token)).statusCode).toBe(401);
    expect((await call('DELETE', `/v2/pat/${pat.id}`, actors.creator.session)).statusCode).toBe(204);
    expect((await call('GET', '/v2/_test/read', pat.access_token)).statusCode).toBe(401);
  });
});

describe('rate limit', () => {
  it('allows ten creations a minute per user', async () => {
    const owner = await insertUserWithTokens(ctx.database.db);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/v2/pat',
        headers: { authorization: owner.session },
        payload: { name: `Token ${i}`, scopes: 2, expires: inDays(1) },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
  });
});

/** The database id behind a base62 id. */
function idOf(base62: string): number {
  return parseId(base62)!;
}
