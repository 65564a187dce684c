import type { Actor } from '../../lib/actor.js';
import { badRequest } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import * as userAccounts from '../users/user-accounts.port.js';
import { invalidFlow, sameEmail, type AuthContext } from './auth-context.js';
import * as flows from './flows.repository.js';

/** The account's email address: changing and verifying it, and the newsletter choice. */
export function createAccountEmail(context: AuthContext) {
  const { db, messages, deliver, credentialsOf, startEmailVerification } = context;

  return {
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
}
