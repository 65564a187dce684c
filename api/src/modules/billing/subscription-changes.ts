import type { EditSubscriptionBody, SubscriptionChange } from '@cairn/shared/schemas/billing';
import type { Actor } from '../../lib/actor.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { parseId } from '../../lib/ids.js';
import { seesChargeNet } from '../access/billing.policy.js';
import { mayActForUser } from '../access/user.policy.js';
import { intervalAmount, periodStartFor, prorate } from './billing-time.js';
import * as repo from './billing.repository.js';
import type { BillingCustomers } from './billing-customers.js';
import { toCharge } from './billing.mapper.js';
import { requireProvider, type ChargeCollector, type CollectionDeps } from './charge-collection.js';
import { findPriceFor } from './product-prices.js';
import { announceSubscriptionChange } from './server-plans.port.js';

/**
 * Changes to a running subscription by its owner: its payment method, cancelling or resuming its
 * renewal, and moving to another plan or interval (the difference charged at once, prorated).
 */
export function createSubscriptionChanges(deps: CollectionDeps, customers: BillingCustomers, collector: ChargeCollector) {
  const { db, clock } = deps;
  const provider = () => requireProvider(deps.provider);

  return {
    async editSubscription(actor: Actor, idText: string, body: EditSubscriptionBody, dry: boolean): Promise<SubscriptionChange> {
      const id = parseId(idText);
      const sub = id === undefined ? undefined : await repo.findSubscription(db, id);
      if (!sub || !mayActForUser(actor, sub.userId)) throw notFound('The subscription does not exist');
      const price = await repo.findPrice(db, sub.priceId);
      const nothing: SubscriptionChange = { charge: null, amount_due: 0, currency_code: price?.currencyCode ?? 'USD', payment_intent_id: null, client_secret: null };

      if (body.payment_method !== undefined && !dry) {
        const customer = await customers.ensureCustomer(sub.userId);
        await customers.requireOwnMethod(customer, body.payment_method, 'payment_method');
        await repo.updateDefaultPaymentMethod(db, sub.userId, body.payment_method);
      }

      if (body.cancelled !== undefined) {
        if (dry) return nothing;
        const retry = await db.transaction(async (tx) => {
          const pending = await repo.findPendingRenewal(tx, sub.id, true);
          if (!pending) throw conflict('The subscription has no renewal to change', 'no_pending_renewal');
          if (body.cancelled) {
            // A running period ends at its due date (`expiring`); a failed renewal's period is already over (`cancelled`).
            if (pending.status === 'open') await repo.updateCharge(tx, pending.id, { status: sub.status === 'provisioned' ? 'expiring' : 'cancelled', nextAttempt: null });
            else if (pending.status === 'failed') await repo.updateCharge(tx, pending.id, { status: 'cancelled', nextAttempt: null });
            else if (pending.status === 'processing') throw conflict('The renewal is being charged right now; try again in a moment', 'charge_processing');
            return undefined;
          }
          if (pending.status !== 'cancelled' && pending.status !== 'expiring' && pending.status !== 'failed') return undefined;
          await repo.updateCharge(tx, pending.id, { status: pending.status === 'failed' ? 'failed' : 'open' });
          // Re-opened after its period ended (or still failed): charge it now rather than wait.
          return pending.status === 'failed' || pending.due <= clock() || sub.status !== 'provisioned' ? pending.id : undefined;
        });
        if (retry !== undefined) {
          const result = await collector.attempt(retry, { offSession: false, paymentMethodId: body.payment_method });
          return { ...nothing, charge: toCharge(result.charge, seesChargeNet(actor)), amount_due: result.charge.amount, payment_intent_id: result.payment?.id ?? null, client_secret: result.payment?.status === 'requires_action' ? result.payment.clientSecret : null };
        }
        return nothing;
      }

      if (body.interval === undefined && body.product === undefined) return nothing;
      const pending = await repo.findPendingRenewal(db, sub.id);
      if (sub.status !== 'provisioned' || !pending || pending.status === 'cancelled' || pending.status === 'expiring') {
        throw badRequest('interval: only a running, not cancelled subscription can change plan or interval', 'subscription_not_active');
      }
      const current = await repo.findProductOfPrice(db, sub.priceId);
      let newPrice = current!.price;
      if (body.product !== undefined) {
        const productId = parseId(body.product);
        const product = productId === undefined ? undefined : await repo.findProduct(db, productId);
        if (!product || product.metadata.type !== current!.product.metadata.type || product.unitary) throw badRequest('product: not a plan this subscription can move to');
        if (product.metadata.type === 'pyro' && product.id !== current!.product.id) {
          // Spec §5: server upgrades are blocked when the plan is out of stock (or the node has no room).
          if (product.metadata.stock <= 0) throw badRequest('product: this plan is out of stock, so the server cannot be upgraded to it', 'out_of_stock');
          await deps.servers?.checkPlanChange(db, { subscriptionId: sub.id, ram: product.metadata.ram });
        }
        newPrice = await findPriceFor(db, product.id, current!.price.currencyCode);
      }
      const interval = body.interval ?? sub.interval;
      const newAmount = intervalAmount(newPrice.prices, interval);
      if (newAmount === undefined) throw badRequest(`interval: the plan is not sold ${interval}`);
      const now = clock();
      const amountDue = prorate({ oldAmount: pending.amount, newAmount, periodStart: periodStartFor(pending.due, sub.interval), periodEnd: pending.due, now });
      const preview: SubscriptionChange = { charge: null, amount_due: amountDue, currency_code: newPrice.currencyCode, payment_intent_id: null, client_secret: null };
      if (dry) return preview;
      if (amountDue === 0) {
        // A cheaper plan or shorter interval: nothing is refunded, the next renewal charges the new price.
        await db.transaction(async (tx) => {
          await repo.updateSubscription(tx, sub.id, { priceId: newPrice.id, interval });
          await repo.updateCharge(tx, pending.id, { priceId: newPrice.id, amount: newAmount, subscriptionInterval: interval });
          await announceSubscriptionChange(tx, sub.id);
        });
        return preview;
      }
      const proration = await repo.insertCharge(db, {
        userId: sub.userId,
        priceId: newPrice.id,
        amount: amountDue,
        currencyCode: newPrice.currencyCode,
        status: 'open',
        type: 'proration',
        due: now,
        subscriptionId: sub.id,
        subscriptionInterval: interval,
        platform: provider().name,
        parentChargeId: null,
      });
      const result = await collector.attempt(proration.id, { offSession: false, paymentMethodId: body.payment_method });
      if (result.charge.status === 'failed') throw badRequest(`payment_method: the change was not paid (${result.charge.failure ?? 'declined'})`, 'payment_failed');
      return {
        ...preview,
        charge: toCharge(result.charge, seesChargeNet(actor)),
        payment_intent_id: result.payment?.id ?? null,
        client_secret: result.payment?.status === 'requires_action' ? result.payment.clientSecret : null,
      };
    },
  };
}
