import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SCOPES, withoutRestricted } from '@cairn/shared/constants/scopes';
import { createTestContext, type TestContext } from '../harness.js';
import { createActors, createPat, type Actors } from '../factories/users.js';

/**
 * Who may call the signed-in /v2/auth routes: they need USER_AUTH_WRITE, which only sessions
 * hold, so anonymous callers and personal access tokens (even with every allowed scope) get 401.
 */
let ctx: TestContext;
let actors: Actors;

beforeAll(async () => {
  ctx = await createTestContext({ env: { PUBLIC_SITE_URL: 'http://site.test' } });
  actors = await createActors(ctx.database.db);
});
afterAll(() => ctx.close());

const SESSION_ONLY: Array<{ method: 'POST' | 'PATCH' | 'DELETE'; url: string; body?: object }> = [
  { method: 'POST', url: '/v2/auth/2fa/get_secret' },
  { method: 'POST', url: '/v2/auth/2fa', body: { code: '123456', flow: 'x' } },
  { method: 'DELETE', url: '/v2/auth/2fa', body: { code: '123456' } },
  { method: 'PATCH', url: '/v2/auth/email', body: { email: 'new@mail.test' } },
  { method: 'POST', url: '/v2/auth/email/resend_verify' },
  { method: 'POST', url: '/v2/auth/email/subscribe' },
  { method: 'DELETE', url: '/v2/auth/email/subscribe' },
  { method: 'POST', url: '/v2/auth/provider', body: { provider: 'github', url: 'http://site.test/' } },
  { method: 'DELETE', url: '/v2/auth/provider', body: { provider: 'github' } },
];

describe('session-only auth routes', () => {
  it.each(SESSION_ONLY)('$method $url: 401 anonymously and with a token', async ({ method, url, body }) => {
    const everyAllowedScope = await createPat(ctx.database.db, actors.user.id, withoutRestricted(ALL_SCOPES));
    for (const headers of [{}, { authorization: everyAllowedScope }, { authorization: 'crp_not_a_real_token' }]) {
      const response = await ctx.app.inject({ method, url, headers, payload: body });
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
      expect(response.json().error).toMatch(/unauthorized|invalid_auth_method/);
    }
  });

  it('PATCH /v2/auth/password without a flow needs a session', async () => {
    const response = await ctx.app.inject({ method: 'PATCH', url: '/v2/auth/password', headers: { authorization: actors.user.pat }, payload: { new_password: 'quiet-lantern-harbour-47' } });
    expect(response.statusCode).toBe(401);
  });

  it('the session cookie works from the website only', async () => {
    const cookie = `cairn_session=${actors.user.session}`;
    expect((await ctx.app.inject({ method: 'POST', url: '/v2/auth/email/subscribe', headers: { cookie, origin: 'https://evil.test' } })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: '/v2/auth/email/subscribe', headers: { cookie, origin: 'http://site.test' } })).statusCode).toBe(204);
  });

  it('lists no providers and no captcha by default', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/v2/auth/providers' })).json()).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: '/v2/auth/captcha' })).json()).toEqual({ provider: null, site_key: null });
    const init = await ctx.app.inject({ method: 'GET', url: '/v2/auth/init?provider=github&url=http://site.test/' });
    expect(init.statusCode).toBe(400);
    expect(init.json().error).toBe('invalid_provider');
  });
});

describe('strict rate limits', () => {
  it.each([
    { url: '/v2/auth/login', payload: { username: 'x', password: 'y' }, limit: 10 },
    { url: '/v2/auth/login/2fa', payload: { code: '1', flow: 'x' }, limit: 10 },
    { url: '/v2/auth/create', payload: { username: 'x' }, limit: 5 },
    { url: '/v2/auth/create/validate', payload: { username: 'x' }, limit: 30 },
    { url: '/v2/auth/password/reset', payload: { username: 'x' }, limit: 5 },
  ])('$url allows $limit a minute per client', async ({ url, payload, limit }) => {
    const remoteAddress = `192.0.2.${limit + url.length}`;
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i++) statuses.push((await ctx.app.inject({ method: 'POST', url, payload, remoteAddress })).statusCode);
    expect(statuses.slice(0, limit)).not.toContain(429);
    expect(statuses[limit]).toBe(429);
  });
});

describe('OpenAPI document', () => {
  it('documents the account routes with their operation ids', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/v2/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths;
    expect(paths['/v2/user/{id}'].get.operationId).toBe('getUser');
    expect(paths['/v2/user/{id}'].patch.operationId).toBe('modifyUser');
    expect(paths['/v2/users'].get.operationId).toBe('getUsers');
    expect(paths['/v2/user'].get.operationId).toBe('getUserFromAuth');
    expect(paths['/v2/user/{id}/icon'].patch.operationId).toBe('changeUserIcon');
    expect(paths['/v2/auth/login'].post.operationId).toBe('login');
    expect(paths['/v2/session/list'].get.security).toEqual([{ TokenAuth: [] }]);
  });
});
