import type { PayoutAccounts, PayoutMethod, UpdatePayoutAccountsBody } from '@cairn/shared/schemas/payouts';
import type { Database, Executor } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { findPayoutAccounts, upsertPayoutAccounts, type PayoutAccountsRow } from './payout-accounts.repository.js';
import { toPayoutAccounts } from './payouts.mapper.js';

/** `@name`, however the creator typed it. */
const normalizeVenmo = (handle: string) => `@${handle.replace(/^@/, '')}`;

async function accountsOf(db: Executor, userId: number): Promise<PayoutAccountsRow> {
  const row = await findPayoutAccounts(db, userId);
  if (!row) throw notFound('No such user');
  return row;
}

/**
 * Where a method's money goes for this user, or a 400 naming what is missing. PayPal accounts
 * are not checked here: PayPal refuses an unknown receiver, and the withdrawal then fails and is
 * given back.
 */
export async function recipientFor(db: Executor, userId: number, method: PayoutMethod): Promise<string | null> {
  if (method.account === 'none') return null;
  const row = await accountsOf(db, userId);
  switch (method.account) {
    case 'paypal':
      if (!row.paypalEmail) throw badRequest('paypal_email: link a PayPal account in your payout methods before withdrawing by PayPal', 'paypal_account_missing');
      return row.paypalEmail;
    case 'venmo':
      if (!row.venmoHandle) throw badRequest('venmo_handle: set your Venmo handle in your payout methods before withdrawing by Venmo', 'venmo_handle_missing');
      return row.venmoHandle;
    case 'email':
      if (!row.email) throw badRequest('email: add an email address to your account before withdrawing by email', 'email_missing');
      if (!row.emailVerified) throw badRequest(`email: verify your email address (${row.email}) before withdrawing by email`, 'email_unverified');
      return row.email;
  }
}

/** The caller's own payout accounts: there is no way to read or change someone else's. */
export function createPayoutAccountsService({ db }: { db: Database }) {
  return {
    async getAccounts(actor: Actor): Promise<PayoutAccounts> {
      return toPayoutAccounts(await accountsOf(db, actor.userId));
    },

    async updateAccounts(actor: Actor, body: UpdatePayoutAccountsBody): Promise<PayoutAccounts> {
      const patch = {
        ...(body.paypal_email !== undefined ? { paypalEmail: body.paypal_email?.trim() ?? null } : {}),
        ...(body.venmo_handle !== undefined ? { venmoHandle: body.venmo_handle === null ? null : normalizeVenmo(body.venmo_handle) } : {}),
      };
      if (Object.keys(patch).length > 0) await upsertPayoutAccounts(db, actor.userId, patch);
      return toPayoutAccounts(await accountsOf(db, actor.userId));
    },
  };
}
export type PayoutAccountsService = ReturnType<typeof createPayoutAccountsService>;
