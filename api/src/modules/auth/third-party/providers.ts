import { createHash } from 'node:crypto';
import type { AuthProviderConfig } from '../../../config.js';
import { ApiError } from '../../../lib/errors.js';

/** Who the provider says signed in. `emailVerified` is only true when the provider vouches for it. */
export interface ProviderProfile {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  /** Usernames to try for a new account, best first. */
  usernames: string[];
}

/** A third-party sign-in provider: the authorization-code flow with PKCE. */
export interface SignInProvider {
  id: string;
  name: string;
  authorizationUrl(request: { state: string; codeChallenge: string; redirectUri: string }): Promise<string>;
  /** Exchanges the code and reads the profile. `iss` is the authorization response's issuer, if sent. */
  fetchProfile(callback: { code: string; codeVerifier: string; redirectUri: string; iss?: string }): Promise<ProviderProfile>;
}

export const pkceChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

const providerError = (name: string, problem: string) => new ApiError(400, 'provider_error', `Signing in with ${name} did not work: ${problem}.`);
const networkError = (name: string) => new ApiError(502, 'network_error', `${name} could not be reached; please try again.`);

async function fetchJson(name: string, url: string, init: RequestInit): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000), headers: { accept: 'application/json', 'user-agent': 'Cairn', ...init.headers } });
  } catch {
    throw networkError(name);
  }
  const body = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
  if (!response.ok || !body || typeof body !== 'object') {
    const detail = typeof body?.error_description === 'string' ? body.error_description : typeof body?.error === 'string' ? body.error : `HTTP ${response.status}`;
    throw providerError(name, detail);
  }
  return body;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : typeof value === 'number' ? String(value) : null);

interface Endpoints {
  authorization: string;
  token: string;
  /** The issuer to compare with the `iss` callback parameter (RFC 9207), when known. */
  issuer?: string;
}

/** The authorization-code flow shared by every provider; `profile` reads the user with the access token. */
function oauth2Provider(options: {
  id: string;
  name: string;
  clientId: string;
  clientSecret: string;
  scope: string;
  endpoints: () => Promise<Endpoints>;
  profile: (accessToken: string) => Promise<ProviderProfile>;
}): SignInProvider {
  return {
    id: options.id,
    name: options.name,
    async authorizationUrl({ state, codeChallenge, redirectUri }) {
      const url = new URL((await options.endpoints()).authorization);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: options.clientId,
        redirect_uri: redirectUri,
        scope: options.scope,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      return url.toString();
    },
    async fetchProfile({ code, codeVerifier, redirectUri, iss }) {
      const endpoints = await options.endpoints();
      if (iss && endpoints.issuer && !endpoints.issuer.includes('{') && iss !== endpoints.issuer) {
        throw providerError(options.name, 'the answer came from an unexpected issuer');
      }
      const token = await fetchJson(options.name, endpoints.token, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          client_id: options.clientId,
          client_secret: options.clientSecret,
          code_verifier: codeVerifier,
        }),
      });
      const accessToken = text(token.access_token);
      if (!accessToken) throw providerError(options.name, typeof token.error === 'string' ? token.error : 'no access token was issued');
      const profile = await options.profile(accessToken);
      if (!profile.subject) throw providerError(options.name, 'the account has no identifier');
      return profile;
    },
  };
}

