import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { RESTRICTED_SCOPES, scopeBits } from '@cairn/shared/constants/scopes';
import { OAuthAuthorizationListSchema, OAuthClientListSchema, OAuthClientSchema } from '@cairn/shared/schemas/oauth';
import { oauthClients } from '../../src/db/schema/auth.js';
import { encodeBase62, parseId } from '../../src/lib/ids.js';
import { requireAuth } from '../../src/plugins/auth.js';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient } from '../helpers/client.js';
import { createActors, type Actors } from '../factories/users.js';
import { oauthDriver } from '../factories/oauth.js';

const BYPASS = 'oauth-apps-test-rate-limit-bypass';

let ctx: TestContext;
let actors: Actors;
let oauth: ReturnType<typeof oauthDriver>;

beforeAll(async () => {
  ctx = await createTestContext({
    env: { RATE_LIMIT_BYPASS_KEY: BYPASS },
    beforeReady: (app) => {
      app.get('/v2/_test/read', { config: requireAuth('USER_READ') }, async () => ({ ok: true }));
      app.get('/v2/_test/notifications', { config: requireAuth('NOTIFICATION_READ') }, async () => ({ ok: true }));
    },
  });
  actors = await createActors(ctx.database.db);
  oauth = oauthDriver(ctx.app, BYPASS);
});
afterAll(() => ctx.close());

const call = testClient(() => ctx.app, { headers: { 'x-ratelimit-key': BYPASS } });
const getApp = async (id: string) => OAuthClientSchema.strict().parse((await call('GET', `/v2/oauth/app/${id}`)).json());

const validApp = { name: 'Pack Launcher', max_scopes: scopeBits('USER_READ'), redirect_uris: ['https://launcher.test/callback'] };

