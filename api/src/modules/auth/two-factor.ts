import type { EnableTwoFactorBody } from '@cairn/shared/schemas/auth';
import type { Actor } from '../../lib/actor.js';
import { badRequest } from '../../lib/errors.js';
import { BACKUP_CODE_COUNT, generateBackupCode, generateTotpSecret, hashBackupCode, matchTotpStep, totpUri } from '../../lib/totp.js';
import * as userAccounts from '../users/user-accounts.port.js';
import { invalidFlow, type AuthContext } from './auth-context.js';
import * as flows from './flows.repository.js';
import * as repo from './auth.repository.js';

/** A started two-factor set-up works for half an hour. */
const TOTP_SETUP_LIFETIME_MS = 30 * 60 * 1000;

/** Turning two-factor authentication (TOTP with backup codes) on and off. */
export function createTwoFactor(context: AuthContext) {
  const { db, messages, deliver, credentialsOf, checkSecondFactor } = context;

  return {
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
  };
}
