import type { BillingInterval, PaymentResult } from '@cairn/shared/schemas/billing';
import type { CreatePaymentBody } from '@cairn/shared/schemas/billing-requests';
import type { NewServerOptions } from '@cairn/shared/schemas/servers';
import { AdvisoryLockTimeoutError, withAdvisoryLock } from '../../db/advisory-lock.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, conflict, notFound, serviceUnavailable } from '../../lib/errors.js';
import { encodeBase62, parseId } from '../../lib/ids.js';
import { mayActForUser } from '../access/user.policy.js';
import { intervalAmount } from './billing-time.js';
import * as repo from './billing.repository.js';
import type { BillingCustomers } from './billing-customers.js';
import { requireProvider, type AttemptResult, type ChargeCollector, type CollectionDeps } from './charge-collection.js';
import { findPriceFor } from './product-prices.js';

/** How long a purchase of a server plan waits for another purchase of the same plan to be paid. */
const STOCK_LOCK_TIMEOUT_MS = 10_000;

function toResult(result: AttemptResult): PaymentResult {
  const { charge, payment } = result;
  return {
    charge_id: encodeBase62(charge.id),
    payment_intent_id: payment?.id ?? charge.providerPaymentId ?? '',
    status: payment ? payment.status : charge.status === 'succeeded' ? 'succeeded' : 'failed',
    client_secret: payment?.status === 'requires_action' ? payment.clientSecret : null,
    price_id: encodeBase62(charge.priceId),
    total: charge.amount,
    currency_code: charge.currencyCode,
    failure: payment?.status === 'failed' ? payment.failureCode : payment ? null : charge.failure,
  };
}

/**
 * Paying: a new subscription (Cairn Plus or a server plan) or an existing charge.
 *
 * No call to the processor happens inside a database transaction. A purchase is: one short
 * transaction that opens the subscription and its first charge (or finds one), then the charge
 * collector's own steps — claim the charge (`processing`, committed), ask the processor, settle
 * in a new transaction. A crash between the processor's answer and the settling commit leaves the
 * charge `processing` with the attempt's `charge_id` and `attempt` in the payment's metadata: the
 * processor's webhook settles it, or else the `billing.processing-sweep` job does after
 * STUCK_PROCESSING_MINUTES by asking the processor (docs/api/billing.md, "Interrupted payments").
 */
