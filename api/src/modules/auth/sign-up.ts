import type { CreateAccountBody } from '@cairn/shared/schemas/auth';
import type { Executor } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { randomId } from '../../lib/ids.js';
import { hashPassword } from '../../lib/passwords.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import type { ClientInfo } from '../../lib/user-agent.js';
import { issueSession, type IssuedSessionResult } from '../sessions/sessions.service.js';
import * as userAccounts from '../users/user-accounts.port.js';
import { assertStrongPassword, type AuthContext } from './auth-context.js';

export interface NewAccount {
  username: string;
  email: string | null;
  password: string | null;
  newsletter: boolean;
  emailVerified: boolean;
}

/** Creating accounts: sign-up with a password, and accounts made by third-party sign-in or the CLI. */
export function createSignUp(context: AuthContext) {
  const { db, messages, captcha, deliver, assertAvailable, startEmailVerification } = context;

  const useCases = {
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
      await assertStrongPassword(body.password, [body.username, body.email]);
    },

    async signUp(body: CreateAccountBody, client: ClientInfo): Promise<IssuedSessionResult> {
      await captcha.verify(body.challenge, client.ip);
      await assertStrongPassword(body.password, [body.username, body.email]);
      let issued: IssuedSessionResult | undefined;
      await useCases.registerAccount(
        { username: body.username, email: body.email, password: body.password, newsletter: body.sign_up_newsletter ?? false, emailVerified: false },
        async (tx, userId) => {
          issued = await issueSession(tx, userId, client);
        },
      );
      return issued!;
    },
  };
  return useCases;
}
