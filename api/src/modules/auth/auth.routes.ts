import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import {
  BackupCodesSchema,
  CaptchaSettingsSchema,
  ChangeEmailBodySchema,
  ChangePasswordBodySchema,
  CreateAccountBodySchema,
  EnableTwoFactorBodySchema,
  IssuedSessionSchema,
  LoginBodySchema,
  LoginResponseSchema,
  LoginTwoFactorBodySchema,
  MessageSchema,
  PasswordResetBodySchema,
  RemoveTwoFactorBodySchema,
  TwoFactorSecretSchema,
  VerifyEmailBodySchema,
  type CaptchaSettings,
} from '@cairn/shared/schemas/auth';
import { requiredActor } from '../../lib/actor.js';
import { optionalAuth, publicRoute, requireAuth } from '../../plugins/auth.js';
import { strictRateLimit } from '../../plugins/rate-limit.js';
import { toIssuedSession } from '../sessions/sessions.mapper.js';
import { clientInfo, setSessionCookie } from '../sessions/session-http.js';
import type { IssuedSessionResult } from '../sessions/sessions.service.js';
import type { AuthService, SignInResult } from './auth.service.js';

const tags = ['auth'];
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 429: ErrorBodySchema };
const noContent = { 204: z.null(), ...errors };

export const TWO_FACTOR_REQUIRED_DESCRIPTION = 'This account has two-factor authentication: send a code with this flow to /v2/auth/login/2fa.';

