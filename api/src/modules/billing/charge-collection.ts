import { USER_BADGES } from '@cairn/shared/constants/permissions';
import type { Database, Executor } from '../../db/client.js';
import { ApiError, badRequest, notFound, serviceUnavailable } from '../../lib/errors.js';
import { encodeBase62 } from '../../lib/ids.js';
import type { JobQueue } from '../../lib/jobs/job-types.js';
import { plainMail, recordMail } from '../../lib/mail/mailer.js';
import { notifyUsers } from '../notifications/notifications.port.js';
import { addDays, addInterval, intervalAmount, MAX_RENEWAL_ATTEMPTS, RETRY_DELAYS_DAYS, type Clock } from './billing-time.js';
import * as repo from './billing.repository.js';
import { announceSubscriptionChange, type ServerPurchases } from './server-plans.port.js';
import type { PaymentProvider, ProviderPayment } from './providers/payment-provider.js';
import { ProviderRequestError } from './providers/provider-errors.js';

export interface CollectionDeps {
  db: Database;
  provider: PaymentProvider | undefined;
  clock: Clock;
  /** Creates the server of a server plan purchase and names the servers of plan subscriptions (the servers module, handed over by app.ts). */
  servers?: ServerPurchases;
  /** The job queue when SMTP is configured: billing's mails are delivered by it (recordMail). */
  mailDelivery?: JobQueue | undefined;
}

export function requireProvider(provider: PaymentProvider | undefined): PaymentProvider {
  if (!provider) throw serviceUnavailable('Payments are not configured on this server', 'payments_unavailable');
  return provider;
}

/** Money as people read it in a notification: "4.99 USD" (zero-decimal currencies without cents). */
export function formatAmount(amount: number, currency: string): string {
  const zeroDecimal = ['JPY', 'KRW', 'CLP', 'VND'].includes(currency);
  return `${zeroDecimal ? amount : (amount / 100).toFixed(2)} ${currency}`;
}

/** Turns on what a subscription pays for. */
async function provision(tx: Executor, sub: repo.SubscriptionRow): Promise<void> {
  if (sub.status === 'provisioned') return;
  const found = await repo.findProductOfPrice(tx, sub.priceId);
  await repo.updateSubscription(tx, sub.id, { status: 'provisioned' });
  if (found?.product.metadata.type === 'midas') await repo.setUserBadge(tx, sub.userId, USER_BADGES.PLUS, true);
  // A paid server takes a slot even when the plan sold out meanwhile (stock never goes below 0).
  if (found?.product.metadata.type === 'pyro') {
    await repo.updateProductStock(tx, found.product.id, -1);
    await announceSubscriptionChange(tx, sub.id);
  }
}

/** Turns its perks off (Plus badge; a server plan's slot goes back into stock). */
export async function unprovision(tx: Executor, sub: repo.SubscriptionRow): Promise<void> {
  if (sub.status !== 'provisioned') return;
  const found = await repo.findProductOfPrice(tx, sub.priceId);
  await repo.updateSubscription(tx, sub.id, { status: 'unprovisioned' });
  if (found?.product.metadata.type === 'midas') await repo.setUserBadge(tx, sub.userId, USER_BADGES.PLUS, false);
  if (found?.product.metadata.type === 'pyro') {
    await repo.updateProductStock(tx, found.product.id, 1);
    await announceSubscriptionChange(tx, sub.id);
  }
}

