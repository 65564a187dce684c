import { z } from 'zod';
import { Base62IdSchema, UsernameSchema } from './common.js';

// Sign-up, sign-in, two-factor, password, email and third-party sign-in (/v2/auth/*), and
// sessions (/v2/session/*).

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
export const EMAIL_MAX_LENGTH = 254;
/** Text of the password-reset answer, whether or not an account matched. */
export const PASSWORD_RESET_MESSAGE =
  'An email with instructions has been sent to you if the email was previously saved on your account.';

export const PasswordSchema = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);
export const EmailSchema = z.email().max(EMAIL_MAX_LENGTH);
/** The id of a short-lived flow (verification, reset, two-factor…), handed out by the API. */
export const FlowIdSchema = z.string().min(1).max(128);
/** A captcha response token; only checked when the server has a captcha configured. */
export const ChallengeSchema = z.string().max(8192);
/** A TOTP code (6 digits) or a backup code. */
export const TwoFactorCodeSchema = z.string().min(1).max(32);

/** A sign-in session. `session` (the token) is only present when it is issued or refreshed. */
export const SessionSchema = z.object({
  id: Base62IdSchema,
  user_id: Base62IdSchema,
  created: z.string(),
  last_login: z.string(),
  expires: z.string(),
  refresh_expires: z.string(),
  os: z.string().nullable(),
  platform: z.string().nullable(),
  user_agent: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  ip: z.string().nullable(),
  /** Whether this is the session making the request. */
  current: z.boolean(),
});
export type Session = z.infer<typeof SessionSchema>;

export const IssuedSessionSchema = SessionSchema.extend({ session: z.string() });
export type IssuedSession = z.infer<typeof IssuedSessionSchema>;

/** Answer to a correct password when the account has two-factor authentication. */
export const TwoFactorRequiredSchema = z.object({
  error: z.literal('2fa_required'),
  description: z.string(),
  flow: FlowIdSchema,
});
export type TwoFactorRequired = z.infer<typeof TwoFactorRequiredSchema>;

export const LoginResponseSchema = z.union([IssuedSessionSchema, TwoFactorRequiredSchema]);
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const CreateAccountBodySchema = z.object({
  username: UsernameSchema,
  password: PasswordSchema,
  email: EmailSchema,
  challenge: ChallengeSchema.optional(),
  sign_up_newsletter: z.boolean().optional(),
});
export type CreateAccountBody = z.infer<typeof CreateAccountBodySchema>;

/** Username or email address, under either key. */
const accountIdentifier = {
  username: z.string().min(1).max(EMAIL_MAX_LENGTH).optional(),
  email: z.string().min(1).max(EMAIL_MAX_LENGTH).optional(),
};
const needsIdentifier = (body: { username?: string; email?: string }, ctx: z.RefinementCtx) => {
  if (body.username === undefined && body.email === undefined) {
    ctx.addIssue({ code: 'custom', path: ['username'], message: 'a username or an email address is required' });
  }
};

export const LoginBodySchema = z
  .object({ ...accountIdentifier, password: z.string().min(1).max(PASSWORD_MAX_LENGTH), challenge: ChallengeSchema.optional() })
  .superRefine(needsIdentifier);
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const LoginTwoFactorBodySchema = z.object({ code: TwoFactorCodeSchema, flow: FlowIdSchema });
export type LoginTwoFactorBody = z.infer<typeof LoginTwoFactorBodySchema>;

/** Start of two-factor set-up: the secret, an otpauth:// URI for a QR code, and the flow to finish with. */
export const TwoFactorSecretSchema = z.object({ secret: z.string(), flow: FlowIdSchema, uri: z.string() });
export type TwoFactorSecret = z.infer<typeof TwoFactorSecretSchema>;

export const EnableTwoFactorBodySchema = z.object({ code: TwoFactorCodeSchema, flow: FlowIdSchema });
export type EnableTwoFactorBody = z.infer<typeof EnableTwoFactorBodySchema>;

export const BackupCodesSchema = z.object({ backup_codes: z.array(z.string()) });
export type BackupCodes = z.infer<typeof BackupCodesSchema>;

export const RemoveTwoFactorBodySchema = z.object({ code: TwoFactorCodeSchema });
export type RemoveTwoFactorBody = z.infer<typeof RemoveTwoFactorBodySchema>;

export const PasswordResetBodySchema = z
  .object({ ...accountIdentifier, challenge: ChallengeSchema.optional() })
  .superRefine(needsIdentifier);
export type PasswordResetBody = z.infer<typeof PasswordResetBodySchema>;

export const MessageSchema = z.object({ message: z.string() });
export type Message = z.infer<typeof MessageSchema>;

/**
 * With `flow` (from a reset email): sets `new_password`. Signed in: `old_password` is needed
 * when the account has one; leaving out `new_password` removes the password.
 */
export const ChangePasswordBodySchema = z.object({
  flow: FlowIdSchema.optional(),
  old_password: z.string().min(1).max(PASSWORD_MAX_LENGTH).optional(),
  new_password: PasswordSchema.nullable().optional(),
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

export const ChangeEmailBodySchema = z.object({ email: EmailSchema });
export type ChangeEmailBody = z.infer<typeof ChangeEmailBodySchema>;

export const VerifyEmailBodySchema = z.object({ flow: FlowIdSchema });
export type VerifyEmailBody = z.infer<typeof VerifyEmailBodySchema>;

/** Third-party sign-in providers this server has enabled. */
export const AuthProviderSchema = z.object({ id: z.string(), name: z.string() });
export type AuthProvider = z.infer<typeof AuthProviderSchema>;

export const ProviderIdSchema = z.string().min(1).max(64);
/** Where the website wants the browser sent back (must be on the site's origin). */
export const ReturnUrlSchema = z.string().min(1).max(2048);

export const AuthInitQuerySchema = z.object({
  provider: ProviderIdSchema,
  url: ReturnUrlSchema.optional(),
  /** A session token: link the provider to that account instead of signing in. */
  token: z.string().max(256).optional(),
});
export type AuthInitQuery = z.infer<typeof AuthInitQuerySchema>;

export const AuthCallbackQuerySchema = z.object({
  state: z.string().max(256).optional(),
  code: z.string().max(4096).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(2048).optional(),
  iss: z.string().max(2048).optional(),
});
export type AuthCallbackQuery = z.infer<typeof AuthCallbackQuerySchema>;

export const LinkProviderBodySchema = z.object({ provider: ProviderIdSchema, url: ReturnUrlSchema });
export type LinkProviderBody = z.infer<typeof LinkProviderBodySchema>;

/** The provider's authorization page to send the browser to. */
export const RedirectTargetSchema = z.object({ url: z.string() });
export type RedirectTarget = z.infer<typeof RedirectTargetSchema>;

export const RemoveProviderBodySchema = z.object({ provider: ProviderIdSchema });
export type RemoveProviderBody = z.infer<typeof RemoveProviderBodySchema>;

/** Which captcha the sign-up, sign-in and reset forms must show (none when `provider` is null). */
export const CaptchaSettingsSchema = z.object({
  provider: z.enum(['hcaptcha', 'turnstile']).nullable(),
  site_key: z.string().nullable(),
});
export type CaptchaSettings = z.infer<typeof CaptchaSettingsSchema>;

/** `{id}` of DELETE /session/{id}: a session id or its token. */
export const SessionIdentifierSchema = z.string().min(1).max(256);
