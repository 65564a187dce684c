import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { projects } from './catalogue.js';
import { users } from './users.js';

/**
 * Creator revenue: the daily pool, a ledger in which every cent of it lands (credits to team
 * members, the platform's share, withdrawals as debits and their reversals) and withdrawals.
 * All amounts are integer cents.
 */

/** One distributed day: pool = credited + platform, checked by the database. */
export const revenueDays = pgTable(
  'revenue_days',
  {
    day: date({ mode: 'string' }).primaryKey(),
    poolCents: bigint({ mode: 'number' }).notNull(),
    creatorShareBps: integer().notNull(),
    creditedCents: bigint({ mode: 'number' }).notNull(),
    platformCents: bigint({ mode: 'number' }).notNull(),
    /** `distributed` once its ledger rows exist (the same transaction). */
    status: text().notNull().default('distributed'),
    distributedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('revenue_days_balanced', sql`${t.poolCents} = ${t.creditedCents} + ${t.platformCents}`),
    check('revenue_days_nonnegative', sql`${t.poolCents} >= 0 and ${t.creditedCents} >= 0 and ${t.platformCents} >= 0`),
  ],
);

export const payouts = pgTable(
  'payouts',
  {
    id: bigint({ mode: 'number' }).primaryKey(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Taken from the balance, the fee included. */
    amountCents: bigint({ mode: 'number' }).notNull(),
    feeCents: bigint({ mode: 'number' }).notNull(),
    methodType: text().notNull(),
    methodId: text().notNull(),
    methodAddress: text(),
    /** success | in-transit | cancelled | cancelling | failed */
    status: text().notNull(),
    providerId: text(),
    failureReason: text(),
    idempotencyKey: text().notNull(),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payouts_user_key_idx').on(t.userId, t.idempotencyKey),
    uniqueIndex('payouts_provider_idx').on(t.methodType, t.providerId),
    index('payouts_user_created_idx').on(t.userId, t.created),
    check('payouts_amount_positive', sql`${t.amountCents} > 0 and ${t.feeCents} >= 0 and ${t.feeCents} < ${t.amountCents}`),
  ],
);

/**
 * kinds: `credit` (a member's share of a project's revenue for a day, `available_at` after the
 * holding period), `platform` (the platform's share of a day), `withdrawal` (a negative debit),
 * `reversal` (a failed or cancelled withdrawal given back).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    kind: text().notNull(),
    /** Null on platform rows. */
    userId: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    projectId: bigint({ mode: 'number' }).references(() => projects.id, { onDelete: 'set null' }),
    /** The revenue day of credits and platform rows. */
    day: date({ mode: 'string' }).references(() => revenueDays.day),
    payoutId: bigint({ mode: 'number' }).references(() => payouts.id),
    amountCents: bigint({ mode: 'number' }).notNull(),
    availableAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** A `payout_available` notification was sent for this credit. */
    notified: boolean().notNull().default(false),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_user_idx').on(t.userId, t.availableAt),
    index('ledger_entries_day_idx').on(t.day),
    index('ledger_entries_unnotified_idx').on(t.availableAt).where(sql`${t.kind} = 'credit' and not ${t.notified}`),
    // A withdrawal is debited once and given back at most once.
    uniqueIndex('ledger_entries_payout_kind_idx').on(t.payoutId, t.kind),
    check('ledger_entries_kind', sql`${t.kind} in ('credit', 'platform', 'withdrawal', 'reversal')`),
    check('ledger_entries_sign', sql`(${t.kind} = 'withdrawal') = (${t.amountCents} < 0)`),
  ],
);

/**
 * Where a creator's withdrawals go: a PayPal account (its email; PayPal checks it when paying)
 * and a Venmo handle. Email methods use the account's own verified address from `users`.
 */
export const payoutAccounts = pgTable('payout_accounts', {
  userId: bigint({ mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  paypalEmail: text(),
  venmoHandle: text(),
  updated: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
