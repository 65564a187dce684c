import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import { ALL_SCOPES, hasScopes, scopeBits, scopeNames, withoutRestricted, type ScopeName } from '@cairn/shared/constants/scopes';
import type { UserRole } from '@cairn/shared/constants/permissions';
import type { Database } from '../db/client.js';
import { rateLimitPlugin, type RateLimitOptions } from './rate-limit.js';
import type { Actor } from '../lib/actor.js';
import { ApiError } from '../lib/errors.js';
import { hashToken, tokenFromAuthorizationHeader, tokenKind } from '../lib/tokens.js';
import { findLiveCredential, touchCredential } from '../modules/auth/credentials.port.js';

/**
 * Every /v2 and /v3 route declares how it authenticates:
 *  - `none`: public, no credential is looked at;
 *  - `optional`: a valid credential holding the scopes makes the actor, anything else is anonymous;
 *  - `required`: a valid credential holding the scopes, else 401.
 */
export type RouteAuth = { mode: 'none' } | { mode: 'optional' | 'required'; scopes: readonly ScopeName[] };

export interface RouteDeclaration {
  method: string;
  url: string;
  auth: RouteAuth;
}

export const publicRoute = { auth: { mode: 'none' } } as const satisfies { auth: RouteAuth };
export const optionalAuth = (...scopes: ScopeName[]) => ({ auth: { mode: 'optional', scopes } }) satisfies { auth: RouteAuth };
export const requireAuth = (...scopes: ScopeName[]) => ({ auth: { mode: 'required', scopes } }) satisfies { auth: RouteAuth };

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
  interface FastifyInstance {
    /** Every /v2 and /v3 route with its declared authentication, in registration order (for tests and docs). */
    routeDeclarations: RouteDeclaration[];
  }
  interface FastifyRequest {
    /** The authenticated caller, or null for anonymous requests. */
    actor: Actor | null;
    /** Why a presented credential was not accepted (enforced after rate limiting). */
    authProblem: ApiError | null;
    /** On public routes, the user a valid token names: counted for the rate limit, never an actor. */
    quotaUserId: number | null;
  }
}

export const SESSION_COOKIE = 'cairn_session';

/** The session token in the request's cookie, if any (cookies are parsed on demand). */
export function readSessionCookie(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  return header ? request.server.parseCookie(header)[SESSION_COOKIE] : undefined;
}
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The public API's mount points: every route under them must declare its authentication. */
const DECLARED = /^\/v[23](\/|$)/;
/** Routes under them that need no declaration (documentation, root). */
const UNDECLARED_OK = [/^\/v2\/docs/, /^\/v2\/openapi\.json$/, /^\/v2\/?$/];

export interface AuthPluginOptions {
  db: Database;
  webOrigins: string[];
  rateLimit: RateLimitOptions;
}

const unauthorized = (description: string) => new ApiError(401, 'unauthorized', description);