/** A charge was paid: its subscription starts (or continues, or changes plan) and the next renewal is scheduled. */
export async function settleSucceeded(tx: Executor, charge: repo.ChargeRow, now: Date): Promise<void> {
  await repo.updateCharge(tx, charge.id, { status: 'succeeded', nextAttempt: null, failure: null });
  if (charge.subscriptionId === null || (charge.type !== 'subscription' && charge.type !== 'proration')) return;
  const sub = await repo.findSubscription(tx, charge.subscriptionId, true);
  if (!sub) return;
  const interval = charge.subscriptionInterval ?? sub.interval;
  const price = await repo.findPrice(tx, charge.priceId);
  const nextAmount = price ? intervalAmount(price.prices, interval) : undefined;
  if (charge.type === 'subscription') {
    // A renewal continues the period it pays for; a first payment (or one after the perks ended) starts now.
    const periodStart = sub.status === 'provisioned' && charge.due < now ? charge.due : now;
    await repo.insertCharge(tx, {
      userId: charge.userId,
      priceId: charge.priceId,
      amount: nextAmount ?? charge.amount,
      currencyCode: charge.currencyCode,
      status: 'open',
      type: 'subscription',
      due: addInterval(periodStart, interval),
      subscriptionId: sub.id,
      subscriptionInterval: interval,
      platform: charge.platform,
      parentChargeId: null,
    });
  } else {
    // A paid plan or interval change starts a new period now at the new price.
    await repo.updateSubscription(tx, sub.id, { priceId: charge.priceId, interval });
    const pending = await repo.findPendingRenewal(tx, sub.id, true);
    const renewal = { priceId: charge.priceId, amount: nextAmount ?? charge.amount, due: addInterval(now, interval), subscriptionInterval: interval };
    await announceSubscriptionChange(tx, sub.id);
    if (pending) await repo.updateCharge(tx, pending.id, renewal);
    else
      await repo.insertCharge(tx, {
        ...renewal,
        userId: charge.userId,
        currencyCode: charge.currencyCode,
        status: 'open',
        type: 'subscription',
        subscriptionId: sub.id,
        platform: charge.platform,
        parentChargeId: null,
      });
  }
  await provision(tx, sub);
}

/**
 * A charge could not be collected. A renewal of a running subscription keeps its perks while it
 * is retried (RETRY_DELAYS_DAYS); after the last attempt the subscription ends.
 */
export async function settleFailed(tx: Executor, charge: repo.ChargeRow, failure: string, now: Date, offSession: boolean, mailDelivery?: JobQueue): Promise<void> {
  const sub = charge.subscriptionId === null ? undefined : await repo.findSubscription(tx, charge.subscriptionId, true);
  const renewal = charge.type === 'subscription' && sub?.status === 'provisioned';
  const retryDelay = renewal && charge.attempts < MAX_RENEWAL_ATTEMPTS ? RETRY_DELAYS_DAYS[Math.max(charge.attempts - 1, 0)] : undefined;
  await repo.updateCharge(tx, charge.id, { status: 'failed', failure, nextAttempt: retryDelay === undefined ? null : addDays(now, retryDelay) });
  if (!renewal || !sub) return;
  if (retryDelay === undefined) await unprovision(tx, sub);
  if (!offSession) return;
  const found = await repo.findProductOfPrice(tx, charge.priceId);
  const service = found?.product.metadata.type === 'pyro' ? `your ${found.product.metadata.name} server` : 'Cairn Plus';
  const amount = formatAmount(charge.amount, charge.currencyCode);
  await notifyUsers(tx, [charge.userId], { type: 'payment_failed', amount, service });
  const contact = await repo.findUserContact(tx, charge.userId);
  if (contact?.email) {
    const text = `Hello ${contact.username},\n\nWe could not charge ${amount} for ${service} (${failure}).\n${
      retryDelay === undefined ? 'It has now ended.' : `We will try again on ${addDays(now, retryDelay).toISOString().slice(0, 10)}.`
    }\nUpdate your payment method in your billing settings to keep it.\n`;
    await recordMail(tx, plainMail(contact.email, 'payment_failed', 'Your Cairn payment failed', text), mailDelivery);
  }
}

export interface AttemptResult {
  charge: repo.ChargeRow;
  payment: ProviderPayment | null;
}

/**
 * Collects one open or failed charge: marks it `processing` under a row lock (so concurrent calls
 * cannot both charge), asks the provider with a key unique to the attempt (so a retried request
 * cannot charge twice), then settles it. A webhook may settle it first; both paths are idempotent.
 * The processor is asked between two transactions, never inside one. If the process dies after the
 * processor charged and before the settling commit, the charge stays `processing`: the payment's
 * webhook (found by its `charge_id`/`attempt` metadata) or the processing sweep settles it
 * (docs/api/billing.md, "Interrupted payments").
 */
