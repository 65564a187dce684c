import { PASSWORD_RESET_MESSAGE, type ChangePasswordBody, type PasswordResetBody } from '@cairn/shared/schemas/auth';
import type { Actor } from '../../lib/actor.js';
import { badRequest, unauthorized } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import type { ClientInfo } from '../../lib/user-agent.js';
import { revokeUserSessions } from '../sessions/sessions.service.js';
import * as userAccounts from '../users/user-accounts.port.js';
import { EMAIL_FLOW_LIFETIME_MS, assertStrongPassword, invalidFlow, sameEmail, type AuthContext } from './auth-context.js';
import * as flows from './flows.repository.js';
import * as repo from './auth.repository.js';

/** Passwords: reset by email link, change, removal (when another way to sign in exists). */
export function createRecovery(context: AuthContext) {
  const { db, messages, captcha, deliver, credentialsOf, background } = context;

  async function resetPassword(flowId: string, newPassword: string | undefined): Promise<void> {
    if (newPassword === undefined) throw badRequest("Invalid body 'new_password': a new password is required with a reset flow.");
    const flow = await flows.findLiveFlow(db, flowId, 'reset_password');
    if (!flow?.userId) throw invalidFlow('This reset link');
    const user = await userAccounts.findCredentialsById(db, flow.userId);
    if (!user) throw invalidFlow('This reset link');
    await assertStrongPassword(newPassword, [user.username, user.email]);
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


  return {
    /**
     * Mails a reset link when the account exists and has an email; the answer never says which.
     * The look-up, the flow and the mail happen after the answer, so a known address costs the
     * request exactly what an unknown one does and its timing tells nothing either.
     */
    async requestPasswordReset(body: PasswordResetBody, client: ClientInfo): Promise<string> {
      await captcha.verify(body.challenge, client.ip);
      const login = (body.username ?? body.email)!;
      background.run('password-reset-mail', async () => {
        const user = await userAccounts.findCredentialsByLogin(db, login);
        if (!user?.email) return;
        const flow = await flows.insertFlow(db, { kind: 'reset_password', userId: user.id, data: { email: user.email }, lifetimeMs: EMAIL_FLOW_LIFETIME_MS });
        await deliver(messages.resetPassword(user.email, user.username, flow));
      });
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
      if (newPassword !== null) await assertStrongPassword(newPassword, [user.username, user.email]);
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
  };
}