describe('registering an app', () => {
  it('returns the app and its secret once; only a hash of the secret is kept', async () => {
    const created = await oauth.registerApp(actors.creator.session, {
      name: 'Modpack Studio',
      max_scopes: scopeBits('USER_READ', 'PROJECT_READ', 'VERSION_CREATE'),
      redirect_uris: ['https://studio.test/oauth', 'com.example.studio:/callback', 'http://127.0.0.1:8123/'],
      url: 'https://studio.test',
      description: 'Builds modpacks.',
    });
    expect(created.client_secret).toMatch(/^crc_[0-9A-Za-z]{60}$/);
    expect(created).toMatchObject({
      name: 'Modpack Studio',
      icon_url: null,
      max_scopes: scopeBits('USER_READ', 'PROJECT_READ', 'VERSION_CREATE'),
      created_by: expect.any(String),
      url: 'https://studio.test',
      description: 'Builds modpacks.',
    });
    expect(parseId(created.created_by)).toBe(actors.creator.id);
    expect(created.redirect_uris.map((uri) => uri.uri)).toEqual(['https://studio.test/oauth', 'com.example.studio:/callback', 'http://127.0.0.1:8123/']);
    expect(created.redirect_uris.every((uri) => uri.client_id === created.id)).toBe(true);

    const { client_secret: secret, ...publicView } = created;
    const fetched = await getApp(created.id);
    expect(fetched).toEqual(publicView);
    expect(JSON.stringify(fetched)).not.toContain(secret);
    const [row] = await ctx.database.db.select({ secretHash: oauthClients.secretHash }).from(oauthClients).where(eq(oauthClients.id, parseId(created.id)!));
    expect(row?.secretHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is session-only', async () => {
    const readOnly = await oauth.obtainToken(actors.user.session, await oauth.registerApp(actors.creator.session), 'USER_READ');
    for (const token of [undefined, actors.user.pat, readOnly]) {
      expect((await call('POST', '/v2/oauth/app', token, validApp)).statusCode).toBe(401);
    }
  });

  it('refuses restricted max_scopes with 400 naming them', async () => {
    for (const name of RESTRICTED_SCOPES) {
      const response = await call('POST', '/v2/oauth/app', actors.creator.session, { ...validApp, max_scopes: scopeBits('USER_READ', name) });
      expect(response.statusCode, name).toBe(400);
      expect(response.json().description).toContain(name);
    }
  });

  it('refuses bad input with 400 naming the field, never 500', async () => {
    const cases: Array<[string, Record<string, unknown>]> = [
      ['name', { name: 'ab' }],
      ['name', { name: 'n'.repeat(256) }],
      ['name', { name: '    ' }],
      ['name', { name: ['Pack'] }],
      ['name', { name: undefined }],
      ['max_scopes', { max_scopes: 'USER_READ' }],
      ['max_scopes', { max_scopes: 2 ** 48 }],
      ['max_scopes', { max_scopes: -1 }],
      ['max_scopes', { max_scopes: undefined }],
      ['redirect_uris', { redirect_uris: [] }],
      ['redirect_uris', { redirect_uris: 'https://launcher.test/callback' }],
      ['redirect_uris', { redirect_uris: undefined }],
      ['redirect_uris', { redirect_uris: ['https://a.test/cb', 'https://a.test/cb'] }],
      ['redirect_uris', { redirect_uris: Array.from({ length: 33 }, (_, i) => `https://a.test/cb${i}`) }],
      ['redirect_uris.0', { redirect_uris: ['not a uri'] }],
      ['redirect_uris.0', { redirect_uris: ['javascript:alert(1)'] }],
      ['redirect_uris.0', { redirect_uris: ['data:text/html,hi'] }],
      ['redirect_uris.0', { redirect_uris: ['https://a.test/cb#fragment'] }],
      ['redirect_uris.0', { redirect_uris: [`https://a.test/${'p'.repeat(2048)}`] }],
      ['redirect_uris.0', { redirect_uris: [42] }],
      ['url', { url: 'http://insecure.test' }],
      ['url', { url: 'not a url' }],
      ['url', { url: `https://a.test/${'u'.repeat(250)}` }],
      ['url', { url: 7 }],
      ['description', { description: 'd'.repeat(256) }],
      ['description', { description: { text: 'hi' } }],
    ];
    for (const [field, change] of cases) {
      const response = await call('POST', '/v2/oauth/app', actors.creator.session, { ...validApp, ...change });
      expect(response.statusCode, `${field} ${JSON.stringify(change).slice(0, 80)}`).toBe(400);
      expect(response.json().description, JSON.stringify(change).slice(0, 80)).toContain(`'${field}'`);
    }
  });
});

describe('reading apps', () => {
  it('gets one app publicly; unknown is 404, malformed 400', async () => {
    const created = await oauth.registerApp(actors.creator.session);
    expect((await call('GET', `/v2/oauth/app/${created.id}`)).statusCode).toBe(200);
    expect((await call('GET', '/v2/oauth/app/AAAAAAAA')).statusCode).toBe(404);
    expect((await call('GET', '/v2/oauth/app/zzzzzzzzzzz')).statusCode).toBe(404);
    expect((await call('GET', '/v2/oauth/app/bad-id!')).statusCode).toBe(400);
  });

  it('gets several by a JSON array or a comma list, leaving unknown ones out', async () => {
    const first = await oauth.registerApp(actors.creator.session, { name: 'First app' });
    const second = await oauth.registerApp(actors.user.session, { name: 'Second app' });
    for (const ids of [JSON.stringify([first.id, second.id, 'AAAAAAAA']), `${first.id},${second.id},AAAAAAAA`]) {
      const response = await ctx.app.inject({ method: 'GET', url: '/v2/oauth/apps', query: { ids } });
      expect(response.statusCode, ids).toBe(200);
      const apps = OAuthClientListSchema.parse(response.json());
      expect(apps.map((a) => a.name).sort()).toEqual(['First app', 'Second app']);
    }
    expect(OAuthClientListSchema.parse((await ctx.app.inject({ method: 'GET', url: '/v2/oauth/apps', query: { ids: '[]' } })).json())).toEqual([]);
    for (const ids of ['["unterminated', '{"a":1}', '["bad id!"]']) {
      const response = await ctx.app.inject({ method: 'GET', url: '/v2/oauth/apps', query: { ids } });
      expect(response.statusCode, ids).toBe(400);
      expect(response.json().description).toContain("'ids");
    }
    expect((await call('GET', '/v2/oauth/apps')).statusCode).toBe(400);
  });

  it("lists a user's apps for themselves and moderators only", async () => {
    const people = actors;
    const mine = await oauth.registerApp(people.stranger.session, { name: 'Stranger app' });
    for (const ref of [mine.created_by, 'stranger', 'STRANGER']) {
      const response = await call('GET', `/v2/user/${ref}/oauth_apps`, people.stranger.session);
      expect(response.statusCode, ref).toBe(200);
      expect(OAuthClientListSchema.parse(response.json()).map((a) => a.id)).toEqual([mine.id]);
    }
    for (const staff of [people.moderator, people.admin]) {
      expect(OAuthClientListSchema.parse((await call('GET', '/v2/user/Stranger/oauth_apps', staff.session)).json())).toHaveLength(1);
    }
    expect((await call('GET', '/v2/user/Stranger/oauth_apps', people.user.session)).statusCode).toBe(401);
    expect((await call('GET', '/v2/user/Stranger/oauth_apps')).statusCode).toBe(401);
    expect((await call('GET', '/v2/user/Stranger/oauth_apps', people.stranger.pat)).statusCode).toBe(401);
    expect((await call('GET', '/v2/user/nobody-by-this-name/oauth_apps', people.moderator.session)).statusCode).toBe(404);
    expect(OAuthClientListSchema.parse((await call('GET', '/v2/user/Admin/oauth_apps', people.admin.session)).json())).toEqual([]);
  });
});

describe('editing an app', () => {
  it('changes the given fields; redirect_uris replaces the list in order; null clears url and description', async () => {
    const created = await oauth.registerApp(actors.creator.session, { url: 'https://launcher.test', description: 'Old words' });
    const response = await call('PATCH', `/v2/oauth/app/${created.id}`, actors.creator.session, {
      name: 'Renamed Launcher',
      max_scopes: scopeBits('USER_READ', 'NOTIFICATION_READ'),
      redirect_uris: ['https://launcher.test/v2/callback', 'https://launcher.test/callback'],
      url: null,
    });
    expect(response.statusCode, response.body).toBe(204);
    const edited = await getApp(created.id);
    expect(edited).toMatchObject({ name: 'Renamed Launcher', max_scopes: scopeBits('USER_READ', 'NOTIFICATION_READ'), url: null, description: 'Old words' });
    expect(edited.redirect_uris.map((uri) => uri.uri)).toEqual(['https://launcher.test/v2/callback', 'https://launcher.test/callback']);
    expect((await call('PATCH', `/v2/oauth/app/${created.id}`, actors.creator.session, { description: null })).statusCode).toBe(204);
    expect((await getApp(created.id)).description).toBeNull();
    // An empty edit changes nothing.
    expect((await call('PATCH', `/v2/oauth/app/${created.id}`, actors.creator.session, {})).statusCode).toBe(204);
    expect((await getApp(created.id)).name).toBe('Renamed Launcher');
  });

  it('is for the creator and moderators; others get 401, unknown apps 404', async () => {
    const created = await oauth.registerApp(actors.creator.session);
    for (const token of [undefined, actors.creator.pat, actors.user.session, actors.stranger.session]) {
      expect((await call('PATCH', `/v2/oauth/app/${created.id}`, token, { name: 'Taken over' })).statusCode).toBe(401);
      expect((await call('DELETE', `/v2/oauth/app/${created.id}`, token)).statusCode).toBe(401);
    }
    expect((await getApp(created.id)).name).toBe('Pack Launcher');
    expect((await call('PATCH', `/v2/oauth/app/${created.id}`, actors.moderator.session, { name: 'Moderated name' })).statusCode).toBe(204);
    expect((await getApp(created.id)).name).toBe('Moderated name');
    expect((await call('PATCH', '/v2/oauth/app/AAAAAAAA', actors.creator.session, { name: 'Nothing here' })).statusCode).toBe(404);
    expect((await call('DELETE', '/v2/oauth/app/AAAAAAAA', actors.creator.session)).statusCode).toBe(404);
  });

  it('validates like creation: restricted scopes, empty redirect list and bad fields are 400', async () => {
    const created = await oauth.registerApp(actors.creator.session);
    const cases: Array<[string, Record<string, unknown>]> = [
      ['max_scopes', { max_scopes: scopeBits('USER_READ', 'SESSION_ACCESS') }],
      ['redirect_uris', { redirect_uris: [] }],
      ['redirect_uris.0', { redirect_uris: ['javascript:alert(1)'] }],
      ['name', { name: 'x' }],
      ['url', { url: 'ftp://files.test' }],
      ['description', { description: 'd'.repeat(256) }],
    ];
    for (const [field, change] of cases) {
      const response = await call('PATCH', `/v2/oauth/app/${created.id}`, actors.creator.session, change);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().description).toContain(`'${field}'`);
    }
    const unchanged = await getApp(created.id);
    expect(unchanged.max_scopes).toBe(created.max_scopes);
    expect(unchanged.redirect_uris).toHaveLength(1);
  });

  it('narrowing max_scopes takes the dropped scopes from existing grants and tokens', async () => {
    const created = await oauth.registerApp(actors.creator.session, { max_scopes: scopeBits('USER_READ', 'NOTIFICATION_READ') });
    const token = await oauth.obtainToken(actors.user.session, created, 'USER_READ NOTIFICATION_READ');
    expect((await call('GET', '/v2/_test/notifications', token)).statusCode).toBe(200);
    expect((await call('PATCH', `/v2/oauth/app/${created.id}`, actors.creator.session, { max_scopes: scopeBits('USER_READ') })).statusCode).toBe(204);
    expect((await call('GET', '/v2/_test/notifications', token)).statusCode).toBe(401);
    expect((await call('GET', '/v2/_test/read', token)).statusCode).toBe(200);
    const grants = OAuthAuthorizationListSchema.parse((await call('GET', '/v2/oauth/authorizations', actors.user.session)).json());
    expect(grants.find((grant) => grant.app_id === created.id)?.scopes).toBe(scopeBits('USER_READ'));
  });

  it('a pending consent flow fails once its redirect URI is no longer registered', async () => {
    const created = await oauth.registerApp(actors.creator.session);
    const flow = await oauth.consentFlow(actors.user.session, { client_id: created.id });
    await call('PATCH', `/v2/oauth/app/${created.id}`, actors.creator.session, { redirect_uris: ['https://launcher.test/new-callback'] });
    const response = await oauth.answer(actors.user.session, 'accept', flow.flow_id);
    expect([response.statusCode, response.json().error]).toEqual([400, 'invalid_uri']);
  });
});

