import { formatScopeString, hasScopes, parseScopeString, withoutRestricted } from '@cairn/shared/constants/scopes';
import type { OAuthAuthorizeQuery, OAuthTokenRequest } from '@cairn/shared/schemas/oauth';
import type { Database, Executor } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { notFound } from '../../lib/errors.js';
import { parseId, randomId } from '../../lib/ids.js';
import { generateToken, hashToken, randomBase62 } from '../../lib/tokens.js';
import { appendQuery, digestsEqual, oauthError, pkceProblem, readClientCredentials, resolveRedirectUri, verifierMatches } from './oauth-protocol.js';
import * as repo from './oauth.repository.js';

const MINUTE = 60_000;
const CONSENT_LIFETIME_MS = 30 * MINUTE;
const CODE_LIFETIME_MS = 10 * MINUTE;
/** OAuth access tokens live 14 days. */
export const ACCESS_TOKEN_LIFETIME_S = 14 * 24 * 60 * 60;

/** Where the user's browser goes next: the app's redirect URI with `code` or `error`, and `state`. */
export interface Redirect {
  type: 'redirect';
  url: string;
}

/** The consent page's data: the user has not yet granted these scopes to the app. */
export interface ConsentFlow {
  type: 'consent';
  flowId: string;
  client: repo.ClientRow;
  scopes: number;
  redirectUri: string;
}

/** What a consent flow remembers between authorize and accept/reject (stored in auth_flows). */
interface ConsentData {
  clientId: number;
  scopes: number;
  /** The validated redirect URI the answer goes to. */
  redirectUri: string;
  /** The `redirect_uri` parameter exactly as sent (null when absent), which the token request must repeat. */
  redirectUriParam: string | null;
  state: string | null;
  codeChallenge: string | null;
}

/** What an authorization code stands for. */
interface CodeData {
  clientId: number;
  scopes: number;
  redirectUriParam: string | null;
  codeChallenge: string | null;
}

const redirectTo = (uri: string, params: Record<string, string | undefined>): Redirect => ({ type: 'redirect', url: appendQuery(uri, params) });

