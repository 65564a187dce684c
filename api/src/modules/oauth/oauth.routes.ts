import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import {
  OAuthAuthorizationListSchema,
  OAuthAuthorizeQuerySchema,
  OAuthAuthorizeResponseSchema,
  OAuthFlowBodySchema,
  OAuthRedirectSchema,
  OAuthRevokeQuerySchema,
  OAuthTokenRequestSchema,
  OAuthTokenResponseSchema,
} from '@cairn/shared/schemas/oauth';
import { ApiError } from '../../lib/errors.js';
import { requiredActor } from '../../lib/actor.js';
import { publicRoute, requireAuth } from '../../plugins/auth.js';
import { describeValidation } from '../../plugins/error-handler.js';
import { strictRateLimit } from '../../plugins/rate-limit.js';
import { oauthError } from './oauth-protocol.js';
import { toOAuthAuthorization, toOAuthConsentFlow } from './oauth.mapper.js';
import type { OAuthFlowService, Redirect } from './oauth-flow.service.js';

const tags = ['oauth'];
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema };

/**
 * Redirects are answered 200 with the URL in `Location` and as the (JSON string) body, so the
 * consent page's script decides when to follow it.
 */
function sendRedirect(reply: FastifyReply, redirect: Redirect) {
  // Fastify sends string payloads as they are; encode it so the body is JSON like every other.
  return reply.header('location', redirect.url).type('application/json; charset=utf-8').send(JSON.stringify(redirect.url));
}

/** The authorization-code flow and a user's authorizations. */
export const oauthRoutes: FastifyPluginAsyncZod<{ service: OAuthFlowService; cdnUrl: string }> = async (app, { service, cdnUrl }) => {
  app.get(
    '/oauth/authorize',
    {
      config: requireAuth('USER_AUTH_WRITE'),
      schema: {
        operationId: 'authorizeOAuthApp',
        tags,
        summary: 'Start an authorization: the consent flow to show, or the redirect when the user already granted these scopes',
        querystring: OAuthAuthorizeQuerySchema,
        response: { 200: OAuthAuthorizeResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await service.authorize(requiredActor(request.actor), request.query);
      return outcome.type === 'redirect' ? sendRedirect(reply, outcome) : toOAuthConsentFlow(outcome, cdnUrl);
    },
  );

  app.post(
    '/oauth/accept',
    {
      config: requireAuth('SESSION_ACCESS'),
      schema: { operationId: 'acceptOAuthFlow', tags, summary: 'Grant the scopes of a consent flow; answers with the redirect carrying the code', body: OAuthFlowBodySchema, response: { 200: OAuthRedirectSchema, ...errors } },
    },
    async (request, reply) => sendRedirect(reply, await service.accept(requiredActor(request.actor), request.body.flow)),
  );

  app.post(
    '/oauth/reject',
    {
      config: requireAuth('SESSION_ACCESS'),
      schema: { operationId: 'rejectOAuthFlow', tags, summary: 'Decline a consent flow; answers with the redirect carrying error=access_denied', body: OAuthFlowBodySchema, response: { 200: OAuthRedirectSchema, ...errors } },
    },
    async (request, reply) => sendRedirect(reply, await service.reject(requiredActor(request.actor), request.body.flow)),
  );

  app.post(
    '/oauth/token',
    {
      config: { ...publicRoute, ...strictRateLimit(30) },
      // Validation problems are OAuth `invalid_request` errors here, not the generic kind.
      attachValidation: true,
      // Token responses, errors included, must never be cached (RFC 6749 §5.1).
      onRequest: async (_request, reply) => {
        reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      },
      schema: {
        operationId: 'exchangeOAuthCode',
        tags,
        summary: 'Exchange an authorization code for an access token (form-encoded or JSON)',
        description:
          'Client authentication: `Authorization: Basic base64(client_id:client_secret)`, `Authorization: <client_secret>` with ' +
          '`client_id` in the body, or `client_id` and `client_secret` in the body. Public clients omit the secret and send the ' +
          'PKCE `code_verifier` instead (the authorization request must then have used `code_challenge_method=S256`).',
        body: OAuthTokenRequestSchema,
        response: { 200: OAuthTokenResponseSchema, ...errors },
      },
    },
    async (request) => {
      const invalid = request.validationError;
      if (invalid) {
        // The shared validator reports unstorable text as an ApiError rather than schema issues.
        const description = invalid instanceof ApiError ? invalid.description : describeValidation(invalid.validationContext, invalid.validation);
        throw oauthError(400, 'invalid_request', description);
      }
      const token = await service.exchangeCode({ ...request.body, authorization: request.headers.authorization });
      return { access_token: token.accessToken, token_type: 'Bearer' as const, expires_in: token.expiresIn, scope: token.scope };
    },
  );

  app.get(
    '/oauth/authorizations',
    {
      config: requireAuth('SESSION_ACCESS'),
      schema: { operationId: 'getOAuthAuthorizations', tags, summary: 'List the apps the signed-in user has authorized', response: { 200: OAuthAuthorizationListSchema, 401: ErrorBodySchema } },
    },
    async (request) => (await service.listAuthorizations(requiredActor(request.actor))).map(toOAuthAuthorization),
  );

  app.delete(
    '/oauth/authorizations',
    {
      config: requireAuth('SESSION_ACCESS'),
      schema: {
        operationId: 'revokeOAuthAuthorization',
        tags,
        summary: "Revoke the signed-in user's authorization of an app; its tokens stop working at once",
        querystring: OAuthRevokeQuerySchema,
        response: { 204: z.null().describe('No content'), ...errors, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await service.revokeAuthorization(requiredActor(request.actor), request.query.client_id);
      return reply.code(204).send(null);
    },
  );
};