describe('deleting an app', () => {
  it('revokes every token and authorization it holds', async () => {
    const created = await oauth.registerApp(actors.creator.session);
    const userToken = await oauth.obtainToken(actors.user.session, created, 'USER_READ');
    const strangerToken = await oauth.obtainToken(actors.stranger.session, created, 'USER_READ');
    expect((await call('GET', '/v2/_test/read', userToken)).statusCode).toBe(200);

    expect((await call('DELETE', `/v2/oauth/app/${created.id}`, actors.creator.session)).statusCode).toBe(204);
    expect((await call('GET', `/v2/oauth/app/${created.id}`)).statusCode).toBe(404);
    for (const token of [userToken, strangerToken]) expect((await call('GET', '/v2/_test/read', token)).statusCode).toBe(401);
    for (const person of [actors.user, actors.stranger]) {
      const grants = OAuthAuthorizationListSchema.parse((await call('GET', '/v2/oauth/authorizations', person.session)).json());
      expect(grants.some((grant) => grant.app_id === created.id)).toBe(false);
    }
    const mine = OAuthClientListSchema.parse((await call('GET', `/v2/user/${encodeBase62(actors.creator.id)}/oauth_apps`, actors.creator.session)).json());
    expect(mine.some((a) => a.id === created.id)).toBe(false);
    // Its codes and secret are dead too.
    const exchange = await oauth.exchange({ grant_type: 'authorization_code', code: 'whatever', client_id: created.id }, { authorization: created.client_secret });
    expect([exchange.statusCode, exchange.json().error]).toEqual([400, 'invalid_client']);
  });

  it('a moderator may delete any app', async () => {
    const created = await oauth.registerApp(actors.stranger.session);
    expect((await call('DELETE', `/v2/oauth/app/${created.id}`, actors.moderator.session)).statusCode).toBe(204);
    expect((await call('GET', `/v2/oauth/app/${created.id}`)).statusCode).toBe(404);
  });
});

