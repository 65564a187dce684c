import { z } from 'zod';
import { Base62IdSchema } from './common.js';

/**
 * Wire shapes of creator revenue: `/v2/payout/*`, `/v2/analytics/revenue` and the v2 contract's
 * `/v2/user/{id}/payouts`. Amounts are integer cents (USD) unless a field says otherwise.
 */

export const PAYOUT_STATUSES = ['success', 'in-transit', 'cancelled', 'cancelling', 'failed', 'unknown'] as const;
export const PayoutStatusSchema = z.enum(PAYOUT_STATUSES);
export type PayoutStatus = z.infer<typeof PayoutStatusSchema>;

/** `sandbox` is the local test processor; the others are the production adapters. */
export const PAYOUT_METHOD_TYPES = ['sandbox', 'paypal', 'tremendous'] as const;
export const PayoutMethodTypeSchema = z.enum(PAYOUT_METHOD_TYPES);
export type PayoutMethodType = z.infer<typeof PayoutMethodTypeSchema>;

const Cents = z.number().int();

export const PayoutBalanceSchema = z.object({
  /** Withdrawable now (credits past their holding period minus withdrawals). */
  available: Cents,
  /** Credited but still in the holding period. */
  pending: Cents,
  withdrawn_lifetime: Cents,
  withdrawn_ytd: Cents,
  /** Every credit ever received (available, pending and withdrawn). */
  earned_lifetime: Cents,
  /** Pending amounts by the ISO date they become available. */
  dates: z.record(z.string(), Cents),
});
export type PayoutBalance = z.infer<typeof PayoutBalanceSchema>;

export const WithdrawalSchema = z.object({
  type: z.literal('withdrawal'),
  id: Base62IdSchema,
  status: PayoutStatusSchema,
  created: z.string(),
  /** Gross amount taken from the balance (the fee included). */
  amount: Cents,
  fee: Cents,
  method_type: PayoutMethodTypeSchema,
  method_id: z.string(),
  method_address: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof WithdrawalSchema>;

export const PayoutCreditSchema = z.object({
  type: z.literal('payout_available'),
  /** The day the revenue was earned (ISO date). */
  created: z.string(),
  /** When it leaves the holding period. */
  date_available: z.string(),
  payout_source: z.literal('revenue_share'),
  project_id: Base62IdSchema,
  amount: Cents,
});
export type PayoutCredit = z.infer<typeof PayoutCreditSchema>;

export const PayoutHistoryItemSchema = z.union([WithdrawalSchema, PayoutCreditSchema]);
export const PayoutHistorySchema = z.array(PayoutHistoryItemSchema);
export type PayoutHistoryItem = z.infer<typeof PayoutHistoryItemSchema>;

/**
 * Where a method sends money: the linked PayPal account, the Venmo handle, the account's own
 * (verified) email address, or nowhere in particular (the sandbox's test transfer).
 */
export const PAYOUT_ACCOUNT_KINDS = ['none', 'paypal', 'venmo', 'email'] as const;
export const PayoutAccountKindSchema = z.enum(PAYOUT_ACCOUNT_KINDS);
export type PayoutAccountKind = z.infer<typeof PayoutAccountKindSchema>;

/** `GET /v2/payout/accounts`: the caller's own payout accounts (nobody else sees them). */
export const PayoutAccountsSchema = z.object({
  paypal: z.object({ email: z.string() }).nullable(),
  venmo: z.object({ handle: z.string() }).nullable(),
  /** The account's email address, where email methods send money once it is verified. */
  email: z.object({ address: z.string(), verified: z.boolean() }).nullable(),
});
export type PayoutAccounts = z.infer<typeof PayoutAccountsSchema>;

/** Venmo usernames: 5–30 letters, digits, hyphens or underscores, written with a leading @. */
export const VENMO_HANDLE_PATTERN = /^@?[A-Za-z0-9_-]{5,30}$/;

/** `PATCH /v2/payout/accounts`: a field left out is kept, null removes it. */
export const UpdatePayoutAccountsBodySchema = z.object({
  paypal_email: z.email().max(320).nullable().optional(),
  venmo_handle: z.string().regex(VENMO_HANDLE_PATTERN, 'a Venmo handle such as @your-name (5 to 30 letters, digits, - or _)').nullable().optional(),
});
export type UpdatePayoutAccountsBody = z.infer<typeof UpdatePayoutAccountsBodySchema>;

export const PayoutMethodSchema = z.object({
  id: z.string(),
  type: PayoutMethodTypeSchema,
  name: z.string(),
  /** Which of the creator's payout accounts receives the money (see PayoutAccountsSchema). */
  account: PayoutAccountKindSchema,
  min_amount: Cents,
  max_amount: Cents,
  fee: z.object({ percent_bps: z.number().int(), min: Cents, max: Cents.nullable() }),
});
export type PayoutMethod = z.infer<typeof PayoutMethodSchema>;
export const PayoutMethodListSchema = z.array(PayoutMethodSchema);

export const PayoutMethodsQuerySchema = z.object({ country: z.string().regex(/^[A-Za-z]{2}$/, 'a two-letter country code').default('US') });

export const PayoutFeesBodySchema = z.object({ amount: Cents.positive(), method_id: z.string().min(1).max(64) });
export const PayoutFeesSchema = z.object({ amount: Cents, fee: Cents, net_usd: Cents, exchange_rate: z.number().nullable() });
export type PayoutFees = z.infer<typeof PayoutFeesSchema>;

export const CreatePayoutBodySchema = z.object({
  amount: Cents.positive(),
  method_id: z.string().min(1).max(64),
  /** The region the method was chosen in (methods differ by country); US when left out. */
  country: z.string().regex(/^[A-Za-z]{2}$/, 'a two-letter country code').optional(),
  /** The client's key for this withdrawal: sending it again answers the same withdrawal. */
  idempotency_key: z.string().min(8).max(128),
});
export type CreatePayoutBody = z.infer<typeof CreatePayoutBodySchema>;

/** `/v2/analytics/revenue` query (the analytics routes' parameters). */
export const RevenueAnalyticsQuerySchema = z.object({
  project_ids: z.string().max(10_000).optional(),
  start_date: z.iso.datetime({ offset: true }).optional(),
  end_date: z.iso.datetime({ offset: true }).optional(),
  resolution_minutes: z.coerce.number().int().min(1440).max(525_600).optional(),
});
/** `{project_id: {unix_seconds: cents}}`. */
export const RevenueAnalyticsSchema = z.record(z.string(), z.record(z.string(), Cents));

/** v2 contract: `GET /user/{id}/payouts`. */
export const UserPayoutHistorySchema = z.object({
  /** USD with two decimals. */
  all_time: z.string(),
  last_month: z.string(),
  payouts: z.array(z.object({ created: z.string(), amount: Cents, status: z.string() })),
});
export type UserPayoutHistory = z.infer<typeof UserPayoutHistorySchema>;
/** v2 contract: `POST /user/{id}/payouts?amount=` (cents). */
export const WithdrawPayoutQuerySchema = z.object({ amount: z.coerce.number().int().positive() });
