import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scopeBits } from '@cairn/shared/constants/scopes';
import { optionalAuth, publicRoute, requireAuth } from '../../src/plugins/auth.js';
import { strictRateLimit } from '../../src/plugins/rate-limit.js';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient } from '../helpers/client.js';
import { createActors, createPat, createSessionToken, type Actors } from '../factories/users.js';

let ctx: TestContext;
let actors: Actors;

beforeAll(async () => {
  ctx = await createTestContext({
    env: { PUBLIC_SITE_URL: 'http://site.test', RATE_LIMIT_PER_MINUTE: '40', RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '60', RATE_LIMIT_BYPASS_KEY: 'trusted-proxy-secret-key' },
    beforeReady: (app) => {
      const whoami = async (request: { actor: { userId: number; kind: string } | null }) => ({ actor: request.actor ? { id: request.actor.userId, kind: request.actor.kind } : null });
      app.get('/v2/_test/required', { config: requireAuth('USER_READ') }, whoami);
      app.get('/v2/_test/required-email', { config: requireAuth('USER_READ', 'USER_READ_EMAIL') }, whoami);
      app.get('/v2/_test/optional', { config: optionalAuth('PROJECT_READ') }, whoami);
      app.post('/v2/_test/write', { config: requireAuth('USER_WRITE') }, whoami);
      app.get('/v2/_test/public', { config: publicRoute }, whoami);
      app.post('/v2/_test/strict', { config: { ...publicRoute, ...strictRateLimit(3) } }, async () => ({ ok: true }));
    },
  });
  actors = await createActors(ctx.database.db);
});
afterAll(() => ctx.close());

const call = testClient(() => ctx.app);

describe('route authentication', () => {
  it('refuses required routes without a credential', async () => {
    const response = await call('GET', '/v2/_test/required');
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe('unauthorized');
  });

  it('accepts every token kind, with or without "Bearer "', async () => {
    for (const header of [actors.user.session, `Bearer ${actors.user.session}`, actors.user.pat, `bearer ${actors.user.pat}`]) {
      const response = await call('GET', '/v2/_test/required', { authorization: header });
      expect(response.statusCode, header).toBe(200);
      expect(response.json().actor.id).toBe(actors.user.id);
    }
  });

  it('refuses unknown, invalid and expired credentials', async () => {
    expect((await call('GET', '/v2/_test/required', { authorization: 'ghp_notours' })).json().error).toBe('invalid_auth_method');
    expect((await call('GET', '/v2/_test/required', { authorization: 'crp_doesnotexist' })).statusCode).toBe(401);
    const expired = await createSessionToken(ctx.database.db, actors.user.id, -1000);
    expect((await call('GET', '/v2/_test/required', { authorization: expired })).statusCode).toBe(401);
  });

  it('refuses a token that lacks the route scope, naming the scope', async () => {
    const readOnly = await createPat(ctx.database.db, actors.user.id, scopeBits('USER_READ'));
    expect((await call('GET', '/v2/_test/required', { authorization: readOnly })).statusCode).toBe(200);
    const response = await call('GET', '/v2/_test/required-email', { authorization: readOnly });
    expect(response.statusCode).toBe(401);
    expect(response.json().description).toContain('USER_READ_EMAIL');
  });

  it('treats a lacking or bad credential on optional routes as anonymous', async () => {
    const noProjectRead = await createPat(ctx.database.db, actors.user.id, scopeBits('USER_READ'));
    expect((await call('GET', '/v2/_test/optional', { authorization: noProjectRead })).json().actor).toBeNull();
    expect((await call('GET', '/v2/_test/optional', { authorization: 'crp_garbage' })).json().actor).toBeNull();
    expect((await call('GET', '/v2/_test/optional', { authorization: actors.user.pat })).json().actor.id).toBe(actors.user.id);
  });

  it('ignores credentials on public routes', async () => {
    expect((await call('GET', '/v2/_test/public', { authorization: 'crp_garbage' })).json().actor).toBeNull();
    expect((await call('GET', '/v2/_test/public', { authorization: actors.user.pat })).json().actor).toBeNull();
  });
});

describe('session cookie', () => {
  it('authenticates reads, and writes only from the website origin (CSRF)', async () => {
    const cookie = `cairn_session=${actors.user.session}`;
    expect((await call('GET', '/v2/_test/required', { cookie })).json().actor.id).toBe(actors.user.id);
    const forged = await call('POST', '/v2/_test/write', { cookie, origin: 'https://evil.test' });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error).toBe('csrf_failed');
    expect((await call('POST', '/v2/_test/write', { cookie })).statusCode).toBe(403);
    const genuine = await call('POST', '/v2/_test/write', { cookie, origin: 'http://site.test' });
    expect(genuine.statusCode).toBe(200);
  });

  it('does not accept PATs from cookies', async () => {
    expect((await call('GET', '/v2/_test/required', { cookie: `cairn_session=${actors.user.pat}` })).statusCode).toBe(401);
  });
});

describe('rate limits', () => {
  it('sends the rate-limit headers on every response', async () => {
    const response = await call('GET', '/v2/_test/public', { 'x-forwarded-for': '203.0.113.1' });
    expect(response.headers['x-ratelimit-limit']).toBe('40');
    expect(Number(response.headers['x-ratelimit-remaining'])).toBeLessThan(40);
    expect(response.headers['x-ratelimit-reset']).toMatch(/^\d+$/);
  });

  it('answers 429 ratelimit_error on strict routes past their limit, unless the bypass key is sent', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await call('POST', '/v2/_test/strict')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const limited = await call('POST', '/v2/_test/strict');
    expect(limited.json()).toMatchObject({ error: 'ratelimit_error' });
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
    const bypass = await call('POST', '/v2/_test/strict', { 'x-ratelimit-key': 'trusted-proxy-secret-key' });
    expect(bypass.statusCode).toBe(200);
  });

  it('gives signed-in users their own, larger quota', async () => {
    const response = await call('GET', '/v2/_test/required', { authorization: actors.stranger.pat });
    expect(response.headers['x-ratelimit-limit']).toBe('60');
  });

  it('counts a token sent to a public route against its user, not the address', async () => {
    const anonymous = await call('GET', '/v2/_test/public', { 'x-forwarded-for': '203.0.113.9' });
    expect(anonymous.headers['x-ratelimit-limit']).toBe('40');
    const first = await call('GET', '/v2/_test/public', { authorization: actors.moderator.pat, 'x-forwarded-for': '203.0.113.9' });
    const second = await call('GET', '/v2/_test/public', { authorization: actors.moderator.pat, 'x-forwarded-for': '203.0.113.10' });
    expect(first.headers['x-ratelimit-limit']).toBe('60');
    expect(Number(second.headers['x-ratelimit-remaining'])).toBe(Number(first.headers['x-ratelimit-remaining']) - 1);
    const badToken = await call('GET', '/v2/_test/public', { authorization: 'mrp_not-a-real-token', 'x-forwarded-for': '203.0.113.9' });
    expect(badToken.statusCode).toBe(200);
    expect(badToken.headers['x-ratelimit-limit']).toBe('40');
  });
});

describe('OpenAPI security', () => {
  it('documents authentication and scopes on protected routes', async () => {
    const document = (await call('GET', '/v2/openapi.json')).json();
    expect(document.paths['/v2/_test/required']?.get.security).toEqual([{ TokenAuth: [] }]);
    expect(document.paths['/v2/_test/required']?.get.description).toContain('USER_READ');
  });
});
