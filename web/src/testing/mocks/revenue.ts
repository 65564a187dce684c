import {
  PayoutAccountsSchema,
  PayoutBalanceSchema,
  PayoutMethodSchema,
  WithdrawalSchema,
  type PayoutAccounts,
  type PayoutBalance,
  type PayoutCredit,
  type PayoutMethod,
  type Withdrawal,
} from '@cairn/shared/schemas/payouts';

export function buildBalance(overrides: Partial<PayoutBalance> = {}): PayoutBalance {
  return PayoutBalanceSchema.parse({ available: 0, pending: 0, withdrawn_lifetime: 0, withdrawn_ytd: 0, earned_lifetime: 0, dates: {}, ...overrides });
}

export function buildWithdrawal(overrides: Partial<Withdrawal> = {}): Withdrawal {
  return WithdrawalSchema.parse({
    type: 'withdrawal',
    id: 'PaYoUt01',
    status: 'success',
    created: '2026-03-02T10:00:00.000Z',
    amount: 1000,
    fee: 0,
    method_type: 'sandbox',
    method_id: 'sandbox',
    method_address: null,
    ...overrides,
  });
}

export function buildCredit(overrides: Partial<PayoutCredit> = {}): PayoutCredit {
  return { type: 'payout_available', created: '2026-03-01T00:00:00.000Z', date_available: '2026-03-31T00:00:00.000Z', payout_source: 'revenue_share', project_id: 'AAAAAAA1', amount: 100, ...overrides };
}

export function buildPayoutMethod(overrides: Partial<PayoutMethod> = {}): PayoutMethod {
  return PayoutMethodSchema.parse({ id: 'sandbox', type: 'sandbox', name: 'Sandbox transfer (test money)', account: 'none', min_amount: 500, max_amount: 10_000_000, fee: { percent_bps: 0, min: 0, max: null }, ...overrides });
}

export function buildPayoutAccounts(overrides: Partial<PayoutAccounts> = {}): PayoutAccounts {
  return PayoutAccountsSchema.parse({ paypal: null, venmo: null, email: { address: 'wren@example.com', verified: true }, ...overrides });
}
