import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { OAuthAuthorizationListSchema } from '@cairn/shared/schemas/oauth';
import { authFlows, oauthAccessTokens } from '../../src/db/schema/auth.js';
import { hashToken } from '../../src/lib/tokens.js';
import { authCleanupJob } from '../../src/modules/auth/auth.jobs.js';
import { oauthCleanupJob } from '../../src/modules/oauth/oauth.jobs.js';
import type { TestContext } from '../harness.js';
import { testClient } from '../helpers/client.js';
import { insertUserWithTokens, type Actors } from '../factories/users.js';
import { pkcePair } from '../factories/oauth.js';
import { createOAuthWorld, type OAuthWorld } from '../helpers/oauth-world.js';

/** The OAuth token endpoint, PKCE, access tokens and authorizations (the flow up to the code is in oauth.test.ts). */

let ctx: TestContext;
let actors: Actors;
let oauth: OAuthWorld['oauth'];
let client: OAuthWorld['client'];

beforeAll(async () => {
  ({ ctx, actors, oauth, client } = await createOAuthWorld());
});
afterAll(() => ctx.close());

const call = testClient(() => ctx.app);
const get = (url: string, token?: string) => call('GET', url, oauth.headers(token));
const authorizations = async (session: string) => OAuthAuthorizationListSchema.parse((await get('/v2/oauth/authorizations', session)).json());

