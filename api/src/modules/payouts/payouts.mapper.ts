import type { PayoutAccounts, PayoutCredit, PayoutMethodType, PayoutStatus, Withdrawal } from '@cairn/shared/schemas/payouts';
import { encodeBase62 } from '../../lib/ids.js';
import type { PayoutAccountsRow } from './payout-accounts.repository.js';
import type { CreditRow, PayoutRow } from './payouts.repository.js';

export function toWithdrawal(row: PayoutRow): Withdrawal {
  return {
    type: 'withdrawal',
    id: encodeBase62(row.id),
    status: row.status as PayoutStatus,
    created: row.created.toISOString(),
    amount: row.amountCents,
    fee: row.feeCents,
    method_type: row.methodType as PayoutMethodType,
    method_id: row.methodId,
    method_address: row.methodAddress,
  };
}

export function toCredit(row: CreditRow): PayoutCredit {
  return {
    type: 'payout_available',
    created: `${row.day}T00:00:00.000Z`,
    date_available: row.availableAt.toISOString(),
    payout_source: 'revenue_share',
    project_id: row.projectId === null ? '0' : encodeBase62(row.projectId),
    amount: row.amountCents,
  };
}

/** Cents as the v2 contract's USD decimal text ("12.34"). */
export function usdText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function toPayoutAccounts(row: PayoutAccountsRow): PayoutAccounts {
  return {
    paypal: row.paypalEmail ? { email: row.paypalEmail } : null,
    venmo: row.venmoHandle ? { handle: row.venmoHandle } : null,
    email: row.email ? { address: row.email, verified: row.emailVerified } : null,
  };
}
