import type { Executor } from '../../db/client.js';
import { createAccountEmail } from './account-email.js';
import { createAuthContext, type AuthServiceDeps } from './auth-context.js';
import * as flows from './flows.repository.js';
import { createRecovery } from './recovery.js';
import { createSignIn } from './sign-in.js';
import { createSignUp } from './sign-up.js';
import { createTwoFactor } from './two-factor.js';

export { assertStrongPassword, EMAIL_FLOW_LIFETIME_MS, type AuthServiceDeps } from './auth-context.js';
export type { SignInResult } from './sign-in.js';
export type { NewAccount } from './sign-up.js';

/** The auth module's service: one object over its use cases, each in its own file. */
export function createAuthService(deps: AuthServiceDeps) {
  const context = createAuthContext(deps);
  return {
    ...createSignUp(context),
    ...createSignIn(context),
    ...createTwoFactor(context),
    ...createRecovery(context),
    ...createAccountEmail(context),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

/** Housekeeping: expired sign-in, verification, reset and two-factor flows. */
export function pruneExpiredFlows(db: Executor): Promise<number> {
  return flows.deleteExpiredFlows(db);
}
