import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import {
  AuthCallbackQuerySchema,
  AuthInitQuerySchema,
  AuthProviderSchema,
  LinkProviderBodySchema,
  LoginResponseSchema,
  RedirectTargetSchema,
  RemoveProviderBodySchema,
} from '@cairn/shared/schemas/auth';
import { requiredActor } from '../../../lib/actor.js';
import { publicRoute, requireAuth } from '../../../plugins/auth.js';
import { toIssuedSession } from '../../sessions/sessions.mapper.js';
import { clientInfo, setSessionCookie } from '../../sessions/session-http.js';
import { TWO_FACTOR_REQUIRED_DESCRIPTION } from '../auth.routes.js';
import type { ThirdPartyService } from './third-party.service.js';

const tags = ['auth'];

function withParams(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
  return target.toString();
}

const redirect = (reply: FastifyReply, url: string) => reply.code(307).header('location', url).send({ url });

export const thirdPartyRoutes: FastifyPluginAsyncZod<{ service: ThirdPartyService; secureCookies: boolean }> = async (app, { service, secureCookies }) => {
  app.get(
    '/auth/providers',
    {
      config: publicRoute,
      schema: { operationId: 'listAuthProviders', tags, summary: 'Third-party sign-in providers enabled on this server', response: { 200: z.array(AuthProviderSchema) } },
    },
    async () => service.listProviders(),
  );

  app.get(
    '/auth/init',
    {
      config: publicRoute,
      schema: {
        operationId: 'beginProviderSignIn',
        tags,
        summary: 'Start signing in with a third-party provider',
        description:
          'Redirects (307) to the provider. `url` is the page of this site to come back to; with `token` (a session token) the provider is linked to that account instead.',
        querystring: AuthInitQuerySchema,
        response: { 307: RedirectTargetSchema, 400: ErrorBodySchema, 401: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const { provider, url, token } = request.query;
      const linkUserId = token === undefined ? undefined : await service.userOfSessionToken(token);
      return redirect(reply, await service.begin({ provider, returnUrl: url, linkUserId }));
    },
  );

  app.post(
    '/auth/provider',
    {
      config: requireAuth('USER_AUTH_WRITE'),
      schema: {
        operationId: 'beginProviderLink',
        tags,
        summary: 'Start linking a third-party provider to your account',
        description: 'Answers the provider URL to send the browser to; it comes back to `url` once linked.',
        body: LinkProviderBodySchema,
        response: { 200: RedirectTargetSchema, 400: ErrorBodySchema, 401: ErrorBodySchema },
      },
    },
    async (request) => ({ url: await service.begin({ provider: request.body.provider, returnUrl: request.body.url, linkUserId: requiredActor(request.actor).userId }) }),
  );

  app.delete(
    '/auth/provider',
    {
      config: requireAuth('USER_AUTH_WRITE'),
      schema: {
        operationId: 'unlinkProvider',
        tags,
        summary: 'Unlink a third-party provider (not the last way to sign in)',
        body: RemoveProviderBodySchema,
        response: { 204: z.null(), 400: ErrorBodySchema, 401: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await service.unlink(requiredActor(request.actor), request.body.provider);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/auth/callback',
    {
      config: publicRoute,
      schema: {
        operationId: 'completeProviderSignIn',
        tags,
        summary: 'Where providers send the browser back',
        description:
          'Redirects to the `url` given to /auth/init with `code=<session token>`, `flow=<id>` (two-factor needed) or `error`/`error_description`. Without a `url` it answers JSON like /auth/login.',
        querystring: AuthCallbackQuerySchema,
        response: { 200: LoginResponseSchema, 204: z.null(), 307: RedirectTargetSchema, 400: ErrorBodySchema, 502: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const outcome = await service.complete(request.query, clientInfo(request));
      if (outcome.kind === 'failed') {
        return redirect(reply, withParams(outcome.returnUrl, { error: outcome.error.code, error_description: outcome.error.description }));
      }
      if (outcome.kind === 'linked') {
        return outcome.returnUrl ? redirect(reply, outcome.returnUrl) : reply.code(204).send(null);
      }
      const { result, returnUrl } = outcome;
      if (result.kind === 'two_factor') {
        return returnUrl ? redirect(reply, withParams(returnUrl, { flow: result.flow })) : { error: '2fa_required' as const, description: TWO_FACTOR_REQUIRED_DESCRIPTION, flow: result.flow };
      }
      setSessionCookie(reply, { token: result.issued.token, expires: result.issued.row.expires }, secureCookies);
      return returnUrl ? redirect(reply, withParams(returnUrl, { code: result.issued.token })) : toIssuedSession(result.issued);
    },
  );
};
