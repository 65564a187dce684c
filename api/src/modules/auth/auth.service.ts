import {
  PASSWORD_RESET_MESSAGE,
  type ChangePasswordBody,
  type CreateAccountBody,
  type EnableTwoFactorBody,
  type LoginBody,
  type LoginTwoFactorBody,
  type PasswordResetBody,
} from '@cairn/shared/schemas/auth';
import type { Database, Executor } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import type { CaptchaVerifier } from '../../lib/captcha.js';
import { ApiError, badRequest, unauthorized } from '../../lib/errors.js';
import { randomId } from '../../lib/ids.js';
import type { MailMessage, Mailer } from '../../lib/mail/mailer.js';
import type { Messages } from '../../lib/mail/messages.js';
import { estimatePasswordStrength } from '../../lib/password-strength.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { BACKUP_CODE_COUNT, generateBackupCode, generateTotpSecret, hashBackupCode, matchTotpStep, totpUri } from '../../lib/totp.js';
import type { ClientInfo } from '../../lib/user-agent.js';
import * as userAccounts from '../users/user-accounts.port.js';
import { issueSession, revokeUserSessions, type IssuedSessionResult } from '../sessions/sessions.service.js';
import * as flows from './flows.repository.js';
import * as repo from './auth.repository.js';

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
/** Verification and reset links work for a day; a started two-factor sign-in for ten minutes. */
export const EMAIL_FLOW_LIFETIME_MS = DAY;
const LOGIN_2FA_LIFETIME_MS = 10 * MINUTE;
const TOTP_SETUP_LIFETIME_MS = 30 * MINUTE;
/** Wrong codes allowed on one two-factor sign-in before it has to start over. */
const LOGIN_2FA_MAX_ATTEMPTS = 5;

export interface AuthServiceDeps {
  db: Database;
  mailer: Mailer;
  messages: Messages;
  captcha: CaptchaVerifier;
  log: { error(object: Record<string, unknown>, message: string): void };
}

export type SignInResult = { kind: 'session'; issued: IssuedSessionResult } | { kind: 'two_factor'; flow: string };

export interface NewAccount {
  username: string;
  email: string | null;
  password: string | null;
  newsletter: boolean;
  emailVerified: boolean;
}

const invalidCredentials = () => new ApiError(401, 'invalid_credentials', 'Incorrect username, email or password.');
const invalidFlow = (what: string) => badRequest(`${what} is unknown or has expired.`, 'invalid_flow');
const sameEmail = (a: string | null | undefined, b: string | null | undefined) => !!a && !!b && a.toLowerCase() === b.toLowerCase();

/** Throws `weak_password` unless zxcvbn rates the password at least 3 against the user's own details. */
export function assertStrongPassword(password: string, userInputs: Array<string | null | undefined>): void {
  const strength = estimatePasswordStrength(password, userInputs);
  if (!strength.strong) {
    throw badRequest(`This password is too easy to guess.${strength.feedback ? ` ${strength.feedback}` : ''}`, 'weak_password');
  }
}