export interface AuthRoutesOptions {
  service: AuthService;
  secureCookies: boolean;
  captcha: CaptchaSettings;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { service, secureCookies, captcha }) => {
  /** Every answer that issues a session also sets the website's session cookie. */
  const withCookie = (reply: Parameters<typeof setSessionCookie>[0], issued: IssuedSessionResult) => {
    setSessionCookie(reply, { token: issued.token, expires: issued.row.expires }, secureCookies);
    return toIssuedSession(issued);
  };
  const signInAnswer = (reply: Parameters<typeof setSessionCookie>[0], result: SignInResult) =>
    result.kind === 'session'
      ? withCookie(reply, result.issued)
      : { error: '2fa_required' as const, description: TWO_FACTOR_REQUIRED_DESCRIPTION, flow: result.flow };

  app.post(
    '/auth/create',
    {
      config: { ...publicRoute, ...strictRateLimit(5) },
      schema: { operationId: 'createAccount', tags, summary: 'Create an account and sign in', body: CreateAccountBodySchema, response: { 200: IssuedSessionSchema, ...errors } },
    },
    async (request, reply) => withCookie(reply, await service.signUp(request.body, clientInfo(request))),
  );

  app.post(
    '/auth/create/validate',
    {
      config: { ...publicRoute, ...strictRateLimit(30) },
      schema: {
        operationId: 'validateAccount',
        tags,
        summary: 'Check a sign-up form without creating the account',
        description: '400 with username_taken, duplicate_email, weak_password or invalid_input.',
        body: CreateAccountBodySchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await service.validateSignUp(request.body);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/auth/login',
    {
      config: { ...publicRoute, ...strictRateLimit(10) },
      schema: {
        operationId: 'login',
        tags,
        summary: 'Sign in with a username or email and password',
        description: 'Accounts with two-factor authentication get `{"error":"2fa_required","flow":…}` (200) to finish with /auth/login/2fa.',
        body: LoginBodySchema,
        response: { 200: LoginResponseSchema, ...errors },
      },
    },
    async (request, reply) => signInAnswer(reply, await service.login(request.body, clientInfo(request))),
  );

  app.post(
    '/auth/login/2fa',
    {
      config: { ...publicRoute, ...strictRateLimit(10) },
      schema: {
        operationId: 'loginTwoFactor',
        tags,
        summary: 'Finish signing in with a two-factor or backup code',
        body: LoginTwoFactorBodySchema,
        response: { 200: IssuedSessionSchema, ...errors },
      },
    },
    async (request, reply) => withCookie(reply, await service.loginTwoFactor(request.body, clientInfo(request))),
  );

  app.post(
    '/auth/2fa/get_secret',
    {
      config: requireAuth('USER_AUTH_WRITE'),
      schema: { operationId: 'beginTwoFactorSetup', tags, summary: 'Start setting up two-factor authentication', response: { 200: TwoFactorSecretSchema, ...errors } },
    },
    async (request) => service.beginTwoFactorSetup(requiredActor(request.actor)),
  );

  app.post(
    '/auth/2fa',
    {
      config: requireAuth('USER_AUTH_WRITE'),
      schema: {
        operationId: 'enableTwoFactor',
        tags,
        summary: 'Turn on two-factor authentication',
        description: 'Answers six single-use backup codes; they are shown only this once.',
        body: EnableTwoFactorBodySchema,
        response: { 200: BackupCodesSchema, ...errors },
      },
    },
    async (request) => ({ backup_codes: await service.enableTwoFactor(requiredActor(request.actor), request.body) }),
  );

  app.delete(
    '/auth/2fa',
    {
      config: requireAuth('USER_AUTH_WRITE'),
      schema: { operationId: 'disableTwoFactor', tags, summary: 'Turn off two-factor authentication', body: RemoveTwoFactorBodySchema, response: noContent },
    },
    async (request, reply) => {
      await service.disableTwoFactor(requiredActor(request.actor), request.body.code);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/auth/password/reset',
    {
      config: { ...publicRoute, ...strictRateLimit(5) },
      schema: {
        operationId: 'requestPasswordReset',
        tags,
        summary: 'Email a password reset link',
        description: 'Always answers the same, whether or not an account matched.',
        body: PasswordResetBodySchema,
        response: { 200: MessageSchema, ...errors },
      },
    },
    async (request) => ({ message: await service.requestPasswordReset(request.body, clientInfo(request)) }),
  );

  app.patch(
    '/auth/password',
    {
      config: { ...optionalAuth('USER_AUTH_WRITE'), ...strictRateLimit(10) },
      schema: {
        operationId: 'changePassword',
        tags,
        summary: 'Change, reset or remove your password',
        description: 'With `flow` from a reset email: sets `new_password` and signs out every session. Signed in: `old_password` is required when the account has one; leaving out `new_password` removes the password (only when another way to sign in is linked). Other sessions are signed out.',
        body: ChangePasswordBodySchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await service.changePassword(request.actor, request.body);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/auth/email',
    {
      config: requireAuth('USER_AUTH_WRITE'),
      schema: { operationId: 'changeEmail', tags, summary: 'Change your email address (it must be verified again)', body: ChangeEmailBodySchema, response: noContent },
    },
    async (request, reply) => {
      await service.changeEmail(requiredActor(request.actor), request.body.email);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/auth/email/resend_verify',
    {
      config: { ...requireAuth('USER_AUTH_WRITE'), ...strictRateLimit(5) },
      schema: { operationId: 'resendVerificationEmail', tags, summary: 'Send the verification email again', response: noContent },
    },
    async (request, reply) => {
      await service.resendVerification(requiredActor(request.actor));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/auth/email/verify',
    {
      config: { ...publicRoute, ...strictRateLimit(20) },
      schema: { operationId: 'verifyEmail', tags, summary: 'Verify an email address with the flow from its email', body: VerifyEmailBodySchema, response: noContent },
    },
    async (request, reply) => {
      await service.verifyEmail(request.body.flow);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/auth/email/subscribe',
    {
      config: requireAuth('USER_AUTH_WRITE'),
      schema: { operationId: 'subscribeNewsletter', tags, summary: 'Subscribe to the newsletter', response: noContent },
    },
    async (request, reply) => {
      await service.setNewsletter(requiredActor(request.actor), true);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/auth/email/subscribe',
    {
      config: requireAuth('USER_AUTH_WRITE'),
      schema: { operationId: 'unsubscribeNewsletter', tags, summary: 'Unsubscribe from the newsletter', response: noContent },
    },
    async (request, reply) => {
      await service.setNewsletter(requiredActor(request.actor), false);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/auth/captcha',
    {
      config: publicRoute,
      schema: { operationId: 'getCaptchaSettings', tags, summary: 'Which captcha the sign-up, sign-in and reset forms show', response: { 200: CaptchaSettingsSchema } },
    },
    async () => captcha,
  );
};
