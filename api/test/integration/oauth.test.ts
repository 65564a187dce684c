import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { scopeBits } from '@cairn/shared/constants/scopes';
import { OAuthAuthorizationListSchema, OAuthTokenResponseSchema } from '@cairn/shared/schemas/oauth';
import { authFlows, oauthAccessTokens } from '../../src/db/schema/auth.js';
import { hashToken } from '../../src/lib/tokens.js';
import type { TestContext } from '../harness.js';
import { testClient } from '../helpers/client.js';
import { insertUserWithTokens, type Actors } from '../factories/users.js';
import { pkcePair } from '../factories/oauth.js';
import { createOAuthWorld, type OAuthWorld } from '../helpers/oauth-world.js';

/** The OAuth authorization-code flow up to the code: consent, its answers, authorize errors (the token side is in oauth-tokens.test.ts). */

const READ_AND_NOTIFICATIONS = scopeBits('USER_READ', 'NOTIFICATION_READ');

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
const errorOf = (url: URL) => ({ error: url.searchParams.get('error'), state: url.searchParams.get('state') });

describe('the full authorization-code flow', () => {
  it('authorize → consent → accept → code → token, keeping state and the redirect query', async () => {
    const user = await insertUserWithTokens(ctx.database.db);
    const flow = await oauth.consentFlow(user.session, {
      client_id: client.id,
      redirect_uri: 'https://launcher.test/callback?source=cairn',
      scope: 'USER_READ NOTIFICATION_READ',
      state: 'xyz state/1',
    });
    expect(flow).toMatchObject({
      client_id: client.id,
      client_name: 'Pack Launcher',
      client_icon: null,
      requested_scopes: READ_AND_NOTIFICATIONS,
      redirect_uri: 'https://launcher.test/callback?source=cairn',
    });
    expect(flow.flow_id.length).toBeGreaterThanOrEqual(32);

    const redirect = oauth.redirectOf(await oauth.answer(user.session, 'accept', flow.flow_id));
    expect(`${redirect.origin}${redirect.pathname}`).toBe('https://launcher.test/callback');
    expect(redirect.searchParams.get('source')).toBe('cairn');
    expect(redirect.searchParams.get('state')).toBe('xyz state/1');
    const code = redirect.searchParams.get('code')!;

    const response = await oauth.exchange(
      { grant_type: 'authorization_code', code, client_id: client.id, redirect_uri: 'https://launcher.test/callback?source=cairn' },
      { authorization: client.client_secret },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers.pragma).toBe('no-cache');
    const token = OAuthTokenResponseSchema.strict().parse(response.json());
    expect(token).toMatchObject({ token_type: 'Bearer', expires_in: 14 * 24 * 60 * 60, scope: 'USER_READ NOTIFICATION_READ' });
    expect(token.access_token).toMatch(/^cro_[0-9A-Za-z]{60}$/);

    // The token acts for the user within the granted scopes only.
    expect((await get('/v2/_test/notifications', token.access_token)).json()).toEqual({ user: user.id, kind: 'oauth' });
    expect((await get('/v2/_test/read', token.access_token)).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'POST', url: '/v2/_test/write', headers: oauth.headers(token.access_token) })).statusCode).toBe(401);
    // Session-only routes stay closed to it.
    expect((await get('/v2/oauth/authorizations', token.access_token)).statusCode).toBe(401);
    expect((await get('/v2/pat', token.access_token)).statusCode).toBe(401);

    const [authorization] = await authorizations(user.session);
    expect(authorization).toMatchObject({ app_id: client.id, user_id: expect.any(String), scopes: READ_AND_NOTIFICATIONS });

    // Revoking the authorization stops the token at once.
    const revoked = await ctx.app.inject({ method: 'DELETE', url: `/v2/oauth/authorizations?client_id=${client.id}`, headers: oauth.headers(user.session) });
    expect(revoked.statusCode).toBe(204);
    expect((await get('/v2/_test/read', token.access_token)).statusCode).toBe(401);
    expect(await authorizations(user.session)).toEqual([]);
  });

  it('stores only hashes of codes and tokens', async () => {
    const user = await insertUserWithTokens(ctx.database.db);
    const code = await oauth.accept(user.session, (await oauth.consentFlow(user.session, { client_id: client.id, scope: 'USER_READ' })).flow_id);
    expect(await ctx.database.db.select().from(authFlows).where(eq(authFlows.id, code))).toEqual([]);
    expect(await ctx.database.db.select({ id: authFlows.id }).from(authFlows).where(eq(authFlows.id, hashToken(code)))).toHaveLength(1);
    const token = await oauth.tokenFor(client, code);
    const rows = await ctx.database.db.select({ tokenHash: oauthAccessTokens.tokenHash }).from(oauthAccessTokens).where(eq(oauthAccessTokens.tokenHash, hashToken(token)));
    expect(rows).toHaveLength(1);
  });

  it('issues a code at once when the user already granted the scopes', async () => {
    const user = await insertUserWithTokens(ctx.database.db);
    await oauth.obtainToken(user.session, client, 'USER_READ NOTIFICATION_READ');
    for (const scope of ['USER_READ', 'NOTIFICATION_READ USER_READ', 'USER_READ+NOTIFICATION_READ']) {
      const redirect = oauth.redirectOf(await oauth.authorize(user.session, { client_id: client.id, scope, state: 's1' }));
      expect(redirect.searchParams.get('state')).toBe('s1');
      const token = await oauth.tokenFor(client, redirect.searchParams.get('code')!);
      expect((await get('/v2/_test/read', token)).statusCode).toBe(200);
    }
  });

  it('asks again for broader scopes; the older token keeps only what it was given', async () => {
    const user = await insertUserWithTokens(ctx.database.db);
    const older = await oauth.obtainToken(user.session, client, 'USER_READ');
    const flow = await oauth.consentFlow(user.session, { client_id: client.id, scope: 'USER_READ NOTIFICATION_READ' });
    expect(flow.requested_scopes).toBe(READ_AND_NOTIFICATIONS);
    const newer = await oauth.tokenFor(client, await oauth.accept(user.session, flow.flow_id));
    expect((await get('/v2/_test/notifications', newer)).statusCode).toBe(200);
    expect((await get('/v2/_test/notifications', older)).statusCode).toBe(401);
    expect((await get('/v2/_test/read', older)).statusCode).toBe(200);
    // The authorization grew to the union.
    expect((await authorizations(user.session))[0]?.scopes).toBe(READ_AND_NOTIFICATIONS);
  });

  it('asks for the app maximum when no scope is given, and uses the first redirect URI when none is given', async () => {
    const user = await insertUserWithTokens(ctx.database.db);
    const flow = await oauth.consentFlow(user.session, { client_id: client.id });
    expect(flow.requested_scopes).toBe(client.max_scopes);
    expect(flow.redirect_uri).toBe('https://launcher.test/callback?source=cairn');
    const redirect = oauth.redirectOf(await oauth.answer(user.session, 'accept', flow.flow_id));
    expect(redirect.href).toMatch(/^https:\/\/launcher\.test\/callback\?source=cairn&code=/);
    // The redirect_uri was absent from the request, so it must be absent from the exchange too.
    const code = redirect.searchParams.get('code')!;
    const mismatch = await oauth.exchange(
      { grant_type: 'authorization_code', code, client_id: client.id, redirect_uri: 'https://launcher.test/callback?source=cairn' },
      { authorization: client.client_secret },
    );
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error).toBe('invalid_grant');
    const token = await oauth.tokenFor(client, code);
    expect((await get('/v2/_test/read', token)).statusCode).toBe(200);
  });
});