export function createOAuthFlowService(deps: { db: Database }) {
  const { db } = deps;

  async function registeredUris(executor: Executor, clientId: number): Promise<string[]> {
    return (await repo.listRedirectUris(executor, [clientId])).map((row) => row.uri);
  }

  /** Issues a single-use code (only its hash is stored) and the redirect carrying it. */
  async function issueCode(executor: Executor, userId: number, data: CodeData, redirectUri: string, state: string | null): Promise<Redirect> {
    const code = randomBase62(48);
    await repo.insertFlow(executor, {
      id: hashToken(code),
      kind: repo.FLOW_KINDS.code,
      userId,
      data: { ...data },
      expires: new Date(Date.now() + CODE_LIFETIME_MS),
    });
    return redirectTo(redirectUri, { code, state: state ?? undefined });
  }

  /** Takes the user's pending consent flow (single use). */
  async function takeConsent(executor: Executor, actor: Actor, flowId: string): Promise<ConsentData> {
    const data = await repo.takeFlow(executor, hashToken(flowId), repo.FLOW_KINDS.consent, actor.userId);
    if (!data) throw oauthError(400, 'invalid_request', 'This authorization request is unknown, has expired or was already answered');
    return data as unknown as ConsentData;
  }

  return {
    /**
     * Starts (or short-cuts) an authorization: errors before the redirect URI is validated are
     * answered directly; after that they travel to the app in the redirect, as RFC 6749 asks.
     */
    async authorize(actor: Actor, query: OAuthAuthorizeQuery): Promise<Redirect | ConsentFlow> {
      const clientId = parseId(query.client_id);
      if (clientId === undefined) throw oauthError(400, 'invalid_request', 'client_id is not a valid id');
      const client = await repo.findClient(db, clientId);
      if (!client) throw oauthError(400, 'invalid_client', 'No application has this client_id');
      const redirectUri = resolveRedirectUri(await registeredUris(db, client.id), query.redirect_uri);
      if (!redirectUri) throw oauthError(400, 'invalid_uri', 'redirect_uri is not registered for this application');

      const state = query.state;
      const fail = (error: string, description: string) => redirectTo(redirectUri, { error, error_description: description, state });
      if (query.response_type !== undefined && query.response_type !== 'code') {
        return fail('unsupported_response_type', 'Only the authorization-code flow (response_type=code) is supported');
      }
      const scopes = query.scope?.trim() ? parseScopeString(query.scope) : client.maxScopes;
      if (scopes === undefined) return fail('invalid_scope', 'scope names an unknown scope');
      if (!hasScopes(client.maxScopes, scopes)) return fail('invalid_scope', 'scope asks for more than this application may request');
      const pkce = pkceProblem(query.code_challenge, query.code_challenge_method);
      if (pkce) return fail('invalid_request', pkce);

      const codeChallenge = query.code_challenge ?? null;
      const redirectUriParam = query.redirect_uri ?? null;
      const existing = await repo.findAuthorization(db, client.id, actor.userId);
      if (existing && hasScopes(existing.scopes, scopes)) {
        return issueCode(db, actor.userId, { clientId: client.id, scopes, redirectUriParam, codeChallenge }, redirectUri, state ?? null);
      }

      const flowId = randomBase62(48);
      const data: ConsentData = { clientId: client.id, scopes, redirectUri, redirectUriParam, state: state ?? null, codeChallenge };
      await repo.insertFlow(db, {
        // Like every flow id and code, only its hash is stored.
        id: hashToken(flowId),
        kind: repo.FLOW_KINDS.consent,
        userId: actor.userId,
        data: { ...data },
        expires: new Date(Date.now() + CONSENT_LIFETIME_MS),
      });
      return { type: 'consent', flowId, client, scopes, redirectUri };
    },

    /** The user grants the requested scopes: they are added to the app's authorization, and a code issued. */
    async accept(actor: Actor, flowId: string): Promise<Redirect> {
      return db.transaction(async (tx) => {
        const flow = await takeConsent(tx, actor, flowId);
        const client = await repo.findClient(tx, flow.clientId);
        if (!client) throw oauthError(400, 'invalid_client', 'The application no longer exists');
        // The app may have been edited since the request was made.
        if (!resolveRedirectUri(await registeredUris(tx, client.id), flow.redirectUri)) {
          throw oauthError(400, 'invalid_uri', 'The redirect URI is no longer registered for this application');
        }
        const state = flow.state ?? undefined;
        if (!hasScopes(client.maxScopes, flow.scopes)) {
          return redirectTo(flow.redirectUri, { error: 'invalid_scope', error_description: 'The application may no longer request these scopes', state });
        }
        await repo.upsertAuthorization(tx, client.id, actor.userId, flow.scopes);
        const code: CodeData = { clientId: client.id, scopes: flow.scopes, redirectUriParam: flow.redirectUriParam, codeChallenge: flow.codeChallenge };
        return issueCode(tx, actor.userId, code, flow.redirectUri, flow.state);
      });
    },

    /** The user declines: the app hears `access_denied`. */
    async reject(actor: Actor, flowId: string): Promise<Redirect> {
      const flow = await takeConsent(db, actor, flowId);
      return redirectTo(flow.redirectUri, { error: 'access_denied', error_description: 'The user declined the authorization request', state: flow.state ?? undefined });
    },

    /**
     * Exchanges a code for an access token. The client proves itself with its secret (Basic,
     * header or body) and/or the PKCE verifier; a code that was issued with a challenge always
     * needs the verifier. Replaying a redeemed code revokes the token it issued (RFC 6749 §4.1.2).
     */
    async exchangeCode(request: OAuthTokenRequest & { authorization: string | undefined }) {
      if (!request.grant_type) throw oauthError(400, 'invalid_request', 'grant_type is required');
      if (request.grant_type !== 'authorization_code') {
        throw oauthError(400, 'unsupported_grant_type', 'Only grant_type=authorization_code is supported');
      }
      const credentials = readClientCredentials(request.authorization, request);
      const clientId = parseId(credentials.clientId);
      if (clientId === undefined) throw oauthError(400, 'invalid_request', 'client_id is not a valid id');
      const secretHash = await repo.findClientSecretHash(db, clientId);
      if (secretHash === undefined) throw oauthError(400, 'invalid_client', 'No application has this client_id');
      const challenge: Record<string, string> = credentials.basic ? { 'www-authenticate': 'Basic realm="cairn-oauth"' } : {};
      if (credentials.secret !== undefined && !digestsEqual(hashToken(credentials.secret), secretHash)) {
        throw oauthError(401, 'invalid_client', 'The client secret is wrong', challenge);
      }
      if (!request.code) throw oauthError(400, 'invalid_request', 'code is required');
      const codeHash = hashToken(request.code);

      const issued = await db.transaction(async (tx) => {
        const redeemed = await repo.redeemCode(tx, codeHash);
        if (!redeemed) return undefined;
        const code = redeemed.data as unknown as CodeData;
        if (code.clientId !== clientId) throw oauthError(400, 'unauthorized_client', 'This code was issued to another application');
        if ((request.redirect_uri ?? null) !== code.redirectUriParam) {
          throw oauthError(
            400,
            'invalid_grant',
            code.redirectUriParam === null ? 'redirect_uri must be omitted, as it was in the authorization request' : 'redirect_uri differs from the one in the authorization request',
          );
        }
        if (code.codeChallenge !== null) {
          if (request.code_verifier === undefined) throw oauthError(400, 'invalid_request', 'code_verifier is required: the authorization request used PKCE');
          if (!verifierMatches(request.code_verifier, code.codeChallenge)) throw oauthError(400, 'invalid_grant', 'code_verifier does not match the code challenge');
        } else {
          if (request.code_verifier !== undefined) throw oauthError(400, 'invalid_grant', 'code_verifier was sent but the authorization request had no code challenge');
          if (credentials.secret === undefined) throw oauthError(401, 'invalid_client', 'Client authentication is required: send the client secret, or use PKCE', challenge);
        }
        const authorization = await repo.findAuthorization(tx, clientId, redeemed.userId);
        if (!authorization || !hasScopes(authorization.scopes, code.scopes)) {
          throw oauthError(400, 'invalid_grant', 'The authorization behind this code has been revoked');
        }
        const token = generateToken('oauth');
        const tokenId = Number(randomId());
        const scopes = withoutRestricted(code.scopes);
        await repo.insertAccessToken(tx, {
          id: tokenId,
          tokenHash: hashToken(token),
          authorizationId: authorization.id,
          clientId,
          userId: redeemed.userId,
          scopes,
          expires: new Date(Date.now() + ACCESS_TOKEN_LIFETIME_S * 1000),
        });
        await repo.recordCodeToken(tx, codeHash, tokenId);
        return { accessToken: token, expiresIn: ACCESS_TOKEN_LIFETIME_S, scope: formatScopeString(scopes) };
      });
      if (issued) return issued;

      const replayedTokenId = await repo.takeRedeemedCode(db, codeHash);
      if (replayedTokenId !== undefined) await repo.deleteAccessToken(db, replayedTokenId);
      throw oauthError(400, 'invalid_grant', 'The code is invalid, has expired or was already used');
    },

    listAuthorizations: (actor: Actor) => repo.listAuthorizationsOfUser(db, actor.userId),

    /** Revokes the user's grant to an app; its tokens stop working at once. */
    async revokeAuthorization(actor: Actor, clientIdText: string): Promise<void> {
      const clientId = parseId(clientIdText);
      if (clientId === undefined || !(await repo.deleteAuthorization(db, clientId, actor.userId))) throw notFound();
    },
  };
}

export type OAuthFlowService = ReturnType<typeof createOAuthFlowService>;

/** Housekeeping: expired OAuth access tokens. */
export function pruneExpiredOAuthTokens(db: Executor): Promise<number> {
  return repo.deleteExpiredOAuthTokens(db);
}
