import type { PayoutAccounts, PayoutMethod } from '@cairn/shared/schemas/payouts';

/** What keeps a method from paying out (the API refuses the withdrawal for the same reasons). */
export type AccountProblem = 'paypal' | 'venmo' | 'emailMissing' | 'emailUnverified';

export function accountProblem(method: PayoutMethod, accounts: PayoutAccounts): AccountProblem | undefined {
  switch (method.account) {
    case 'paypal':
      return accounts.paypal ? undefined : 'paypal';
    case 'venmo':
      return accounts.venmo ? undefined : 'venmo';
    case 'email':
      if (!accounts.email) return 'emailMissing';
      return accounts.email.verified ? undefined : 'emailUnverified';
    case 'none':
      return undefined;
  }
}

/** Where the method sends the money: the account's address, or undefined for the sandbox (or a missing account). */
export function recipientOf(method: PayoutMethod, accounts: PayoutAccounts): string | undefined {
  if (method.account === 'paypal') return accounts.paypal?.email;
  if (method.account === 'venmo') return accounts.venmo?.handle;
  if (method.account === 'email') return accounts.email?.verified ? accounts.email.address : undefined;
  return undefined;
}
