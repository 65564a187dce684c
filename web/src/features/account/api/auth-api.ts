import {
  AuthProviderSchema,
  BackupCodesSchema,
  CaptchaSettingsSchema,
  IssuedSessionSchema,
  LoginResponseSchema,
  MessageSchema,
  RedirectTargetSchema,
  TwoFactorSecretSchema,
  type ChangePasswordBody,
  type CreateAccountBody,
  type LoginBody,
  type LoginTwoFactorBody,
  type PasswordResetBody,
} from '@cairn/shared/schemas/auth';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { NoContentSchema } from './no-content';

// /v2/auth/*: sign-up, sign-in, two-factor, password, email, third-party providers, captcha.
// Fetchers are named after the OpenAPI operationId.

export const listAuthProviders = (signal?: AbortSignal) => apiFetch('/v2/auth/providers', { schema: z.array(AuthProviderSchema), signal });
export const getCaptchaSettings = (signal?: AbortSignal) => apiFetch('/v2/auth/captcha', { schema: CaptchaSettingsSchema, signal });

export const authQueries = {
  /** Server settings that change only with a restart. */
  providers: () => queryOptions({ queryKey: ['auth', 'providers'], queryFn: ({ signal }) => listAuthProviders(signal), staleTime: Infinity }),
  captcha: () => queryOptions({ queryKey: ['auth', 'captcha'], queryFn: ({ signal }) => getCaptchaSettings(signal), staleTime: Infinity }),
};

export const login = (body: LoginBody) => apiFetch('/v2/auth/login', { method: 'POST', body, schema: LoginResponseSchema });
export const loginTwoFactor = (body: LoginTwoFactorBody) => apiFetch('/v2/auth/login/2fa', { method: 'POST', body, schema: IssuedSessionSchema });
export const createAccount = (body: CreateAccountBody) => apiFetch('/v2/auth/create', { method: 'POST', body, schema: IssuedSessionSchema });

export const requestPasswordReset = (body: PasswordResetBody) => apiFetch('/v2/auth/password/reset', { method: 'POST', body, schema: MessageSchema });
export const changePassword = (body: ChangePasswordBody) => apiFetch('/v2/auth/password', { method: 'PATCH', body, schema: NoContentSchema });

export const changeEmail = (email: string) => apiFetch('/v2/auth/email', { method: 'PATCH', body: { email }, schema: NoContentSchema });
export const resendVerificationEmail = () => apiFetch('/v2/auth/email/resend_verify', { method: 'POST', schema: NoContentSchema });
export const verifyEmail = (flow: string) => apiFetch('/v2/auth/email/verify', { method: 'POST', body: { flow }, schema: NoContentSchema });
export const subscribeNewsletter = () => apiFetch('/v2/auth/email/subscribe', { method: 'POST', schema: NoContentSchema });
export const unsubscribeNewsletter = () => apiFetch('/v2/auth/email/subscribe', { method: 'DELETE', schema: NoContentSchema });

export const beginTwoFactorSetup = () => apiFetch('/v2/auth/2fa/get_secret', { method: 'POST', schema: TwoFactorSecretSchema });
export const enableTwoFactor = (body: { code: string; flow: string }) => apiFetch('/v2/auth/2fa', { method: 'POST', body, schema: BackupCodesSchema });
export const disableTwoFactor = (code: string) => apiFetch('/v2/auth/2fa', { method: 'DELETE', body: { code }, schema: NoContentSchema });

/** Answers the provider page to send the browser to; it comes back to `url` once linked. */
export const beginProviderLink = (provider: string, url: string) =>
  apiFetch('/v2/auth/provider', { method: 'POST', body: { provider, url }, schema: RedirectTargetSchema });
export const unlinkProvider = (provider: string) => apiFetch('/v2/auth/provider', { method: 'DELETE', body: { provider }, schema: NoContentSchema });