describe('app icons', () => {
  const png = (size: number) => sharp({ create: { width: size, height: size, channels: 3, background: { r: 20, g: 120, b: 200 } } }).png().toBuffer();
  const upload = (id: string, token: string | undefined, body: Buffer, query = 'ext=png', type = 'image/png') =>
    ctx.app.inject({ method: 'PATCH', url: `/v2/oauth/app/${id}/icon?${query}`, headers: { ...oauth.headers(token), 'content-type': type }, payload: body });

  it('stores an uploaded icon as a 96 px copy served from the CDN, shown on the consent page; delete removes it', async () => {
    const created = await oauth.registerApp(actors.creator.session);
    expect((await upload(created.id, actors.creator.session, await png(300))).statusCode).toBe(204);
    const iconUrl = (await getApp(created.id)).icon_url;
    expect(iconUrl?.startsWith(`${ctx.config.publicCdnUrl}/`)).toBe(true);
    const served = await ctx.app.inject({ method: 'GET', url: new URL(iconUrl!).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(96);
    const flow = await oauth.consentFlow(actors.user.session, { client_id: created.id });
    expect(flow.client_icon).toBe(iconUrl);

    expect((await call('DELETE', `/v2/oauth/app/${created.id}/icon`, actors.creator.session)).statusCode).toBe(204);
    expect((await getApp(created.id)).icon_url).toBeNull();
  });

  it('is for the creator and moderators', async () => {
    const created = await oauth.registerApp(actors.creator.session);
    const image = await png(64);
    for (const token of [undefined, actors.creator.pat, actors.stranger.session]) {
      expect((await upload(created.id, token, image)).statusCode).toBe(401);
      expect((await call('DELETE', `/v2/oauth/app/${created.id}/icon`, token)).statusCode).toBe(401);
    }
    expect((await getApp(created.id)).icon_url).toBeNull();
    expect((await upload(created.id, actors.moderator.session, image, 'ext=png', 'application/octet-stream')).statusCode).toBe(204);
    expect((await upload('AAAAAAAA', actors.creator.session, image)).statusCode).toBe(404);
  });

  it('refuses what is not a small PNG, JPEG, GIF or WebP', async () => {
    const created = await oauth.registerApp(actors.creator.session);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    const cases: Array<[Buffer, string, string, number]> = [
      [Buffer.from('definitely not an image'), 'ext=png', 'image/png', 400],
      [svg, 'ext=png', 'image/svg+xml', 400],
      [await png(64), '', 'image/png', 400],
      [await png(64), 'ext=svg', 'image/png', 400],
      [Buffer.alloc(0), 'ext=png', 'image/png', 400],
      [Buffer.alloc(300 * 1024, 1), 'ext=png', 'image/png', 413],
    ];
    for (const [body, query, type, status] of cases) {
      const response = await upload(created.id, actors.creator.session, body, query, type);
      expect(response.statusCode, `${query} ${type} ${body.length}`).toBe(status);
      expect(response.json().error).toBeTruthy();
    }
    expect((await upload(created.id, actors.creator.session, await png(64), 'ext=png', 'text/plain')).statusCode).toBe(400);
    expect((await getApp(created.id)).icon_url).toBeNull();
  });
});

describe('API documentation', () => {
  it('documents the PAT and OAuth operations', async () => {
    const document = (await call('GET', '/v2/openapi.json')).json();
    const operations = Object.values(document.paths as Record<string, Record<string, { operationId?: string }>>).flatMap((path) => Object.values(path).map((op) => op.operationId));
    for (const id of ['listPats', 'createPat', 'editPat', 'deletePat', 'createOAuthApp', 'getOAuthApp', 'getOAuthApps', 'editOAuthApp', 'deleteOAuthApp', 'getUserOAuthApps', 'changeOAuthAppIcon', 'deleteOAuthAppIcon', 'authorizeOAuthApp', 'acceptOAuthFlow', 'rejectOAuthFlow', 'exchangeOAuthCode', 'getOAuthAuthorizations', 'revokeOAuthAuthorization']) {
      expect(operations, id).toContain(id);
    }
    expect(document.paths['/v2/oauth/app']?.post.description).toContain('SESSION_ACCESS');
  });
});
