import type { Database, Executor } from '../../db/client.js';
import { createBackgroundTasks, type BackgroundTasks } from '../../lib/background-tasks.js';
import type { CaptchaVerifier } from '../../lib/captcha.js';
import { ApiError, badRequest, unauthorized } from '../../lib/errors.js';
import type { MailMessage, Mailer } from '../../lib/mail/mailer.js';
import type { Messages } from '../../lib/mail/messages.js';
import { estimatePasswordStrength } from '../../lib/password-strength.js';
import { hashBackupCode, matchTotpStep } from '../../lib/totp.js';
import * as userAccounts from '../users/user-accounts.port.js';
import * as flows from './flows.repository.js';
import * as repo from './auth.repository.js';

const DAY = 24 * 60 * 60 * 1000;
/** Verification and reset links work for a day. */
export const EMAIL_FLOW_LIFETIME_MS = DAY;

export interface AuthServiceDeps {
  db: Database;
  mailer: Mailer;
  messages: Messages;
  captcha: CaptchaVerifier;
  log: { error(object: Record<string, unknown>, message: string): void };
  /** Work kept off the request path (the app drains it on close); a private one when not given. */
  background?: BackgroundTasks;
}

export const invalidCredentials = () => new ApiError(401, 'invalid_credentials', 'Incorrect username, email or password.');
export const invalidFlow = (what: string) => badRequest(`${what} is unknown or has expired.`, 'invalid_flow');
export const sameEmail = (a: string | null | undefined, b: string | null | undefined) => !!a && !!b && a.toLowerCase() === b.toLowerCase();

/** Throws `weak_password` unless zxcvbn rates the password at least 3 against the user's own details. */
export async function assertStrongPassword(password: string, userInputs: Array<string | null | undefined>): Promise<void> {
  const strength = await estimatePasswordStrength(password, userInputs);
  if (!strength.strong) {
    throw badRequest(`This password is too easy to guess.${strength.feedback ? ` ${strength.feedback}` : ''}`, 'weak_password');
  }
}

/** What the sign-up, sign-in, two-factor and recovery use cases share. */
export function createAuthContext(deps: AuthServiceDeps) {
  const { db, mailer, log } = deps;
  return {
    ...deps,
    background: deps.background ?? createBackgroundTasks(log),
    /** Mail goes out after the change is committed; a failure to queue it is logged, never undoes the change. */
    async deliver(message: MailMessage): Promise<void> {
      try {
        await mailer.send(message);
      } catch (error) {
        log.error({ err: error, kind: message.kind }, 'could not queue mail');
      }
    },
    async credentialsOf(userId: number): Promise<userAccounts.UserCredentials> {
      const user = await userAccounts.findCredentialsById(db, userId);
      if (!user) throw unauthorized('The account of this session no longer exists.');
      return user;
    },
    async assertAvailable(username: string, email: string | null): Promise<void> {
      if (await userAccounts.isUsernameTaken(db, username)) throw badRequest('That username is taken.', 'username_taken');
      if (email && (await userAccounts.isEmailTaken(db, email))) throw badRequest('An account already uses this email address.', 'duplicate_email');
    },
    async startEmailVerification(tx: Executor, userId: number, email: string): Promise<string> {
      await flows.deleteUserFlows(tx, userId, 'verify_email');
      return flows.insertFlow(tx, { kind: 'verify_email', userId, data: { email }, lifetimeMs: EMAIL_FLOW_LIFETIME_MS });
    },
    /** A TOTP code (each time step once) or an unused backup code. */
    async checkSecondFactor(tx: Executor, user: userAccounts.UserCredentials, code: string): Promise<boolean> {
      if (!user.totpSecret) return false;
      const trimmed = code.trim();
      const step = matchTotpStep(user.totpSecret, trimmed);
      if (step !== undefined) return userAccounts.claimTotpStep(tx, user.id, step);
      return repo.consumeBackupCode(tx, user.id, hashBackupCode(trimmed));
    },
  };
}

export type AuthContext = ReturnType<typeof createAuthContext>;
