import { createServer as createNetServer } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Provider from 'oidc-provider';
import { Secret, TOTP } from 'otpauth';
import { createTestContext, type TestContext } from '../harness.js';
import { mailTo } from '../factories/mail.js';

/**
 * Third-party sign-in end to end: a real OpenID Connect provider (oidc-provider, with its
 * development login and consent pages) on loopback, the API listening on loopback, and fetch
 * following every redirect as a browser would.
 */
const SITE = 'http://site.test';
const RETURN = `${SITE}/auth/sign-in`;
const CLIENT_ID = 'cairn-test';
const CLIENT_SECRET = 'a-long-client-secret-for-the-test-provider';

const ACCOUNTS: Record<string, Record<string, unknown>> = {
  alice: { sub: 'alice', email: 'alice@idp.test', email_verified: true, preferred_username: 'alice' },
  // Wants a username someone already has.
  taken: { sub: 'taken', email: 'someone.else@idp.test', email_verified: true, preferred_username: 'Existing' },
  // Its verified address belongs to an existing account.
  clash: { sub: 'clash', email: 'existing@mail.test', email_verified: true, preferred_username: 'clash' },
  // Its address is not verified by the provider: it is not used.
  unverified: { sub: 'unverified', email: 'unverified@idp.test', email_verified: false, preferred_username: 'drifter' },
  linker: { sub: 'linker', email: 'linker-idp@idp.test', email_verified: true, preferred_username: 'linker_idp' },
  second: { sub: 'second', email: 'second@idp.test', email_verified: true, preferred_username: 'second' },
};

let ctx: TestContext;
let oidc: Server;
let apiUrl: string;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

beforeAll(async () => {
  const [apiPort, oidcPort] = [await freePort(), await freePort()];
  apiUrl = `http://127.0.0.1:${apiPort}`;
  const issuer = `http://127.0.0.1:${oidcPort}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [`${apiUrl}/v2/auth/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    cookies: { keys: ['a-cookie-signing-key-for-tests'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['preferred_username', 'name'] },
    findAccount: (_ctx, id) => (ACCOUNTS[id] ? { accountId: id, claims: () => ({ ...ACCOUNTS[id], sub: id }) } : undefined),
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
  });
  oidc = provider.listen(oidcPort, '127.0.0.1');
  ctx = await createTestContext({
    env: {
      PUBLIC_SITE_URL: SITE,
      PUBLIC_API_URL: apiUrl,
      AUTH_OIDC_ISSUER: issuer,
      AUTH_OIDC_CLIENT_ID: CLIENT_ID,
      AUTH_OIDC_CLIENT_SECRET: CLIENT_SECRET,
      AUTH_OIDC_NAME: 'Test Identity',
    },
  });
  await ctx.app.listen({ host: '127.0.0.1', port: apiPort });
});
afterAll(async () => {
  await ctx?.close();
  await new Promise((resolve) => oidc?.close(resolve));
});

