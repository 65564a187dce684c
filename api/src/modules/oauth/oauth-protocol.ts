import { createHash, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../../lib/errors.js';

/**
 * Pure pieces of the authorization-code flow (RFC 6749, RFC 7636): redirect URI matching and
 * building, client authentication at the token endpoint, PKCE.
 */

/** An OAuth protocol error: the body is `{error, description}` with a standard code. */
export const oauthError = (status: 400 | 401, code: string, description: string, headers: Record<string, string> = {}) =>
  new ApiError(status, code, description, headers);


/**
 * The redirect to use: the requested one when it equals a registered URI apart from the query
 * (its own query is kept), else — when none is requested — the first registered one.
 */
export function resolveRedirectUri(registered: readonly string[], requested: string | undefined): string | undefined {
  if (requested === undefined) return registered[0];
  // Exact string comparison (RFC 6749 §3.1.2.3, OAuth 2.0 Security BCP §4.1.3): no added query.
  if (requested.includes('#')) return undefined;
  return registered.includes(requested) ? requested : undefined;
}

/** Adds parameters to a redirect URI, keeping its own query untouched. */
export function appendQuery(uri: string, params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.append(key, value);
  const query = search.toString();
  if (!query) return uri;
  const separator = !uri.includes('?') ? '?' : uri.endsWith('?') || uri.endsWith('&') ? '' : '&';
  return `${uri}${separator}${query}`;
}

// ---- client authentication at the token endpoint (RFC 6749 §2.3) ----

export interface ClientCredentials {
  clientId: string;
  /** Undefined for a public client, which proves itself with PKCE instead. */
  secret: string | undefined;
  /** HTTP Basic was used (a failed check then answers with a WWW-Authenticate challenge). */
  basic: boolean;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function formDecode(text: string): string {
  return decodeURIComponent(text.replace(/\+/g, ' '));
}

/**
 * Reads the client's credentials from any one of: `Authorization: Basic base64(id:secret)`
 * (client_secret_basic), `Authorization: <secret>` with `client_id` in the body (the form older
 * clients of this API use), or `client_id` + `client_secret` in the body (client_secret_post).
 */
export function readClientCredentials(authorization: string | undefined, body: { client_id?: string; client_secret?: string }): ClientCredentials {
  const header = authorization?.trim() || undefined;
  const basic = header?.match(/^Basic\s+(\S+)$/i);
  let clientId = body.client_id;
  let secret: string | undefined;
  if (header && body.client_secret !== undefined) {
    throw oauthError(400, 'invalid_request', 'Send the client secret either in the Authorization header or in the body, not both');
  }
  if (basic) {
    const decoded = BASE64.test(basic[1]!) ? Buffer.from(basic[1]!, 'base64').toString('utf8') : '';
    const colon = decoded.indexOf(':');
    if (colon < 0) throw oauthError(400, 'invalid_request', 'The Basic Authorization header must hold base64(client_id:client_secret)');
    let basicId: string;
    try {
      basicId = formDecode(decoded.slice(0, colon));
      secret = formDecode(decoded.slice(colon + 1));
    } catch {
      throw oauthError(400, 'invalid_request', 'The Basic Authorization header is not correctly encoded');
    }
    if (clientId !== undefined && clientId !== basicId) {
      throw oauthError(400, 'invalid_request', 'client_id in the body differs from the one in the Authorization header');
    }
    clientId = basicId;
  } else {
    secret = header ?? body.client_secret;
  }
  if (!clientId) throw oauthError(400, 'invalid_request', 'client_id is required');
  return { clientId, secret: secret || undefined, basic: Boolean(basic) };
}

/** Constant-time comparison of two hex digests. */
export function digestsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

// ---- PKCE (RFC 7636), S256 only ----

const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

/** Checks the PKCE parameters of an authorization request; returns a problem description or undefined. */
export function pkceProblem(challenge: string | undefined, method: string | undefined): string | undefined {
  if (challenge === undefined) return method === undefined ? undefined : 'code_challenge_method was sent without code_challenge';
  if (method !== 'S256') return 'code_challenge_method must be S256 (the plain method is not supported)';
  if (!S256_CHALLENGE.test(challenge)) return 'code_challenge must be the 43-character base64url SHA-256 of the code verifier';
  return undefined;
}

export function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

export function verifierMatches(verifier: string, challenge: string): boolean {
  return VERIFIER.test(verifier) && s256(verifier) === challenge;
}
