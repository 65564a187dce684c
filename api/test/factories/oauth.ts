import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { CreatedOAuthClientSchema, OAuthConsentFlowSchema, OAuthTokenResponseSchema, type CreatedOAuthClient } from '@cairn/shared/schemas/oauth';

/**
 * Drives the OAuth routes through the API the way a real app and the consent page do.
 * `bypass` is the rate-limit bypass key, so suites can make many token requests.
 */
export function oauthDriver(app: FastifyInstance, bypass: string) {
  const headers = (token?: string, extra: Record<string, string> = {}) => ({ ...(token ? { authorization: token } : {}), 'x-ratelimit-key': bypass, ...extra });

  async function registerApp(session: string, body: Record<string, unknown> = {}): Promise<CreatedOAuthClient> {
    const response = await app.inject({
      method: 'POST',
      url: '/v2/oauth/app',
      headers: headers(session),
      payload: { name: 'Pack Launcher', max_scopes: 2 + 32, redirect_uris: ['https://launcher.test/callback'], ...body },
    });
    expect(response.statusCode, response.body).toBe(200);
    return CreatedOAuthClientSchema.strict().parse(response.json());
  }

  function authorize(session: string | undefined, query: Record<string, string>) {
    return app.inject({ method: 'GET', url: '/v2/oauth/authorize', query, headers: headers(session) });
  }

  /** Authorize, expecting the consent page's flow. */
  async function consentFlow(session: string, query: Record<string, string>) {
    const response = await authorize(session, query);
    expect(response.statusCode, response.body).toBe(200);
    return OAuthConsentFlowSchema.strict().parse(response.json());
  }

  function answer(session: string | undefined, decision: 'accept' | 'reject', flow: string) {
    return app.inject({ method: 'POST', url: `/v2/oauth/${decision}`, headers: headers(session), payload: { flow } });
  }

  /** The redirect of an answered request: 200, the URL in Location and as the body. */
  function redirectOf(response: LightMyRequestResponse): URL {
    expect(response.statusCode, response.body).toBe(200);
    const location = response.headers.location;
    expect(typeof location).toBe('string');
    expect(response.json()).toBe(location);
    return new URL(location as string);
  }

  /** Accepts a consent flow and returns the code from the redirect. */
  async function accept(session: string, flow: string): Promise<string> {
    const code = redirectOf(await answer(session, 'accept', flow)).searchParams.get('code');
    expect(code).toBeTruthy();
    return code!;
  }

  /** POST /oauth/token, form-encoded unless `json` is set. */
  function exchange(fields: Record<string, string>, options: { authorization?: string; json?: boolean } = {}) {
    return app.inject({
      method: 'POST',
      url: '/v2/oauth/token',
      headers: headers(options.authorization, { 'content-type': options.json ? 'application/json' : 'application/x-www-form-urlencoded' }),
      payload: options.json ? JSON.stringify(fields) : new URLSearchParams(fields).toString(),
    });
  }

  /** Exchange that must succeed; returns the access token. */
  async function tokenFor(client: CreatedOAuthClient, code: string, extra: Record<string, string> = {}): Promise<string> {
    const response = await exchange({ grant_type: 'authorization_code', code, client_id: client.id, ...extra }, { authorization: client.client_secret });
    expect(response.statusCode, response.body).toBe(200);
    return OAuthTokenResponseSchema.strict().parse(response.json()).access_token;
  }

  /** The whole dance for a user: authorize, accept when asked, exchange. */
  async function obtainToken(session: string, client: CreatedOAuthClient, scope: string): Promise<string> {
    const response = await authorize(session, { client_id: client.id, scope });
    const body = response.json();
    const code = typeof body === 'string' ? new URL(body).searchParams.get('code')! : await accept(session, OAuthConsentFlowSchema.parse(body).flow_id);
    return tokenFor(client, code);
  }

  return { headers, registerApp, authorize, consentFlow, answer, redirectOf, accept, exchange, tokenFor, obtainToken };
}

/** A PKCE verifier and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}
