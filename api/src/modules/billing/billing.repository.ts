import { and, asc, desc, eq, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { billingCharges, billingCustomers, billingPrices, billingProducts, billingSubscriptions, billingWebhookEvents } from '../../db/schema/billing.js';
import { users } from '../../db/schema/users.js';
import { randomId } from '../../lib/ids.js';

export type ProductRow = typeof billingProducts.$inferSelect;
export type PriceRow = typeof billingPrices.$inferSelect;
export type CustomerRow = typeof billingCustomers.$inferSelect;
export type SubscriptionRow = typeof billingSubscriptions.$inferSelect;
export type ChargeRow = typeof billingCharges.$inferSelect;
export type NewCharge = Omit<typeof billingCharges.$inferInsert, 'id'>;

/**
 * The columns each query reads, named rather than `select *` so that a column added to a table is
 * read only where it is used (docs/conventions.md, "Module shape").
 */
const productColumns = { id: billingProducts.id, metadata: billingProducts.metadata, unitary: billingProducts.unitary, slug: billingProducts.slug };
const priceColumns = { id: billingPrices.id, productId: billingPrices.productId, currencyCode: billingPrices.currencyCode, prices: billingPrices.prices };
const customerColumns = {
  userId: billingCustomers.userId,
  provider: billingCustomers.provider,
  customerId: billingCustomers.customerId,
  defaultPaymentMethod: billingCustomers.defaultPaymentMethod,
  created: billingCustomers.created,
};
const subscriptionColumns = {
  id: billingSubscriptions.id,
  userId: billingSubscriptions.userId,
  priceId: billingSubscriptions.priceId,
  interval: billingSubscriptions.interval,
  status: billingSubscriptions.status,
  metadata: billingSubscriptions.metadata,
  created: billingSubscriptions.created,
};
const chargeColumns = {
  id: billingCharges.id,
  userId: billingCharges.userId,
  priceId: billingCharges.priceId,
  amount: billingCharges.amount,
  currencyCode: billingCharges.currencyCode,
  status: billingCharges.status,
  type: billingCharges.type,
  due: billingCharges.due,
  lastAttempt: billingCharges.lastAttempt,
  attempts: billingCharges.attempts,
  nextAttempt: billingCharges.nextAttempt,
  subscriptionId: billingCharges.subscriptionId,
  subscriptionInterval: billingCharges.subscriptionInterval,
  platform: billingCharges.platform,
  parentChargeId: billingCharges.parentChargeId,
  providerPaymentId: billingCharges.providerPaymentId,
  paymentMethodId: billingCharges.paymentMethodId,
  failure: billingCharges.failure,
  net: billingCharges.net,
  created: billingCharges.created,
};

/** Statuses of a renewal that is not settled yet (at most one per subscription, by a unique index). */
export const PENDING_RENEWAL = ['open', 'processing', 'failed', 'cancelled', 'expiring'] as const;

export const listProducts = (db: Executor) => db.select(productColumns).from(billingProducts).orderBy(asc(billingProducts.slug));
export const listPricesOfProducts = (db: Executor, productIds: number[]) =>
  productIds.length ? db.select(priceColumns).from(billingPrices).where(inArray(billingPrices.productId, productIds)).orderBy(asc(billingPrices.currencyCode)) : Promise.resolve([]);
export const findProduct = async (db: Executor, id: number) => (await db.select(productColumns).from(billingProducts).where(eq(billingProducts.id, id)))[0];
export const findPrice = async (db: Executor, id: number) => (await db.select(priceColumns).from(billingPrices).where(eq(billingPrices.id, id)))[0];
export const findPriceOf = async (db: Executor, productId: number, currency: string) =>
  (await db.select(priceColumns).from(billingPrices).where(and(eq(billingPrices.productId, productId), eq(billingPrices.currencyCode, currency))))[0];

export async function updateProductStock(db: Executor, productId: number, delta: number): Promise<boolean> {
  const rows = await db
    .update(billingProducts)
    .set({ metadata: sql`jsonb_set(${billingProducts.metadata}, '{stock}', to_jsonb(((${billingProducts.metadata}->>'stock')::int + ${delta})))` })
    .where(and(eq(billingProducts.id, productId), sql`${billingProducts.metadata}->>'type' = 'pyro'`, sql`((${billingProducts.metadata}->>'stock')::int + ${delta}) >= 0`))
    .returning({ id: billingProducts.id });
  return rows.length > 0;
}

export const findCustomer = async (db: Executor, userId: number) => (await db.select(customerColumns).from(billingCustomers).where(eq(billingCustomers.userId, userId)))[0];
export const findCustomerByProviderId = async (db: Executor, provider: string, customerId: string) =>
  (await db.select(customerColumns).from(billingCustomers).where(and(eq(billingCustomers.provider, provider), eq(billingCustomers.customerId, customerId))))[0];
export async function insertCustomer(db: Executor, row: { userId: number; provider: string; customerId: string }): Promise<void> {
  await db.insert(billingCustomers).values(row).onConflictDoNothing();
}
export async function updateDefaultPaymentMethod(db: Executor, userId: number, paymentMethodId: string | null, onlyIfUnset = false): Promise<void> {
  await db
    .update(billingCustomers)
    .set({ defaultPaymentMethod: paymentMethodId })
    .where(and(eq(billingCustomers.userId, userId), onlyIfUnset ? sql`${billingCustomers.defaultPaymentMethod} is null` : undefined));
}

export const findUserContact = async (db: Executor, userId: number) =>
  (await db.select({ id: users.id, username: users.username, email: users.email }).from(users).where(eq(users.id, userId)))[0];

/** The PLUS badge bit follows the Plus subscription. */
export async function setUserBadge(db: Executor, userId: number, bit: number, on: boolean): Promise<void> {
  await db
    .update(users)
    .set({ badges: on ? sql`${users.badges} | ${bit}` : sql`${users.badges} & ~${bit}::bigint` })
    .where(eq(users.id, userId));
}

/** Serializes the opening of new subscriptions of one user in this transaction. */
export async function lockUser(tx: Executor, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`billing-user:${userId}`}, 0))`);
}

export const listSubscriptionsOfUser = (db: Executor, userId: number) =>
  db.select(subscriptionColumns).from(billingSubscriptions).where(eq(billingSubscriptions.userId, userId)).orderBy(desc(billingSubscriptions.created));
export const findSubscription = async (db: Executor, id: number, lock = false) => {
  const query = db.select(subscriptionColumns).from(billingSubscriptions).where(eq(billingSubscriptions.id, id));
  return (await (lock ? query.for('update') : query))[0];
};
export async function insertSubscription(db: Executor, row: Omit<typeof billingSubscriptions.$inferInsert, 'id'>): Promise<SubscriptionRow> {
  const [inserted] = await db.insert(billingSubscriptions).values({ id: Number(randomId()), ...row }).returning(subscriptionColumns);
  return inserted!;
}
export async function updateSubscription(db: Executor, id: number, set: Partial<typeof billingSubscriptions.$inferInsert>): Promise<void> {
  await db.update(billingSubscriptions).set(set).where(eq(billingSubscriptions.id, id));
}

/**
 * The user's subscriptions on this product. `lock` takes their rows (not the prices'), so their
 * status cannot change until the transaction ends: every change of a subscription's status
 * (provision, unprovision) locks its row first.
 */
export const listSubscriptionsOnProduct = async (db: Executor, userId: number, productId: number, lock = false) => {
  const query = db
    .select({ subscription: subscriptionColumns })
    .from(billingSubscriptions)
    .innerJoin(billingPrices, eq(billingPrices.id, billingSubscriptions.priceId))
    .where(and(eq(billingSubscriptions.userId, userId), eq(billingPrices.productId, productId)));
  return lock ? query.for('update', { of: billingSubscriptions }) : query;
};

export const listChargesOfUser = (db: Executor, userId: number) =>
  db.select(chargeColumns).from(billingCharges).where(eq(billingCharges.userId, userId)).orderBy(desc(billingCharges.due), desc(billingCharges.created));
export const findCharge = async (db: Executor, id: number, lock = false) => {
  const query = db.select(chargeColumns).from(billingCharges).where(eq(billingCharges.id, id));
  return (await (lock ? query.for('update') : query))[0];
};
export const findChargeByPayment = async (db: Executor, platform: string, paymentId: string, lock = false) => {
  const query = db.select(chargeColumns).from(billingCharges).where(and(eq(billingCharges.platform, platform), eq(billingCharges.providerPaymentId, paymentId)));
  return (await (lock ? query.for('update') : query))[0];
};
export async function insertCharge(db: Executor, row: NewCharge): Promise<ChargeRow> {
  const [inserted] = await db.insert(billingCharges).values({ id: Number(randomId()), ...row }).returning(chargeColumns);
  return inserted!;
}
export async function updateCharge(db: Executor, id: number, set: Partial<typeof billingCharges.$inferInsert>): Promise<void> {
  await db.update(billingCharges).set(set).where(eq(billingCharges.id, id));
}

/** The subscription's unsettled renewal (open, processing, failed, cancelled or expiring), if any. */
export const findPendingRenewal = async (db: Executor, subscriptionId: number, lock = false) => {
  const query = db
    .select(chargeColumns)
    .from(billingCharges)
    .where(and(eq(billingCharges.subscriptionId, subscriptionId), eq(billingCharges.type, 'subscription'), inArray(billingCharges.status, [...PENDING_RENEWAL])));
  return (await (lock ? query.for('update') : query))[0];
};
export const listPendingRenewals = (db: Executor, subscriptionIds: number[]) =>
  subscriptionIds.length
    ? db
        .select(chargeColumns)
        .from(billingCharges)
        .where(and(inArray(billingCharges.subscriptionId, subscriptionIds), eq(billingCharges.type, 'subscription'), inArray(billingCharges.status, [...PENDING_RENEWAL])))
    : Promise.resolve([]);

/** Sum of refunds (as a positive number) made or under way against a charge. */
export async function sumRefunds(db: Executor, parentChargeId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(-${billingCharges.amount}), 0)` })
    .from(billingCharges)
    .where(and(eq(billingCharges.parentChargeId, parentChargeId), eq(billingCharges.type, 'refund'), inArray(billingCharges.status, ['processing', 'succeeded'])));
  return Number(row?.total ?? 0);
}