describe('the token endpoint', () => {
  async function freshCode(scope = 'USER_READ', query: Record<string, string> = {}) {
    const user = await insertUserWithTokens(ctx.database.db);
    const flow = await oauth.consentFlow(user.session, { client_id: client.id, scope, ...query });
    return { user, code: await oauth.accept(user.session, flow.flow_id) };
  }
  const grant = (code: string, extra: Record<string, string> = {}) => ({ grant_type: 'authorization_code', code, client_id: client.id, ...extra });

  it('accepts client_secret_basic and client_secret_post as well as the secret header, form or JSON', async () => {
    const basic = `Basic ${Buffer.from(`${client.id}:${client.client_secret}`).toString('base64')}`;
    const variants: Array<[Record<string, string>, { authorization?: string; json?: boolean }]> = [
      [{ grant_type: 'authorization_code' }, { authorization: basic }],
      [{ grant_type: 'authorization_code', client_id: client.id }, { authorization: basic }],
      [{ grant_type: 'authorization_code', client_id: client.id, client_secret: client.client_secret }, {}],
      [{ grant_type: 'authorization_code', client_id: client.id }, { authorization: client.client_secret, json: true }],
    ];
    for (const [fields, options] of variants) {
      const { user, code } = await freshCode();
      const response = await oauth.exchange({ ...fields, code }, options);
      expect(response.statusCode, response.body).toBe(200);
      expect((await get('/v2/_test/read', response.json().access_token)).json().user).toBe(user.id);
    }
  });

  it('reads form bodies that name their charset', async () => {
    const { code } = await freshCode();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/v2/oauth/token',
      headers: oauth.headers(client.client_secret, { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' }),
      payload: new URLSearchParams(grant(code)).toString(),
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('authenticates the client: unknown 400, wrong secret 401 (with a Basic challenge), one method at a time', async () => {
    const { code } = await freshCode();
    const unknown = await oauth.exchange(grant(code, { client_id: 'AAAAAAAA' }), { authorization: client.client_secret });
    expect([unknown.statusCode, unknown.json().error]).toEqual([400, 'invalid_client']);

    const wrong = await oauth.exchange(grant(code), { authorization: 'crc_wrong' });
    expect([wrong.statusCode, wrong.json().error]).toEqual([401, 'invalid_client']);
    const wrongBasic = await oauth.exchange({ grant_type: 'authorization_code', code }, { authorization: `Basic ${Buffer.from(`${client.id}:nope`).toString('base64')}` });
    expect([wrongBasic.statusCode, wrongBasic.json().error]).toEqual([401, 'invalid_client']);
    expect(wrongBasic.headers['www-authenticate']).toMatch(/^Basic /);
    expect(wrongBasic.headers['cache-control']).toBe('no-store');

    const twice = await oauth.exchange(grant(code, { client_secret: client.client_secret }), { authorization: client.client_secret });
    expect([twice.statusCode, twice.json().error]).toEqual([400, 'invalid_request']);
    const garbledBasic = await oauth.exchange({ grant_type: 'authorization_code', code }, { authorization: 'Basic !!!' });
    expect([garbledBasic.statusCode, garbledBasic.json().error]).toEqual([400, 'invalid_request']);
    const otherId = await oauth.exchange(grant(code, { client_id: 'BBBBBBBB' }), { authorization: `Basic ${Buffer.from(`${client.id}:${client.client_secret}`).toString('base64')}` });
    expect([otherId.statusCode, otherId.json().error]).toEqual([400, 'invalid_request']);
    const noSecret = await oauth.exchange(grant(code));
    expect([noSecret.statusCode, noSecret.json().error]).toEqual([401, 'invalid_client']);
    const noClient = await oauth.exchange({ grant_type: 'authorization_code', code });
    expect([noClient.statusCode, noClient.json().error]).toEqual([400, 'invalid_request']);

    // None of the failures used the code up.
    await oauth.tokenFor(client, code);
  });

  it('a code works once; a replay fails with invalid_grant and revokes the token it issued', async () => {
    const { code } = await freshCode();
    const token = await oauth.tokenFor(client, code);
    const replay = await oauth.exchange(grant(code), { authorization: client.client_secret });
    expect([replay.statusCode, replay.json().error]).toEqual([400, 'invalid_grant']);
    expect((await get('/v2/_test/read', token)).statusCode).toBe(401);
  });

  it('refuses expired, unknown and foreign codes', async () => {
    const { code } = await freshCode();
    await ctx.database.db.update(authFlows).set({ expires: new Date(Date.now() - 1000) }).where(eq(authFlows.id, hashToken(code)));
    const expired = await oauth.exchange(grant(code), { authorization: client.client_secret });
    expect([expired.statusCode, expired.json().error]).toEqual([400, 'invalid_grant']);
    const unknown = await oauth.exchange(grant('no-such-code'), { authorization: client.client_secret });
    expect(unknown.json().error).toBe('invalid_grant');

    const other = await oauth.registerApp(actors.stranger.session);
    const { code: ours } = await freshCode();
    const foreign = await oauth.exchange(grant(ours, { client_id: other.id }), { authorization: other.client_secret });
    expect([foreign.statusCode, foreign.json().error]).toEqual([400, 'unauthorized_client']);
    await oauth.tokenFor(client, ours);
  });

  it('checks the redirect_uri against the authorization request', async () => {
    const redirect = 'http://127.0.0.1:4567/done';
    const { code } = await freshCode('USER_READ', { redirect_uri: redirect });
    for (const sent of [undefined, 'https://launcher.test/callback?source=cairn', 'http://127.0.0.1:4567/done?x=2']) {
      const response = await oauth.exchange(grant(code, sent === undefined ? {} : { redirect_uri: sent }), { authorization: client.client_secret });
      expect([response.statusCode, response.json().error], String(sent)).toEqual([400, 'invalid_grant']);
    }
    await oauth.tokenFor(client, code, { redirect_uri: redirect });
  });

  it('refuses a code whose authorization was revoked in the meantime', async () => {
    const { user, code } = await freshCode();
    await ctx.app.inject({ method: 'DELETE', url: `/v2/oauth/authorizations?client_id=${client.id}`, headers: oauth.headers(user.session) });
    const response = await oauth.exchange(grant(code), { authorization: client.client_secret });
    expect([response.statusCode, response.json().error]).toEqual([400, 'invalid_grant']);
  });

  it('reports malformed requests as OAuth errors, never 500', async () => {
    const { code } = await freshCode();
    const cases: Array<[Record<string, string>, string]> = [
      [{ code, client_id: client.id }, 'invalid_request'],
      [grant(code, { grant_type: 'client_credentials' }), 'unsupported_grant_type'],
      [{ grant_type: 'authorization_code', client_id: client.id }, 'invalid_request'],
      [grant(code, { client_id: 'not base62!' }), 'invalid_request'],
      [grant(code, { code: 'c'.repeat(300) }), 'invalid_request'],
    ];
    for (const [fields, error] of cases) {
      const response = await oauth.exchange(fields, { authorization: client.client_secret });
      expect([response.statusCode, response.json().error], JSON.stringify(fields)).toEqual([400, error]);
    }
    const wrongType = await oauth.exchange({ grant_type: 'authorization_code', code: 12 } as unknown as Record<string, string>, { authorization: client.client_secret, json: true });
    expect([wrongType.statusCode, wrongType.json().error]).toEqual([400, 'invalid_request']);
    expect(wrongType.json().description).toContain("'code'");
    const duplicated = await ctx.app.inject({
      method: 'POST',
      url: '/v2/oauth/token',
      headers: oauth.headers(client.client_secret, { 'content-type': 'application/x-www-form-urlencoded' }),
      payload: `grant_type=authorization_code&code=${code}&code=other&client_id=${client.id}`,
    });
    expect([duplicated.statusCode, duplicated.json().error]).toEqual([400, 'invalid_request']);
    await oauth.tokenFor(client, code);
  });

  it('is rate limited more strictly than other routes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const response = await ctx.app.inject({ method: 'POST', url: '/v2/oauth/token', headers: { 'x-forwarded-for': '198.51.100.7' }, payload: {} });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('PKCE for public clients', () => {
  async function pkceCode(challenge: string) {
    const user = await insertUserWithTokens(ctx.database.db);
    const flow = await oauth.consentFlow(user.session, { client_id: client.id, scope: 'USER_READ', code_challenge: challenge, code_challenge_method: 'S256' });
    return { user, code: await oauth.accept(user.session, flow.flow_id) };
  }

  it('exchanges a code with the verifier and no secret', async () => {
    const { verifier, challenge } = pkcePair();
    const { user, code } = await pkceCode(challenge);
    const response = await oauth.exchange({ grant_type: 'authorization_code', code, client_id: client.id, code_verifier: verifier });
    expect(response.statusCode, response.body).toBe(200);
    expect((await get('/v2/_test/read', response.json().access_token)).json().user).toBe(user.id);
  });

  it('also works for already-authorized users (code issued at once) and together with the secret', async () => {
    const { verifier, challenge } = pkcePair();
    const { user } = await pkceCode(pkcePair().challenge);
    const redirect = oauth.redirectOf(await oauth.authorize(user.session, { client_id: client.id, scope: 'USER_READ', code_challenge: challenge, code_challenge_method: 'S256' }));
    const code = redirect.searchParams.get('code')!;
    await oauth.tokenFor(client, code, { code_verifier: verifier });
  });

  it('refuses a wrong or missing verifier, and a verifier without a challenge', async () => {
    const { verifier, challenge } = pkcePair();
    const { code } = await pkceCode(challenge);
    const wrong = await oauth.exchange({ grant_type: 'authorization_code', code, client_id: client.id, code_verifier: pkcePair().verifier });
    expect([wrong.statusCode, wrong.json().error]).toEqual([400, 'invalid_grant']);
    const missing = await oauth.exchange({ grant_type: 'authorization_code', code, client_id: client.id }, { authorization: client.client_secret });
    expect([missing.statusCode, missing.json().error]).toEqual([400, 'invalid_request']);
    const good = await oauth.exchange({ grant_type: 'authorization_code', code, client_id: client.id, code_verifier: verifier });
    expect(good.statusCode).toBe(200);

    const user = await insertUserWithTokens(ctx.database.db);
    const plain = await oauth.accept(user.session, (await oauth.consentFlow(user.session, { client_id: client.id, scope: 'USER_READ' })).flow_id);
    const unexpected = await oauth.exchange({ grant_type: 'authorization_code', code: plain, client_id: client.id, code_verifier: verifier }, { authorization: client.client_secret });
    expect([unexpected.statusCode, unexpected.json().error]).toEqual([400, 'invalid_grant']);
  });
});

describe('access tokens', () => {
  it('expire', async () => {
    const token = await oauth.obtainToken(actors.user.session, client, 'USER_READ');
    await ctx.database.db.update(oauthAccessTokens).set({ expires: new Date(Date.now() - 1000) }).where(eq(oauthAccessTokens.tokenHash, hashToken(token)));
    expect((await get('/v2/_test/read', token)).statusCode).toBe(401);
  });

  it('the daily purge removes expired tokens, flows and codes, and nothing live', async () => {
    const user = await insertUserWithTokens(ctx.database.db);
    const expiredToken = await oauth.obtainToken(user.session, client, 'USER_READ');
    const liveToken = await oauth.obtainToken(user.session, client, 'USER_READ');
    const expiredFlow = await oauth.consentFlow(user.session, { client_id: client.id, scope: 'NOTIFICATION_READ' });
    const liveFlow = await oauth.consentFlow(user.session, { client_id: client.id, scope: 'USER_WRITE' });
    const past = new Date(Date.now() - 1000);
    await ctx.database.db.update(oauthAccessTokens).set({ expires: past }).where(eq(oauthAccessTokens.tokenHash, hashToken(expiredToken)));
    await ctx.database.db.update(authFlows).set({ expires: past }).where(eq(authFlows.id, hashToken(expiredFlow.flow_id)));

    const deps = { db: ctx.database.db, search: ctx.search, config: ctx.config, files: ctx.files };
    await oauthCleanupJob.handle(deps, []);
    await authCleanupJob.handle(deps, []);

    const tokenRows = async (token: string) => ctx.database.db.select({ id: oauthAccessTokens.id }).from(oauthAccessTokens).where(eq(oauthAccessTokens.tokenHash, hashToken(token)));
    expect(await tokenRows(expiredToken)).toEqual([]);
    expect(await tokenRows(liveToken)).toHaveLength(1);
    expect(await ctx.database.db.select({ id: authFlows.id }).from(authFlows).where(eq(authFlows.id, hashToken(expiredFlow.flow_id)))).toEqual([]);
    expect((await get('/v2/_test/read', liveToken)).statusCode).toBe(200);
    await oauth.accept(user.session, liveFlow.flow_id);
  });
});

describe('authorizations', () => {
  it('are session-only', async () => {
    const readOnly = await oauth.obtainToken(actors.moderator.session, client, 'USER_READ');
    for (const token of [undefined, actors.moderator.pat, readOnly]) {
      expect((await get('/v2/oauth/authorizations', token)).statusCode).toBe(401);
      const revoke = await ctx.app.inject({ method: 'DELETE', url: `/v2/oauth/authorizations?client_id=${client.id}`, headers: oauth.headers(token) });
      expect(revoke.statusCode).toBe(401);
    }
    expect(await authorizations(actors.moderator.session)).toHaveLength(1);
  });

  it("list only the user's own, and revoking affects only the user's own", async () => {
    const alice = await insertUserWithTokens(ctx.database.db);
    const bob = await insertUserWithTokens(ctx.database.db);
    const aliceToken = await oauth.obtainToken(alice.session, client, 'USER_READ');
    const bobToken = await oauth.obtainToken(bob.session, client, 'USER_READ');
    expect((await authorizations(alice.session)).map((a) => a.app_id)).toEqual([client.id]);
    await ctx.app.inject({ method: 'DELETE', url: `/v2/oauth/authorizations?client_id=${client.id}`, headers: oauth.headers(alice.session) });
    expect((await get('/v2/_test/read', aliceToken)).statusCode).toBe(401);
    expect((await get('/v2/_test/read', bobToken)).statusCode).toBe(200);
  });

  it('revoking one that does not exist is 404; a bad client_id is 400', async () => {
    const none = await ctx.app.inject({ method: 'DELETE', url: `/v2/oauth/authorizations?client_id=${client.id}`, headers: oauth.headers(actors.stranger.session) });
    expect(none.statusCode).toBe(404);
    const bad = await ctx.app.inject({ method: 'DELETE', url: '/v2/oauth/authorizations?client_id=not-an-id!', headers: oauth.headers(actors.stranger.session) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().description).toContain("'client_id'");
  });
});
