import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PriceAmounts, ProductMetadata } from '@cairn/shared/schemas/billing';
import { users } from './users.js';

/**
 * Billing: products and their prices, each user's customer record at the payment provider,
 * subscriptions and the charges that pay for them. Amounts are integers in minor units.
 */

const id = () => bigint({ mode: 'number' });
const created = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const billingProducts = pgTable('billing_products', {
  id: id().primaryKey(),
  metadata: jsonb().$type<ProductMetadata>().notNull(),
  unitary: boolean().notNull(),
  /** Seed key ("plus", "server-small"…): seeding is idempotent by it. */
  slug: text().notNull().unique(),
});

export const billingPrices = pgTable(
  'billing_prices',
  {
    id: id().primaryKey(),
    productId: id()
      .notNull()
      .references(() => billingProducts.id, { onDelete: 'cascade' }),
    currencyCode: text().notNull(),
    prices: jsonb().$type<PriceAmounts>().notNull(),
  },
  (t) => [uniqueIndex('billing_prices_product_currency_idx').on(t.productId, t.currencyCode)],
);

export const billingCustomers = pgTable(
  'billing_customers',
  {
    userId: id()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text().notNull(),
    customerId: text().notNull(),
    defaultPaymentMethod: text(),
    created: created(),
  },
  (t) => [uniqueIndex('billing_customers_provider_idx').on(t.provider, t.customerId)],
);

export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    id: id().primaryKey(),
    userId: id()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    priceId: id()
      .notNull()
      .references(() => billingPrices.id),
    interval: text().$type<'monthly' | 'yearly'>().notNull(),
    /** `provisioned` while its perks (or server) are on. */
    status: text().$type<'provisioned' | 'unprovisioned'>().notNull().default('unprovisioned'),
    metadata: jsonb().$type<{ type: 'pyro'; id: string; region?: string | null } | null>(),
    created: created(),
  },
  (t) => [index('billing_subscriptions_user_idx').on(t.userId)],
);

export const billingCharges = pgTable(
  'billing_charges',
  {
    id: id().primaryKey(),
    userId: id()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    priceId: id()
      .notNull()
      .references(() => billingPrices.id),
    /** Negative for refunds. */
    amount: integer().notNull(),
    currencyCode: text().notNull(),
    status: text().$type<'open' | 'processing' | 'succeeded' | 'failed' | 'cancelled' | 'expiring'>().notNull(),
    type: text().$type<'one-time' | 'subscription' | 'proration' | 'refund'>().notNull(),
    due: timestamp({ withTimezone: true }).notNull(),
    lastAttempt: timestamp({ withTimezone: true }),
    /** Attempts made to collect it; each has its own provider idempotency key. */
    attempts: integer().notNull().default(0),
    /** When the retry job tries a failed renewal again (null: no more automatic retries). */
    nextAttempt: timestamp({ withTimezone: true }),
    subscriptionId: id().references(() => billingSubscriptions.id, { onDelete: 'set null' }),
    subscriptionInterval: text().$type<'monthly' | 'yearly'>(),
    platform: text().notNull(),
    parentChargeId: id(),
    /** The provider's payment (or refund) id of the latest attempt. */
    providerPaymentId: text(),
    paymentMethodId: text(),
    failure: text(),
    net: integer(),
    created: created(),
  },
  (t) => [
    index('billing_charges_user_idx').on(t.userId),
    uniqueIndex('billing_charges_provider_payment_idx').on(t.platform, t.providerPaymentId),
    // At most one unsettled renewal per subscription: the one the renewal job collects.
    uniqueIndex('billing_charges_one_pending_renewal_idx')
      .on(t.subscriptionId)
      .where(sql`type = 'subscription' and status in ('open', 'processing', 'failed', 'cancelled', 'expiring')`),
    index('billing_charges_due_idx').on(t.status, t.due),
    index('billing_charges_parent_idx').on(t.parentChargeId),
  ],
);

/** Provider webhook events already applied: a replayed delivery is acknowledged and ignored. */
export const billingWebhookEvents = pgTable(
  'billing_webhook_events',
  {
    provider: text().notNull(),
    eventId: text().notNull(),
    type: text().notNull(),
    received: created(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);
