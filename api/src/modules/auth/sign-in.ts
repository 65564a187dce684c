import type { LoginBody, LoginTwoFactorBody } from '@cairn/shared/schemas/auth';
import { ApiError } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import type { ClientInfo } from '../../lib/user-agent.js';
import { issueSession, type IssuedSessionResult } from '../sessions/sessions.service.js';
import * as userAccounts from '../users/user-accounts.port.js';
import { invalidCredentials, invalidFlow, type AuthContext } from './auth-context.js';
import * as flows from './flows.repository.js';

const MINUTE = 60 * 1000;
/** A started two-factor sign-in works for ten minutes. */
const LOGIN_2FA_LIFETIME_MS = 10 * MINUTE;
/** Wrong codes allowed on one two-factor sign-in before it has to start over. */
const LOGIN_2FA_MAX_ATTEMPTS = 5;

export type SignInResult = { kind: 'session'; issued: IssuedSessionResult } | { kind: 'two_factor'; flow: string };

/** Signing in: password, then the second factor when the account has one. */
export function createSignIn(context: AuthContext) {
  const { db, captcha, checkSecondFactor } = context;

  const useCases = {
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
      return useCases.completeSignIn(user, client);
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
  };
  return useCases;
}