/** OpenID Connect: endpoints from discovery, the profile from the userinfo endpoint. */
function openIdProvider(options: { id: string; name: string; clientId: string; clientSecret: string; issuer: string; trustEmailVerified: boolean }): SignInProvider {
  let discovery: Promise<{ authorization: string; token: string; userinfo: string; issuer: string }> | undefined;
  const discover = () =>
    (discovery ??= fetchJson(options.name, `${options.issuer}/.well-known/openid-configuration`, {})
      .then((doc) => {
        const [authorization, token, userinfo, issuer] = [doc.authorization_endpoint, doc.token_endpoint, doc.userinfo_endpoint, doc.issuer].map(text);
        if (!authorization || !token || !userinfo || !issuer) throw providerError(options.name, 'its discovery document is incomplete');
        return { authorization, token, userinfo, issuer };
      })
      .catch((error: unknown) => {
        discovery = undefined; // try again on the next sign-in
        throw error;
      }));
  return oauth2Provider({
    ...options,
    scope: 'openid email profile',
    endpoints: discover,
    async profile(accessToken) {
      const info = await fetchJson(options.name, (await discover()).userinfo, { headers: { authorization: `Bearer ${accessToken}` } });
      const email = text(info.email);
      return {
        subject: text(info.sub) ?? '',
        email,
        emailVerified: options.trustEmailVerified && !!email && info.email_verified === true,
        usernames: [text(info.preferred_username), text(info.nickname), email?.split('@')[0] ?? null, text(info.name)].filter((u): u is string => !!u),
      };
    },
  });
}

function github(clientId: string, clientSecret: string): SignInProvider {
  const api = (path: string, accessToken: string) =>
    fetchJson('GitHub', `https://api.github.com${path}`, { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/vnd.github+json' } });
  return oauth2Provider({
    id: 'github',
    name: 'GitHub',
    clientId,
    clientSecret,
    scope: 'read:user user:email',
    endpoints: async () => ({ authorization: 'https://github.com/login/oauth/authorize', token: 'https://github.com/login/oauth/access_token' }),
    async profile(accessToken) {
      const user = await api('/user', accessToken);
      // The emails list says which address is primary and verified; /user only has the public one.
      const emails = (await api('/user/emails', accessToken).catch(() => [])) as unknown;
      const primary = Array.isArray(emails) ? (emails as Array<Record<string, unknown>>).find((e) => e.primary === true && e.verified === true) : undefined;
      return {
        subject: text(user.id) ?? '',
        email: text(primary?.email),
        emailVerified: !!primary,
        usernames: [text(user.login)].filter((u): u is string => !!u),
      };
    },
  });
}

function discord(clientId: string, clientSecret: string): SignInProvider {
  return oauth2Provider({
    id: 'discord',
    name: 'Discord',
    clientId,
    clientSecret,
    scope: 'identify email',
    endpoints: async () => ({ authorization: 'https://discord.com/oauth2/authorize', token: 'https://discord.com/api/oauth2/token' }),
    async profile(accessToken) {
      const user = await fetchJson('Discord', 'https://discord.com/api/users/@me', { headers: { authorization: `Bearer ${accessToken}` } });
      const email = text(user.email);
      return {
        subject: text(user.id) ?? '',
        email,
        emailVerified: !!email && user.verified === true,
        usernames: [text(user.username), text(user.global_name)].filter((u): u is string => !!u),
      };
    },
  });
}

/** The providers enabled by configuration, in the order the sign-in page lists them. */
export function createSignInProviders(configs: AuthProviderConfig[]): SignInProvider[] {
  return configs.map((config) => {
    switch (config.kind) {
      case 'github':
        return github(config.clientId, config.clientSecret);
      case 'discord':
        return discord(config.clientId, config.clientSecret);
      case 'gitlab':
        return openIdProvider({ id: 'gitlab', name: 'GitLab', ...config, issuer: config.baseUrl, trustEmailVerified: true });
      case 'google':
        return openIdProvider({ id: 'google', name: 'Google', ...config, issuer: 'https://accounts.google.com', trustEmailVerified: true });
      case 'microsoft':
        // Microsoft accounts can carry addresses nobody verified, so they never match or prove an email.
        return openIdProvider({ id: 'microsoft', name: 'Microsoft', ...config, issuer: `https://login.microsoftonline.com/${config.tenant}/v2.0`, trustEmailVerified: false });
      case 'oidc':
        return openIdProvider({ ...config, id: 'oidc', trustEmailVerified: true });
    }
  });
}