describe('consent answers', () => {
  it('reject sends access_denied with the state, and the flow cannot be accepted afterwards', async () => {
    const user = await insertUserWithTokens(ctx.database.db);
    const flow = await oauth.consentFlow(user.session, { client_id: client.id, scope: 'USER_READ', state: 'abc' });
    const redirect = oauth.redirectOf(await oauth.answer(user.session, 'reject', flow.flow_id));
    expect(errorOf(redirect)).toEqual({ error: 'access_denied', state: 'abc' });
    expect(redirect.searchParams.get('code')).toBeNull();
    expect((await oauth.answer(user.session, 'accept', flow.flow_id)).statusCode).toBe(400);
    expect(await authorizations(user.session)).toEqual([]);
  });

  it('a flow can be accepted once', async () => {
    const user = await insertUserWithTokens(ctx.database.db);
    const flow = await oauth.consentFlow(user.session, { client_id: client.id, scope: 'USER_READ' });
    await oauth.accept(user.session, flow.flow_id);
    const again = await oauth.answer(user.session, 'accept', flow.flow_id);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('invalid_request');
  });

  it("nobody else can answer a user's flow, and trying does not use it up", async () => {
    const user = await insertUserWithTokens(ctx.database.db);
    const flow = await oauth.consentFlow(user.session, { client_id: client.id, scope: 'USER_READ' });
    expect((await oauth.answer(actors.stranger.session, 'accept', flow.flow_id)).statusCode).toBe(400);
    expect((await oauth.answer(actors.stranger.session, 'reject', flow.flow_id)).statusCode).toBe(400);
    expect(await authorizations(actors.stranger.session)).toEqual([]);
    await oauth.accept(user.session, flow.flow_id);
  });

  it('an expired flow cannot be answered', async () => {
    const user = await insertUserWithTokens(ctx.database.db);
    const flow = await oauth.consentFlow(user.session, { client_id: client.id, scope: 'USER_READ' });
    await ctx.database.db.update(authFlows).set({ expires: new Date(Date.now() - 1000) }).where(eq(authFlows.id, hashToken(flow.flow_id)));
    expect((await oauth.answer(user.session, 'accept', flow.flow_id)).statusCode).toBe(400);
  });

  it('validates the flow body', async () => {
    for (const payload of [{}, { flow: '' }, { flow: 7 }, { flow: 'x'.repeat(129) }]) {
      const response = await ctx.app.inject({ method: 'POST', url: '/v2/oauth/accept', headers: oauth.headers(actors.user.session), payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().description).toContain("'flow'");
    }
  });
});

describe('authorize request errors', () => {
  it('answers directly while the redirect URI is not established', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ client_id: 'not base62!' }, 'invalid_request'],
      [{ client_id: 'AAAAAAAA' }, 'invalid_client'],
      [{ client_id: client.id, redirect_uri: 'https://evil.test/callback' }, 'invalid_uri'],
      [{ client_id: client.id, redirect_uri: 'https://launcher.test/callback/extra' }, 'invalid_uri'],
      [{ client_id: client.id, redirect_uri: 'https://launcher.test/callback?source=cairn&x=1' }, 'invalid_uri'],
      [{ client_id: client.id, redirect_uri: 'https://launcher.test/callback' }, 'invalid_uri'],
      [{ client_id: client.id, redirect_uri: 'https://launcher.test/callback#frag' }, 'invalid_uri'],
    ];
    for (const [query, error] of cases) {
      const response = await oauth.authorize(actors.user.session, { ...query, state: 's' });
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json().error, JSON.stringify(query)).toBe(error);
      expect(response.headers.location).toBeUndefined();
    }
    const missing = await oauth.authorize(actors.user.session, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().description).toContain("'client_id'");
  });

  it('sends later errors to the app, with the state', async () => {
    const { challenge } = pkcePair();
    const cases: Array<[Record<string, string>, string]> = [
      [{ scope: 'USER_READ NOT_A_SCOPE' }, 'invalid_scope'],
      [{ scope: 'USER_READ PROJECT_WRITE' }, 'invalid_scope'],
      [{ scope: 'USER_READ PAT_CREATE' }, 'invalid_scope'],
      [{ response_type: 'token' }, 'unsupported_response_type'],
      [{ code_challenge: challenge }, 'invalid_request'],
      [{ code_challenge: challenge, code_challenge_method: 'plain' }, 'invalid_request'],
      [{ code_challenge: 'too-short', code_challenge_method: 'S256' }, 'invalid_request'],
      [{ code_challenge_method: 'S256' }, 'invalid_request'],
    ];
    for (const [query, error] of cases) {
      const response = await oauth.authorize(actors.user.session, { client_id: client.id, redirect_uri: 'http://127.0.0.1:4567/done', state: 'st', ...query });
      const redirect = oauth.redirectOf(response);
      expect(redirect.origin + redirect.pathname).toBe('http://127.0.0.1:4567/done');
      expect(errorOf(redirect), JSON.stringify(query)).toEqual({ error, state: 'st' });
      expect(redirect.searchParams.get('error_description')).toBeTruthy();
    }
  });

  it('needs a first-party session for authorize, accept and reject', async () => {
    const readOnly = await oauth.obtainToken(actors.user.session, client, 'USER_READ');
    for (const token of [undefined, actors.user.pat, readOnly]) {
      expect((await oauth.authorize(token, { client_id: client.id })).statusCode).toBe(401);
      expect((await oauth.answer(token, 'accept', 'whatever')).statusCode).toBe(401);
      expect((await oauth.answer(token, 'reject', 'whatever')).statusCode).toBe(401);
    }
  });
});