export function createPurchases(deps: CollectionDeps, customers: BillingCustomers, collector: ChargeCollector) {
  const { db, clock } = deps;
  const provider = () => requireProvider(deps.provider);

  /**
   * A new subscription, unprovisioned until its first charge (returned, open and due now) is paid.
   *
   * The same purchase sent twice at once charges once: the two are serialized by the user's
   * transaction lock, so the second sees the first's subscription and charge. It reads the
   * subscriptions under row locks, and every change of a subscription's status locks its row, so
   * it never sees a settle half-way (a subscription still unprovisioned beside its next renewal
   * already open, which it would have taken for an unpaid purchase and charged). It therefore
   * finds the subscription provisioned or its charge processing (409 already_subscribed), or the
   * charge still open, which it then pays itself: the collector's claim takes that charge's row
   * lock, so only one of the two attempts it (409 charge_not_payable for the other).
   */
  async function openSubscription(actor: Actor, product: repo.ProductRow, price: repo.PriceRow, interval: BillingInterval, amount: number, server?: NewServerOptions): Promise<number> {
    return db.transaction(async (tx) => {
      await repo.lockUser(tx, actor.userId);
      if (product.unitary) {
        const existing = await repo.listSubscriptionsOnProduct(tx, actor.userId, product.id, true);
        const pending = await repo.listPendingRenewals(tx, existing.map((e) => e.subscription.id));
        const held = existing.some(({ subscription: s }) => s.status === 'provisioned' || pending.some((c) => c.subscriptionId === s.id && c.status === 'processing'));
        if (held) throw conflict('You already have this subscription', 'already_subscribed');
        // The same plan bought a moment ago and not charged yet (the other of two requests sent at
        // once, or an attempt cut short): this purchase pays that charge instead of opening a second
        // subscription, and whichever attempt comes second finds it no longer payable.
        const unpaid = pending.find(
          (c) =>
            c.status === 'open' &&
            c.priceId === price.id &&
            c.subscriptionInterval === interval &&
            existing.some(({ subscription: s }) => s.id === c.subscriptionId && s.status === 'unprovisioned'),
        );
        if (unpaid && !server) return unpaid.id;
      }
      const sub = await repo.insertSubscription(tx, { userId: actor.userId, priceId: price.id, interval, status: 'unprovisioned', metadata: null });
      if (server && deps.servers) {
        const serverId = await deps.servers.create(tx, { userId: actor.userId, subscriptionId: sub.id, options: server });
        await repo.updateSubscription(tx, sub.id, { metadata: { type: 'pyro', id: serverId } });
      }
      const charge = await repo.insertCharge(tx, {
        userId: actor.userId,
        priceId: price.id,
        amount,
        currencyCode: price.currencyCode,
        status: 'open',
        type: 'subscription',
        due: clock(),
        subscriptionId: sub.id,
        subscriptionInterval: interval,
        platform: provider().name,
        parentChargeId: null,
      });
      return charge.id;
    });
  }

  /**
   * Purchases of one server plan are serialized until the payment has provisioned (and so taken
   * its unit of stock): of two buyers of the last unit, the second finds it sold out. The lock is
   * held across the processor call, so it is a session-level lock on a connection of its own,
   * never a transaction (see withAdvisoryLock).
   */
  async function withPlanStock<T>(productId: number, fn: () => Promise<T>): Promise<T> {
    try {
      return await withAdvisoryLock(db, `billing-stock:${productId}`, { timeoutMs: STOCK_LOCK_TIMEOUT_MS }, async () => {
        const current = await repo.findProduct(db, productId);
        if (current?.metadata.type !== 'pyro' || current.metadata.stock <= 0) throw badRequest('charge.product_id: this plan is out of stock', 'out_of_stock');
        return fn();
      });
    } catch (error) {
      if (error instanceof AdvisoryLockTimeoutError) throw conflict('Another purchase of this plan is being paid; try again in a moment', 'purchase_in_progress');
      throw error;
    }
  }

  return {
    async createPayment(actor: Actor, body: CreatePaymentBody): Promise<PaymentResult> {
      const customer = await customers.ensureCustomer(actor.userId);
      await customers.requireOwnMethod(customer, body.payment_method_id, 'payment_method_id');
      if (customer.defaultPaymentMethod === null) await repo.updateDefaultPaymentMethod(db, actor.userId, body.payment_method_id, true);
      const pay = async (chargeId: number) => toResult(await collector.attempt(chargeId, { offSession: false, paymentMethodId: body.payment_method_id }));

      if (body.charge.type === 'existing') {
        const chargeId = parseId(body.charge.id);
        const charge = chargeId === undefined ? undefined : await repo.findCharge(db, chargeId);
        if (!charge || !mayActForUser(actor, charge.userId)) throw notFound('The charge does not exist');
        if (charge.type === 'refund') throw badRequest('charge.id: a refund cannot be paid');
        return pay(charge.id);
      }

      const order = body.charge;
      const productId = parseId(order.product_id);
      const product = productId === undefined ? undefined : await repo.findProduct(db, productId);
      if (!product) throw badRequest('charge.product_id: no such product');
      const price = await findPriceFor(db, product.id, order.currency ?? 'USD');
      const interval = order.interval ?? 'monthly';
      const amount = intervalAmount(price.prices, interval);
      if (amount === undefined) throw badRequest(`charge.interval: the product is not sold ${interval}`);
      const serverOptions = order.server;
      if (product.metadata.type === 'pyro' && !serverOptions) throw badRequest('charge.server: required for a server plan (name, optional game_version)');
      if (product.metadata.type !== 'pyro' && serverOptions) throw badRequest('charge.server: only server plans take server options');
      if (serverOptions && !deps.servers) throw serviceUnavailable('Game servers are not available on this instance', 'servers_unavailable');
      if (product.metadata.type !== 'pyro') return pay(await openSubscription(actor, product, price, interval, amount));
      return withPlanStock(product.id, async () => pay(await openSubscription(actor, product, price, interval, amount, serverOptions)));
    },
  };
}