export function createChargeCollector(deps: CollectionDeps) {
  const { db, clock } = deps;

  async function attempt(chargeId: number, options: { offSession: boolean; paymentMethodId?: string }): Promise<AttemptResult> {
    const provider = requireProvider(deps.provider);
    const now = clock();
    const prepared = await db.transaction(async (tx) => {
      const charge = await repo.findCharge(tx, chargeId, true);
      if (!charge) throw notFound('The charge does not exist');
      if (charge.status !== 'open' && charge.status !== 'failed') {
        throw new ApiError(409, 'charge_not_payable', `The charge is ${charge.status}, not open or failed`);
      }
      const customer = await repo.findCustomer(tx, charge.userId);
      const paymentMethodId = options.paymentMethodId ?? customer?.defaultPaymentMethod ?? null;
      const attempts = charge.attempts + 1;
      if (!customer || !paymentMethodId) {
        const failed = { ...charge, attempts, lastAttempt: now };
        await repo.updateCharge(tx, charge.id, { attempts, lastAttempt: now });
        await settleFailed(tx, failed, 'no_payment_method', now, options.offSession, deps.mailDelivery);
        return { charge: failed, customer: undefined, paymentMethodId: null, previous: charge };
      }
      await repo.updateCharge(tx, charge.id, { status: 'processing', attempts, lastAttempt: now, paymentMethodId, nextAttempt: null, failure: null, providerPaymentId: null });
      return { charge: { ...charge, status: 'processing' as const, attempts, lastAttempt: now, paymentMethodId }, customer, paymentMethodId, previous: charge };
    });
    if (!prepared.customer || !prepared.paymentMethodId) return { charge: (await repo.findCharge(db, chargeId))!, payment: null };

    const { charge, customer, paymentMethodId, previous } = prepared;
    let payment: ProviderPayment;
    try {
      payment = await provider.createPayment({
        customerId: customer.customerId,
        paymentMethodId,
        amount: charge.amount,
        currency: charge.currencyCode,
        idempotencyKey: `charge_${encodeBase62(charge.id)}_${charge.attempts}`,
        offSession: options.offSession,
        metadata: { charge_id: encodeBase62(charge.id), attempt: String(charge.attempts) },
      });
    } catch (error) {
      if (error instanceof ProviderRequestError && error.status < 500) {
        await db.transaction(async (tx) => {
          const current = await repo.findCharge(tx, chargeId, true);
          if (current?.status === 'processing' && current.attempts === charge.attempts) await settleFailed(tx, current, error.code, clock(), options.offSession, deps.mailDelivery);
        });
        if (!options.offSession) throw badRequest(`payment_method_id: ${error.message}`, 'invalid_payment_method');
        return { charge: (await repo.findCharge(db, chargeId))!, payment: null };
      }
      // Unreachable provider: put the charge back as it was; the same attempt key is used next time,
      // so if the payment did go through it is not charged again (and its webhook settles it).
      await db.transaction(async (tx) => {
        const current = await repo.findCharge(tx, chargeId, true);
        if (current?.status === 'processing' && current.attempts === charge.attempts) {
          await repo.updateCharge(tx, chargeId, { status: previous.status, attempts: previous.attempts, nextAttempt: previous.nextAttempt, failure: previous.failure });
        }
      });
      throw serviceUnavailable('The payment processor could not be reached; try again shortly', 'payments_unavailable');
    }

    await db.transaction(async (tx) => {
      const current = await repo.findCharge(tx, chargeId, true);
      // Settled by its webhook meanwhile.
      if (!current || current.status !== 'processing' || current.attempts !== charge.attempts) return;
      await repo.updateCharge(tx, chargeId, { providerPaymentId: payment.id });
      if (payment.status === 'succeeded') await settleSucceeded(tx, current, clock());
      else if (payment.status === 'failed') await settleFailed(tx, current, payment.failureCode, clock(), options.offSession, deps.mailDelivery);
    });
    return { charge: (await repo.findCharge(db, chargeId))!, payment };
  }

  return { attempt };
}

export type ChargeCollector = ReturnType<typeof createChargeCollector>;