export function createAuthService(deps: AuthServiceDeps) {
  const { db, mailer, messages, captcha, log } = deps;

  /** Mail goes out after the change is committed; a failure to queue it is logged, never undoes the change. */
  async function deliver(message: MailMessage): Promise<void> {
    try {
      await mailer.send(message);
    } catch (error) {
      log.error({ err: error, kind: message.kind }, 'could not queue mail');
    }
  }

  async function credentialsOf(userId: number): Promise<userAccounts.UserCredentials> {
    const user = await userAccounts.findCredentialsById(db, userId);
    if (!user) throw unauthorized('The account of this session no longer exists.');
    return user;
  }

  async function assertAvailable(username: string, email: string | null): Promise<void> {
    if (await userAccounts.isUsernameTaken(db, username)) throw badRequest('That username is taken.', 'username_taken');
    if (email && (await userAccounts.isEmailTaken(db, email))) throw badRequest('An account already uses this email address.', 'duplicate_email');
  }

  async function startEmailVerification(tx: Executor, userId: number, email: string): Promise<string> {
    await flows.deleteUserFlows(tx, userId, 'verify_email');
    return flows.insertFlow(tx, { kind: 'verify_email', userId, data: { email }, lifetimeMs: EMAIL_FLOW_LIFETIME_MS });
  }

  /** A TOTP code (each time step once) or an unused backup code. */
  async function checkSecondFactor(tx: Executor, user: userAccounts.UserCredentials, code: string): Promise<boolean> {
    if (!user.totpSecret) return false;
    const trimmed = code.trim();
    const step = matchTotpStep(user.totpSecret, trimmed);
    if (step !== undefined) return userAccounts.claimTotpStep(tx, user.id, step);
    return repo.consumeBackupCode(tx, user.id, hashBackupCode(trimmed));
  }

  const service = {
    /**
     * Creates an account (sign-up, third-party sign-in, CLI). Unverified addresses get a
     * verification link. Taken usernames and emails answer `username_taken` / `duplicate_email`.
     */
    async registerAccount(account: NewAccount, after?: (tx: Executor, userId: number) => Promise<void>): Promise<number> {
      await assertAvailable(account.username, account.email);
      const passwordHash = account.password === null ? null : await hashPassword(account.password);
      const id = Number(randomId());
      let verificationFlow: string | undefined;
      try {
        await db.transaction(async (tx) => {
          await userAccounts.insertUser(tx, {
            id,
            username: account.username,
            email: account.email,
            emailVerified: account.email !== null && account.emailVerified,
            passwordHash,
            newsletter: account.newsletter,
          });
          if (account.email && !account.emailVerified) verificationFlow = await startEmailVerification(tx, id, account.email);
          await after?.(tx, id);
        });
      } catch (error) {
        if (isUniqueViolation(error, 'users_username_lower_idx')) throw badRequest('That username is taken.', 'username_taken');
        if (isUniqueViolation(error, 'users_email_lower_idx')) throw badRequest('An account already uses this email address.', 'duplicate_email');
        throw error;
      }
      if (verificationFlow && account.email) await deliver(messages.verifyEmail(account.email, account.username, verificationFlow));
      return id;
    },

    /** The checks of sign-up without creating anything. */
    async validateSignUp(body: CreateAccountBody): Promise<void> {
      await assertAvailable(body.username, body.email);
      assertStrongPassword(body.password, [body.username, body.email]);
    },

    async signUp(body: CreateAccountBody, client: ClientInfo): Promise<IssuedSessionResult> {
      await captcha.verify(body.challenge, client.ip);
      assertStrongPassword(body.password, [body.username, body.email]);
      let issued: IssuedSessionResult | undefined;
      await service.registerAccount(
        { username: body.username, email: body.email, password: body.password, newsletter: body.sign_up_newsletter ?? false, emailVerified: false },
        async (tx, userId) => {
          issued = await issueSession(tx, userId, client);
        },
      );
      return issued!;
    },

    /** After a first factor: a session, or a two-factor flow when the account has TOTP. */
    async completeSignIn(user: { id: number; totpSecret: string | null }, client: ClientInfo): Promise<SignInResult> {
      if (user.totpSecret) {
        const flow = await flows.insertFlow(db, { kind: 'login_2fa', userId: user.id, data: { attempts: 0 }, lifetimeMs: LOGIN_2FA_LIFETIME_MS });
        return { kind: 'two_factor', flow };
      }
      return { kind: 'session', issued: await issueSession(db, user.id, client) };
    },

    async login(body: LoginBody, client: ClientInfo): Promise<SignInResult> {
      await captcha.verify(body.challenge, client.ip);
      const user = await userAccounts.findCredentialsByLogin(db, (body.username ?? body.email)!);
      // The password is checked (against a decoy when there is no account) either way, so
      // answers and timing do not reveal which accounts exist.
      const matches = await verifyPassword(user?.passwordHash, body.password);
      if (!user || !matches) throw invalidCredentials();
      return service.completeSignIn(user, client);
    },

    async loginTwoFactor(body: LoginTwoFactorBody, client: ClientInfo): Promise<IssuedSessionResult> {
      const flow = await flows.findLiveFlow(db, body.flow, 'login_2fa');
      if (!flow?.userId) throw invalidFlow('This sign-in');
      const user = await userAccounts.findCredentialsById(db, flow.userId);
      if (!user) throw invalidFlow('This sign-in');
      const issued = await db.transaction(async (tx) => {
        if (!(await checkSecondFactor(tx, user, body.code))) return undefined;
        if (!(await flows.consumeFlow(tx, body.flow, 'login_2fa'))) throw invalidFlow('This sign-in');
        return issueSession(tx, user.id, client);
      });
      if (issued) return issued;
      const attempts = Number(flow.data.attempts ?? 0) + 1;
      if (attempts >= LOGIN_2FA_MAX_ATTEMPTS) await flows.deleteFlow(db, body.flow);
      else await flows.updateFlowData(db, body.flow, { ...flow.data, attempts });
      throw new ApiError(401, 'invalid_credentials', 'That code is not right (or was already used).');
    },

    async beginTwoFactorSetup(actor: Actor): Promise<{ secret: string; flow: string; uri: string }> {
      const user = await credentialsOf(actor.userId);
      if (user.totpSecret) throw badRequest('Two-factor authentication is already on.');
      const secret = generateTotpSecret();
      const flow = await db.transaction(async (tx) => {
        await flows.deleteUserFlows(tx, user.id, 'totp_setup');
        return flows.insertFlow(tx, { kind: 'totp_setup', userId: user.id, data: { secret }, lifetimeMs: TOTP_SETUP_LIFETIME_MS });
      });
      return { secret, flow, uri: totpUri(secret, user.username) };
    },

    /** Turns TOTP on once the app shows a right code; answers the backup codes (shown once). */
    async enableTwoFactor(actor: Actor, body: EnableTwoFactorBody): Promise<string[]> {
      const user = await credentialsOf(actor.userId);
      if (user.totpSecret) throw badRequest('Two-factor authentication is already on.');
      const flow = await flows.findLiveFlow(db, body.flow, 'totp_setup');
      if (!flow || flow.userId !== user.id || typeof flow.data.secret !== 'string') throw invalidFlow('This two-factor set-up');
      const secret = flow.data.secret;
      const step = matchTotpStep(secret, body.code.trim());
      if (step === undefined) throw badRequest('That code is not right; check the time on your device and try the current code.', 'invalid_code');
      const codes = Array.from({ length: BACKUP_CODE_COUNT }, generateBackupCode);
      await db.transaction(async (tx) => {
        if (!(await flows.consumeFlow(tx, body.flow, 'totp_setup'))) throw invalidFlow('This two-factor set-up');
        // The code that proved the set-up counts as used.
        await userAccounts.updateUser(tx, user.id, { totpSecret: secret, totpLastStep: step });
        await repo.replaceBackupCodes(tx, user.id, codes.map(hashBackupCode));
      });
      if (user.email) await deliver(messages.twoFactorEnabled(user.email, user.username));
      return codes;
    },

    async disableTwoFactor(actor: Actor, code: string): Promise<void> {
      const user = await credentialsOf(actor.userId);
      if (!user.totpSecret) throw badRequest('Two-factor authentication is not on.');
      await db.transaction(async (tx) => {
        if (!(await checkSecondFactor(tx, user, code))) throw badRequest('That code is not right (or was already used).', 'invalid_credentials');
        await userAccounts.updateUser(tx, user.id, { totpSecret: null, totpLastStep: null });
        await repo.deleteBackupCodes(tx, user.id);
      });
      if (user.email) await deliver(messages.twoFactorRemoved(user.email, user.username));
    },

    /** Mails a reset link when the account exists and has an email; the answer never says which. */
    async requestPasswordReset(body: PasswordResetBody, client: ClientInfo): Promise<string> {
      await captcha.verify(body.challenge, client.ip);
      const user = await userAccounts.findCredentialsByLogin(db, (body.username ?? body.email)!);
      if (user?.email) {
        const flow = await flows.insertFlow(db, { kind: 'reset_password', userId: user.id, data: { email: user.email }, lifetimeMs: EMAIL_FLOW_LIFETIME_MS });
        await deliver(messages.resetPassword(user.email, user.username, flow));
      }
      return PASSWORD_RESET_MESSAGE;
    },

    /**
     * With a reset flow: sets the new password and signs out every session. Signed in: needs
     * the current password when there is one; without `new_password` removes the password
     * (only when another way to sign in exists). Other sessions are signed out.
     */
    async changePassword(actor: Actor | null, body: ChangePasswordBody): Promise<void> {
      if (body.flow !== undefined) return resetPassword(body.flow, body.new_password ?? undefined);
      if (!actor) throw unauthorized('Sign in, or open the link from the password reset email.');
      const user = await credentialsOf(actor.userId);
      if (user.passwordHash) {
        if (body.old_password === undefined) throw badRequest("Invalid body 'old_password': your current password is required.");
        if (!(await verifyPassword(user.passwordHash, body.old_password))) throw badRequest('Your current password is not right.', 'invalid_credentials');
      }
      const newPassword = body.new_password ?? null;
      if (newPassword === null && !user.passwordHash) throw badRequest('Your account has no password to remove.');
      if (newPassword !== null) assertStrongPassword(newPassword, [user.username, user.email]);
      const passwordHash = newPassword === null ? null : await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        // Serialised with provider unlinking, so the account never ends up with no way in.
        await userAccounts.lockUser(tx, user.id);
        if (newPassword === null && (await repo.countUserProviders(tx, user.id)) === 0) {
          throw badRequest('Link another way to sign in before removing your password: it is the only one.');
        }
        await userAccounts.updateUser(tx, user.id, { passwordHash });
        await revokeUserSessions(tx, user.id, actor.kind === 'session' ? actor.credentialId : undefined);
      });
      if (user.email) {
        await deliver(newPassword === null ? messages.passwordRemoved(user.email, user.username) : messages.passwordChanged(user.email, user.username));
      }
    },

    async changeEmail(actor: Actor, email: string): Promise<void> {
      const user = await credentialsOf(actor.userId);
      if (sameEmail(user.email, email)) throw badRequest('That is already your email address.');
      if (await userAccounts.isEmailTaken(db, email, user.id)) throw badRequest('An account already uses this email address.', 'duplicate_email');
      let flow = '';
      try {
        await db.transaction(async (tx) => {
          await userAccounts.updateUser(tx, user.id, { email, emailVerified: false });
          flow = await startEmailVerification(tx, user.id, email);
        });
      } catch (error) {
        if (isUniqueViolation(error, 'users_email_lower_idx')) throw badRequest('An account already uses this email address.', 'duplicate_email');
        throw error;
      }
      await deliver(messages.verifyEmail(email, user.username, flow));
      if (user.email) await deliver(messages.emailChanged(user.email, user.username, email));
    },

    async resendVerification(actor: Actor): Promise<void> {
      const user = await credentialsOf(actor.userId);
      if (!user.email) throw badRequest('Your account has no email address; add one first.');
      if (user.emailVerified) throw badRequest('Your email address is already verified.');
      const email = user.email;
      const flow = await db.transaction((tx) => startEmailVerification(tx, user.id, email));
      await deliver(messages.verifyEmail(email, user.username, flow));
    },

    async verifyEmail(flowId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const flow = await flows.consumeFlow(tx, flowId, 'verify_email');
        if (!flow?.userId) throw invalidFlow('This verification link');
        const user = await userAccounts.findCredentialsById(tx, flow.userId);
        if (!user || !sameEmail(user.email, flow.data.email as string | undefined)) {
          throw badRequest('This link was sent to an email address your account no longer uses.', 'invalid_flow');
        }
        await userAccounts.updateUser(tx, user.id, { emailVerified: true });
      });
    },

    async setNewsletter(actor: Actor, subscribed: boolean): Promise<void> {
      await userAccounts.updateUser(db, actor.userId, { newsletter: subscribed });
    },
  };

  async function resetPassword(flowId: string, newPassword: string | undefined): Promise<void> {
    if (newPassword === undefined) throw badRequest("Invalid body 'new_password': a new password is required with a reset flow.");
    const flow = await flows.findLiveFlow(db, flowId, 'reset_password');
    if (!flow?.userId) throw invalidFlow('This reset link');
    const user = await userAccounts.findCredentialsById(db, flow.userId);
    if (!user) throw invalidFlow('This reset link');
    assertStrongPassword(newPassword, [user.username, user.email]);
    const passwordHash = await hashPassword(newPassword);
    await db.transaction(async (tx) => {
      if (!(await flows.consumeFlow(tx, flowId, 'reset_password'))) throw invalidFlow('This reset link');
      // Following the link proved the mailbox is theirs.
      const proved = sameEmail(user.email, flow.data.email as string | undefined);
      await userAccounts.updateUser(tx, user.id, { passwordHash, ...(proved ? { emailVerified: true } : {}) });
      await flows.deleteUserFlows(tx, user.id, 'reset_password');
      await revokeUserSessions(tx, user.id);
    });
    if (user.email) await deliver(messages.passwordChanged(user.email, user.username));
  }

  return service;
}

export type AuthService = ReturnType<typeof createAuthService>;

/** Housekeeping: expired sign-in, verification, reset and two-factor flows. */
export function pruneExpiredFlows(db: Executor): Promise<number> {
  return flows.deleteExpiredFlows(db);
}