/** Renewals the job collects now: open and due, or failed with a retry that has come. */
export const listCollectableCharges = (db: Executor, now: Date) =>
  db
    .select({ id: billingCharges.id })
    .from(billingCharges)
    .where(
      and(
        eq(billingCharges.type, 'subscription'),
        or(
          and(eq(billingCharges.status, 'open'), lte(billingCharges.due, now)),
          and(eq(billingCharges.status, 'failed'), isNotNull(billingCharges.nextAttempt), lte(billingCharges.nextAttempt, now)),
        ),
      ),
    )
    .orderBy(asc(billingCharges.due))
    .limit(500);

/** Charges whose collection started before `cutoff` and was never settled. */
export const listStuckProcessingCharges = (db: Executor, cutoff: Date) =>
  db
    .select({ id: billingCharges.id, attempts: billingCharges.attempts, providerPaymentId: billingCharges.providerPaymentId })
    .from(billingCharges)
    .where(and(eq(billingCharges.status, 'processing'), inArray(billingCharges.type, ['subscription', 'proration', 'one-time']), lte(billingCharges.lastAttempt, cutoff)))
    .orderBy(asc(billingCharges.lastAttempt))
    .limit(200);

/** Provisioned subscriptions whose cancelled renewal's period has ended (cancelled, or expiring: see cancel). */
export const listEndedSubscriptions = (db: Executor, now: Date) =>
  db
    .select({ subscriptionId: billingSubscriptions.id })
    .from(billingSubscriptions)
    .innerJoin(billingCharges, and(eq(billingCharges.subscriptionId, billingSubscriptions.id), eq(billingCharges.type, 'subscription')))
    .where(and(eq(billingSubscriptions.status, 'provisioned'), inArray(billingCharges.status, ['cancelled', 'expiring']), lte(billingCharges.due, now)))
    .limit(500);

/** Records a webhook event; false when it was already recorded (a replay). */
export async function recordWebhookEvent(db: Executor, provider: string, eventId: string, type: string): Promise<boolean> {
  const rows = await db.insert(billingWebhookEvents).values({ provider, eventId, type }).onConflictDoNothing().returning({ eventId: billingWebhookEvents.eventId });
  return rows.length > 0;
}

/** These subscriptions, each with the product its price belongs to. */
export const listSubscriptionsWithProduct = (db: Executor, ids: number[]) =>
  ids.length
    ? db
        .select({ subscription: subscriptionColumns, product: productColumns })
        .from(billingSubscriptions)
        .innerJoin(billingPrices, eq(billingPrices.id, billingSubscriptions.priceId))
        .innerJoin(billingProducts, eq(billingProducts.id, billingPrices.productId))
        .where(inArray(billingSubscriptions.id, ids))
    : Promise.resolve([]);

export const findProductOfPrice = async (db: Executor, priceId: number) =>
  (
    await db
      .select({ product: productColumns, price: priceColumns })
      .from(billingPrices)
      .innerJoin(billingProducts, eq(billingProducts.id, billingPrices.productId))
      .where(eq(billingPrices.id, priceId))
  )[0];