export const authPlugin = fp(
  async (app: FastifyInstance, options: AuthPluginOptions) => {
    const trustedOrigins = new Set(options.webOrigins);
    // Cookies are parsed only when a route needs a credential, not on every request.
    await app.register(cookie, { hook: false });
    app.decorateRequest('actor', null);
    app.decorateRequest('authProblem', null);
    app.decorateRequest('quotaUserId', null);
    const declarations: RouteDeclaration[] = [];
    app.decorate('routeDeclarations', declarations);

    app.addHook('onRoute', (route) => {
      const url = route.url;
      if (!DECLARED.test(url) || UNDECLARED_OK.some((pattern) => pattern.test(url))) return;
      const auth = (route.config as { auth?: RouteAuth } | undefined)?.auth;
      if (!auth) throw new Error(`Route ${route.method} ${url} must declare config.auth (publicRoute, optionalAuth or requireAuth).`);
      for (const method of [route.method].flat()) if (method !== 'HEAD') declarations.push({ method, url, auth });
      if (auth.mode !== 'none') {
        const scopes = auth.scopes.length ? ` Scopes: ${auth.scopes.join(', ')}.` : '';
        const description = route.schema?.description;
        route.schema = {
          ...route.schema,
          security: auth.mode === 'required' ? [{ TokenAuth: [] }] : [{ TokenAuth: [] }, {}],
          description: `${description ? `${description}\n\n` : ''}Authentication: ${auth.mode}.${scopes}`,
        };
      }
    });

    // 1. Resolve who is calling (credentials are looked up, nothing is refused yet)…
    // Written with `done` rather than async: a request carrying no credential (most reads) then
    // passes without a promise.
    app.addHook('onRequest', (request, _reply, done) => {
      const auth = request.routeOptions.config.auth;
      const credential = request.headers.authorization || (auth?.mode !== 'none' && request.headers.cookie);
      if (!auth || !credential) return done();
      identify(request, auth).then(() => done(), done);
    });

    // 2. …so the rate limit can count per user or per IP, failed attempts included…
    await app.register(rateLimitPlugin, options.rateLimit);

    // 3. …then enforce the route's declaration.
    app.addHook('onRequest', (request, _reply, done) => {
      const auth = request.routeOptions.config.auth;
      if (!auth || auth.mode === 'none') return done();
      try {
        enforce(request, auth);
      } catch (error) {
        return done(error as Error);
      }
      done();
    });

    async function identify(request: FastifyRequest, auth: RouteAuth): Promise<void> {
      if (auth.mode === 'none') {
        // Public routes ignore credentials, but a valid token sent to one earns its user's quota.
        request.quotaUserId = (await resolveActor(request).catch(() => null))?.userId ?? null;
        return;
      }
      try {
        request.actor = await resolveActor(request);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        request.authProblem = error;
      }
    }

    function enforce(request: FastifyRequest, auth: Extract<RouteAuth, { scopes: unknown }>): void {
      const actor = request.actor;
      if (auth.mode === 'required') {
        const required = scopeBits(...auth.scopes);
        if (request.authProblem) throw request.authProblem;
        if (!actor) throw unauthorized('Authentication is required: send a token in the Authorization header.');
        if (!hasScopes(actor.scopes, required)) {
          const missing = scopeNames(required).filter((name) => !hasScopes(actor.scopes, scopeBits(name)));
          throw unauthorized(`The token is missing the required scope${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}.`);
        }
        return;
      }
      if (request.authProblem?.code === 'csrf_failed') throw request.authProblem;
      // Optional: a credential that cannot do this behaves as anonymous.
      if (actor && !hasScopes(actor.scopes, scopeBits(...auth.scopes))) request.actor = null;
    }

    async function resolveActor(request: FastifyRequest): Promise<Actor | null> {
      const fromHeader = tokenFromAuthorizationHeader(request.headers.authorization);
      const token = fromHeader ?? readSessionCookie(request);
      if (!token) return null;
      const kind = tokenKind(token);
      if (!kind || (!fromHeader && kind !== 'session')) {
        throw new ApiError(401, 'invalid_auth_method', 'The credential is not a Cairn token.');
      }
      if (!fromHeader && !SAFE_METHODS.has(request.method)) {
        // Cookie-authenticated writes must come from the website itself (CSRF protection).
        const origin = request.headers.origin;
        if (!origin || !trustedOrigins.has(origin)) {
          throw new ApiError(403, 'csrf_failed', 'Cookie-authenticated requests must come from the Cairn website.');
        }
      }
      const row = await findLiveCredential(options.db, kind, hashToken(token));
      if (!row) throw unauthorized('The token is invalid or has expired.');
      if (!row.lastUsed || Date.now() - row.lastUsed.getTime() > 60_000) {
        touchCredential(options.db, kind, row.credentialId).catch((error: Error) => request.log.warn({ err: error }, 'could not record token use'));
      }
      const scopes = kind === 'session' ? ALL_SCOPES : kind === 'oauth' ? withoutRestricted(row.scopes ?? 0) : (row.scopes ?? 0);
      return { userId: row.userId, role: row.role as UserRole, scopes, kind, credentialId: row.credentialId };
    }
  },
  { name: 'auth' },
);
