import * as oidc from 'openid-client';
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

const providerError = (name: string, problem: string) => new ApiError(400, 'provider_error', `Signing in with ${name} did not work: ${problem}.`);
const networkError = (name: string) => new ApiError(502, 'network_error', `${name} could not be reached; please try again.`);
const TIMEOUT_SECONDS = 10;

/** What went wrong talking to a provider, as our error: unreachable (502) or refusing (400). */
function explain(name: string, error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof oidc.ResponseBodyError) return providerError(name, error.error_description ?? error.error);
  if (error instanceof oidc.AuthorizationResponseError) return providerError(name, error.error_description ?? error.error);
  if (error instanceof oidc.WWWAuthenticateChallengeError) return providerError(name, 'it refused the access token');
  // fetch rejects with a TypeError when the provider cannot be reached, and aborts on the timeout.
  if (error instanceof TypeError || (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))) {
    return networkError(name);
  }
  const cause = error instanceof Error ? error : undefined;
  return providerError(name, cause?.message.replace(/\.$/, '') ?? 'its answer could not be read');
}

async function fetchJson(name: string, url: string, init: RequestInit): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_SECONDS * 1000), headers: { accept: 'application/json', 'user-agent': 'Cairn', ...init.headers } });
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

/**
 * The authorization-code flow with PKCE, shared by every provider, on openid-client:
 * `configuration` gives the provider's endpoints (discovered for OpenID Connect),
 * `profile` reads the user once the code is exchanged.
 */
function authorizationCodeProvider(options: {
  id: string;
  name: string;
  scope: string;
  configuration: () => Promise<oidc.Configuration>;
  /** OpenID Connect providers answer with an ID token, which is then checked. */
  openId: boolean;
  profile: (configuration: oidc.Configuration, tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers) => Promise<ProviderProfile>;
}): SignInProvider {
  return {
    id: options.id,
    name: options.name,
    async authorizationUrl({ state, codeChallenge, redirectUri }) {
      const configuration = await options.configuration().catch((error: unknown) => {
        throw explain(options.name, error);
      });
      return oidc
        .buildAuthorizationUrl(configuration, {
          redirect_uri: redirectUri,
          scope: options.scope,
          state,
          code_challenge: codeChallenge,
          code_challenge_method: 'S256',
        })
        .toString();
    },
    async fetchProfile({ code, codeVerifier, redirectUri, iss }) {
      try {
        const configuration = await options.configuration();
        // The state was checked (and consumed) by the caller, so the callback is replayed without it.
        const callback = new URL(redirectUri);
        callback.searchParams.set('code', code);
        if (iss) callback.searchParams.set('iss', iss);
        const tokens = await oidc.authorizationCodeGrant(configuration, callback, { pkceCodeVerifier: codeVerifier, idTokenExpected: options.openId });
        const profile = await options.profile(configuration, tokens);
        if (!profile.subject) throw providerError(options.name, 'the account has no identifier');
        return profile;
      } catch (error) {
        throw explain(options.name, error);
      }
    },
  };
}

/** Loopback and other plain-HTTP issuers (development, tests) need openid-client's explicit consent. */
const insecureIfHttp = (url: string) => (url.startsWith('http:') ? [oidc.allowInsecureRequests] : []);

/** OpenID Connect: endpoints from discovery, the ID token checked, the profile from the userinfo endpoint. */
function openIdProvider(options: { id: string; name: string; clientId: string; clientSecret: string; issuer: string; trustEmailVerified: boolean }): SignInProvider {
  let discovery: Promise<oidc.Configuration> | undefined;
  const configuration = () =>
    (discovery ??= oidc
      .discovery(new URL(options.issuer), options.clientId, undefined, oidc.ClientSecretPost(options.clientSecret), {
        execute: insecureIfHttp(options.issuer),
        timeout: TIMEOUT_SECONDS,
      })
      .catch((error: unknown) => {
        discovery = undefined; // try again on the next sign-in
        throw error;
      }));
  return authorizationCodeProvider({
    id: options.id,
    name: options.name,
    scope: 'openid email profile',
    openId: true,
    configuration,
    async profile(config, tokens) {
      const subject = tokens.claims()?.sub ?? oidc.skipSubjectCheck;
      const info = await oidc.fetchUserInfo(config, tokens.access_token, subject);
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

/** A plain OAuth 2.0 provider with fixed endpoints (no discovery, no ID token). */
function oauth2Configuration(endpoints: { issuer: string; authorization: string; token: string }, clientId: string, clientSecret: string) {
  const configuration = new oidc.Configuration(
    { issuer: endpoints.issuer, authorization_endpoint: endpoints.authorization, token_endpoint: endpoints.token },
    clientId,
    undefined,
    oidc.ClientSecretPost(clientSecret),
  );
  configuration.timeout = TIMEOUT_SECONDS;
  return async () => configuration;
}

function github(clientId: string, clientSecret: string): SignInProvider {
  const api = (path: string, accessToken: string) =>
    fetchJson('GitHub', `https://api.github.com${path}`, { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/vnd.github+json' } });
  return authorizationCodeProvider({
    id: 'github',
    name: 'GitHub',
    scope: 'read:user user:email',
    openId: false,
    configuration: oauth2Configuration(
      { issuer: 'https://github.com', authorization: 'https://github.com/login/oauth/authorize', token: 'https://github.com/login/oauth/access_token' },
      clientId,
      clientSecret,
    ),
    async profile(_configuration, { access_token: accessToken }) {
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
  return authorizationCodeProvider({
    id: 'discord',
    name: 'Discord',
    scope: 'identify email',
    openId: false,
    configuration: oauth2Configuration(
      { issuer: 'https://discord.com', authorization: 'https://discord.com/oauth2/authorize', token: 'https://discord.com/api/oauth2/token' },
      clientId,
      clientSecret,
    ),
    async profile(_configuration, { access_token: accessToken }) {
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