/** A browser's cookie jar, enough for one provider: by name, ignoring paths. */
class CookieJar {
  private cookies = new Map<string, string>();
  store(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(';');
      const [name, value] = [pair!.slice(0, pair!.indexOf('=')).trim(), pair!.slice(pair!.indexOf('=') + 1).trim()];
      const expired = attributes.some((a) => /^\s*expires=/i.test(a) && new Date(a.split('=')[1]!).getTime() < Date.now());
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

interface Journey {
  /** Where the API finally sent the browser (a page of the site). */
  landing: URL;
  /** The API's answer to the provider's redirect. */
  callback: Response;
}

/**
 * Follows redirects from `start` through the provider's login and consent pages (signing in as
 * `account`, or cancelling with `abort`) until the browser is sent to the site.
 */
async function journey(start: string, account: string, options: { abort?: boolean } = {}): Promise<Journey> {
  const jar = new CookieJar();
  let url = start;
  let callback: Response | undefined;
  for (let hop = 0; hop < 20; hop++) {
    const onProvider = !url.startsWith(apiUrl);
    let response = await fetch(url, { redirect: 'manual', headers: onProvider ? { cookie: jar.header() } : {} });
    if (onProvider) jar.store(response);
    if (url.startsWith(`${apiUrl}/v2/auth/callback`)) callback = response;
    if (response.status === 200 && onProvider && new URL(url).pathname.startsWith('/interaction/')) {
      const page = await response.text();
      const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
      if (options.abort) {
        response = await fetch(`${url}/abort`, { redirect: 'manual', headers: { cookie: jar.header() } });
      } else {
        const form = new URLSearchParams(prompt === 'login' ? { prompt, login: account, password: 'anything' } : { prompt: prompt ?? 'consent' });
        response = await fetch(url, { method: 'POST', body: form, redirect: 'manual', headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' } });
      }
      jar.store(response);
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`no redirect from ${url} (${response.status}): ${await response.text()}`);
    const next = new URL(location, url);
    if (next.origin === SITE) return { landing: next, callback: callback! };
    url = next.toString();
  }
  throw new Error('too many redirects');
}

const initUrl = (query: Record<string, string>) => `${apiUrl}/v2/auth/init?${new URLSearchParams({ provider: 'oidc', url: RETURN, ...query })}`;
const me = (token: string) => fetch(`${apiUrl}/v2/user`, { headers: { authorization: token } }).then((r) => r.json() as Promise<Record<string, unknown>>);
const api = (method: string, path: string, token: string, body?: unknown) =>
  fetch(`${apiUrl}${path}`, { method, headers: { authorization: token, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
const STRONG = 'quiet-lantern-harbour-47';

async function signUp(username: string, email: string): Promise<string> {
  const response = await fetch(`${apiUrl}/v2/auth/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, email, password: STRONG }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { session: string }).session;
}

describe('third-party sign-in against a real OpenID provider', () => {
  it('lists the enabled providers', async () => {
    expect(await (await fetch(`${apiUrl}/v2/auth/providers`)).json()).toEqual([{ id: 'oidc', name: 'Test Identity' }]);
  });

  it('creates an account on first sign-in, and signs the same account in the next time', async () => {
    const init = await fetch(initUrl({}), { redirect: 'manual' });
    expect(init.status).toBe(307);
    const authorize = new URL(init.headers.get('location')!);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toBeTruthy();

    const first = await journey(initUrl({}), 'alice');
    expect(`${first.landing.origin}${first.landing.pathname}`).toBe(RETURN);
    const token = first.landing.searchParams.get('code')!;
    expect(token).toMatch(/^crs_/);
    expect(first.callback.headers.getSetCookie().some((c) => c.startsWith(`cairn_session=${token}`) && /HttpOnly/i.test(c))).toBe(true);
    const user = await me(token);
    expect(user).toMatchObject({ username: 'alice', email: 'alice@idp.test', email_verified: true, has_password: false, auth_providers: ['oidc'] });

    const again = await journey(initUrl({}), 'alice');
    const second = again.landing.searchParams.get('code')!;
    expect(second).not.toBe(token);
    expect((await me(second)).id).toBe(user.id);
  });

  it('picks another username when the wanted one is taken, and ignores unverified addresses', async () => {
    await signUp('Existing', 'existing-user@mail.test');
    const taken = await journey(initUrl({}), 'taken');
    const user = await me(taken.landing.searchParams.get('code')!);
    expect(user.username).not.toMatch(/^existing$/i);
    expect(user.email).toBe('someone.else@idp.test');

    const unverified = await journey(initUrl({}), 'unverified');
    expect(await me(unverified.landing.searchParams.get('code')!)).toMatchObject({ username: 'drifter', email: null, email_verified: false });
  });

  it('does not take over an account whose email the provider account shares', async () => {
    await signUp('Owner', 'existing@mail.test');
    const { landing } = await journey(initUrl({}), 'clash');
    expect(landing.searchParams.get('code')).toBeNull();
    expect(landing.searchParams.get('error')).toBe('duplicate_email');
    expect(landing.searchParams.get('error_description')).toMatch(/link Test Identity/);
  });

  it('reports a cancelled sign-in back to the site', async () => {
    const { landing } = await journey(initUrl({}), 'alice', { abort: true });
    expect(landing.searchParams.get('error')).toBe('provider_error');
  });

  it('links a provider to the signed-in account, signs in with it, and unlinks it unless it is the last way in', async () => {
    const token = await signUp('Linker', 'linker@mail.test');
    const start = await api('POST', '/v2/auth/provider', token, { provider: 'oidc', url: `${SITE}/settings/account` });
    expect(start.status).toBe(200);
    const { url } = (await start.json()) as { url: string };
    const linked = await journey(url, 'linker');
    expect(linked.landing.toString()).toBe(`${SITE}/settings/account`);
    expect((await me(token)).auth_providers).toEqual(['oidc']);
    expect((await mailTo(ctx.database.db, 'linker@mail.test', 'auth_provider_added')).length).toBe(1);

    const viaProvider = await journey(initUrl({}), 'linker');
    expect((await me(viaProvider.landing.searchParams.get('code')!)).username).toBe('Linker');

    // The identity cannot be linked to a second account.
    const other = await signUp('Other_linker', 'other-linker@mail.test');
    const refused = await journey(initUrl({ token: other }), 'linker');
    expect(refused.landing.searchParams.get('error')).toBe('provider_already_linked');

    // Linker still has a password, so the provider can go.
    expect((await api('DELETE', '/v2/auth/provider', token, { provider: 'oidc' })).status).toBe(204);
    expect((await me(token)).auth_providers).toEqual([]);
    expect((await mailTo(ctx.database.db, 'linker@mail.test', 'auth_provider_removed')).length).toBe(1);
    expect((await api('DELETE', '/v2/auth/provider', token, { provider: 'oidc' })).status).toBe(400);
  });

  it('refuses to remove the last way to sign in', async () => {
    const { landing } = await journey(initUrl({}), 'second');
    const token = landing.searchParams.get('code')!;
    const response = await api('DELETE', '/v2/auth/provider', token, { provider: 'oidc' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { description: string }).description).toMatch(/only way to sign in/);
    // Nor the password when it has none.
    expect((await api('PATCH', '/v2/auth/password', token, {})).status).toBe(400);
    expect((await me(token)).auth_providers).toEqual(['oidc']);
  });

  it('asks accounts with two-factor authentication for a code', async () => {
    const token = (await journey(initUrl({}), 'alice')).landing.searchParams.get('code')!;
    const setup = (await (await api('POST', '/v2/auth/2fa/get_secret', token)).json()) as { secret: string; flow: string };
    const totp = new TOTP({ secret: Secret.fromBase32(setup.secret) });
    expect((await api('POST', '/v2/auth/2fa', token, { code: totp.generate(), flow: setup.flow })).status).toBe(200);

    const { landing } = await journey(initUrl({}), 'alice');
    expect(landing.searchParams.get('code')).toBeNull();
    const flow = landing.searchParams.get('flow')!;
    const done = await fetch(`${apiUrl}/v2/auth/login/2fa`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ flow, code: totp.generate({ timestamp: Date.now() + 30_000 }) }),
    });
    expect(done.status).toBe(200);
  });

  it('refuses return URLs off the site, unknown providers and unknown or reused states', async () => {
    const offSite = await fetch(initUrl({ url: 'https://elsewhere.test/steal' }), { redirect: 'manual' });
    expect(offSite.status).toBe(400);
    expect(((await offSite.json()) as { error: string }).error).toBe('url_error');
    expect((await fetch(initUrl({ provider: 'myspace' }), { redirect: 'manual' })).status).toBe(400);
    expect((await fetch(`${apiUrl}/v2/auth/callback?state=forged&code=x`, { redirect: 'manual' })).status).toBe(400);
    expect((await fetch(`${apiUrl}/v2/auth/init?provider=oidc&url=${encodeURIComponent(RETURN)}&token=crs_invalid`, { redirect: 'manual' })).status).toBe(401);

    const { callback } = await journey(initUrl({}), 'alice', { abort: true });
    expect(callback.status).toBe(307);
    const replay = await fetch(callback.url, { redirect: 'manual' });
    expect(replay.status).toBe(400);
  });
});
