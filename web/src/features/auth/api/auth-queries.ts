import {
  CaptchaSettingsSchema,
  IssuedSessionSchema,
  LoginResponseSchema,
  MessageSchema,
  type CreateAccountBody,
  type LoginBody,
  type LoginTwoFactorBody,
  type PasswordResetBody,
} from '@cairn/shared/schemas/auth';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { NoContentSchema } from '../../../lib/no-content';

// /v2/auth/* for visitors: sign-up, sign-in (with its two-factor step), password recovery, email
// verification, the newsletter choice after sign-up, captcha. Fetchers are named after the
// OpenAPI operationId.

export const getCaptchaSettings = (signal?: AbortSignal) => apiFetch('/v2/auth/captcha', { schema: CaptchaSettingsSchema, signal });

export const authQueries = {
  all: () => ['auth'] as const,
  /** Server settings that change only with a restart. */
  captcha: () => queryOptions({ queryKey: [...authQueries.all(), 'captcha'] as const, queryFn: ({ signal }) => getCaptchaSettings(signal), staleTime: Infinity }),
};

export const login = (body: LoginBody) => apiFetch('/v2/auth/login', { method: 'POST', body, schema: LoginResponseSchema });
export const loginTwoFactor = (body: LoginTwoFactorBody) => apiFetch('/v2/auth/login/2fa', { method: 'POST', body, schema: IssuedSessionSchema });
export const createAccount = (body: CreateAccountBody) => apiFetch('/v2/auth/create', { method: 'POST', body, schema: IssuedSessionSchema });

export const requestPasswordReset = (body: PasswordResetBody) => apiFetch('/v2/auth/password/reset', { method: 'POST', body, schema: MessageSchema });
/** changePassword with the flow of a reset link: no old password needed. */
export const completePasswordReset = (flow: string, newPassword: string) =>
  apiFetch('/v2/auth/password', { method: 'PATCH', body: { flow, new_password: newPassword }, schema: NoContentSchema });

export const resendVerificationEmail = () => apiFetch('/v2/auth/email/resend_verify', { method: 'POST', schema: NoContentSchema });
export const verifyEmail = (flow: string) => apiFetch('/v2/auth/email/verify', { method: 'POST', body: { flow }, schema: NoContentSchema });
export const subscribeNewsletter = () => apiFetch('/v2/auth/email/subscribe', { method: 'POST', schema: NoContentSchema });
export const unsubscribeNewsletter = () => apiFetch('/v2/auth/email/subscribe', { method: 'DELETE', schema: NoContentSchema });
