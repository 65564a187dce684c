import type { CreditBody } from '@cairn/shared/schemas/billing';
import type { RefundBody } from '@cairn/shared/schemas/billing-requests';
import { badRequest, notFound } from '../../lib/errors.js';
import { encodeBase62, parseId } from '../../lib/ids.js';
import { plainMail, recordMail } from '../../lib/mail/mailer.js';
import { notifyUsers } from '../notifications/notifications.port.js';
import { addDays } from './billing-time.js';
import * as repo from './billing.repository.js';
import { requireProvider, unprovision, type CollectionDeps } from './charge-collection.js';
import { ProviderRequestError } from './providers/provider-errors.js';

/** Staff actions (the routes require an admin): refunds and credits. */
export function createBillingAdminService(deps: CollectionDeps) {
  const { db, clock } = deps;

  async function endSubscription(subscriptionId: number): Promise<void> {
    await db.transaction(async (tx) => {
      const sub = await repo.findSubscription(tx, subscriptionId, true);
      if (!sub) return;
      const pending = await repo.findPendingRenewal(tx, sub.id, true);
      if (pending && (pending.status === 'open' || pending.status === 'failed' || pending.status === 'expiring')) await repo.updateCharge(tx, pending.id, { status: 'cancelled', nextAttempt: null });
      await unprovision(tx, sub);
    });
  }

  return {
    /**
     * Refunds all or part of a succeeded charge (or nothing, to only end the subscription). The
     * refund row is written first, under a lock on the charge, so concurrent refunds can never
     * exceed what was paid; the provider's idempotency key is the refund row's id.
     */
    async refundCharge(idText: string, body: RefundBody): Promise<void> {
      const id = parseId(idText);
      const amountSpec = body.amount;
      const prepared = await db.transaction(async (tx) => {
        const charge = id === undefined ? undefined : await repo.findCharge(tx, id, true);
        if (!charge) throw notFound('The charge does not exist');
        if (charge.type === 'refund') throw badRequest('id: a refund cannot be refunded');
        if (amountSpec.type === 'none') return { charge, refund: undefined };
        if (charge.status !== 'succeeded' || !charge.providerPaymentId) throw badRequest('id: only a succeeded charge can be refunded', 'charge_not_refundable');
        const refundable = charge.amount - (await repo.sumRefunds(tx, charge.id));
        const amount = amountSpec.type === 'full' ? refundable : amountSpec.amount;
        if (amount <= 0) throw badRequest('amount: the charge is already fully refunded', 'charge_not_refundable');
        if (amount > refundable) throw badRequest(`amount.amount: at most ${refundable} can still be refunded`);
        const refund = await repo.insertCharge(tx, {
          userId: charge.userId,
          priceId: charge.priceId,
          amount: -amount,
          currencyCode: charge.currencyCode,
          status: 'processing',
          type: 'refund',
          due: clock(),
          lastAttempt: clock(),
          attempts: 1,
          subscriptionId: charge.subscriptionId,
          subscriptionInterval: charge.subscriptionInterval,
          platform: charge.platform,
          parentChargeId: charge.id,
        });
        return { charge, refund };
      });
      const { charge, refund } = prepared;
      if (refund) {
        try {
          const result = await requireProvider(deps.provider).refund({ paymentId: charge.providerPaymentId!, amount: -refund.amount, idempotencyKey: `refund_${encodeBase62(refund.id)}` });
          await repo.updateCharge(db, refund.id, { status: result.status === 'failed' ? 'failed' : 'succeeded', providerPaymentId: result.id });
        } catch (error) {
          await repo.updateCharge(db, refund.id, { status: 'failed', failure: error instanceof ProviderRequestError ? error.code : 'provider_unreachable' });
          if (error instanceof ProviderRequestError) throw badRequest(`amount: the processor refused the refund (${error.message})`, 'refund_failed');
          throw error;
        }
      }
      if (body.unprovision && charge.subscriptionId !== null) await endSubscription(charge.subscriptionId);
    },

    /** Pushes each subscription's next charge back by `days` and tells its owner. */
    async creditSubscriptions(body: CreditBody): Promise<void> {
      const days = body.days;
      const ids = body.subscription_ids.map((text, index) => {
        const id = parseId(text);
        if (id === undefined) throw badRequest(`subscription_ids.${index}: not a valid id`);
        return id;
      });
      await db.transaction(async (tx) => {
        for (const [index, id] of ids.entries()) {
          const sub = await repo.findSubscription(tx, id, true);
          const pending = sub && (await repo.findPendingRenewal(tx, sub.id, true));
          if (!sub || !pending) throw badRequest(`subscription_ids.${index}: no subscription with a next charge`);
          const nextDue = addDays(pending.due, days);
          await repo.updateCharge(tx, pending.id, { due: nextDue, ...(pending.nextAttempt ? { nextAttempt: addDays(pending.nextAttempt, days) } : {}) });
          const notice = {
            type: 'subscription_credited' as const,
            subscription_id: encodeBase62(sub.id),
            days,
            previous_due: pending.due.toISOString(),
            next_due: nextDue.toISOString(),
            header_message: body.message ?? null,
          };
          await notifyUsers(tx, [sub.userId], notice);
          const contact = await repo.findUserContact(tx, sub.userId);
          if ((body.send_email ?? true) && contact?.email) {
            const text = `Hello ${contact.username},\n\n${body.message ? `${body.message}\n\n` : ''}We added ${days} days to your subscription: your next charge is now due on ${nextDue.toISOString().slice(0, 10)}.\n`;
            await recordMail(tx, plainMail(contact.email, 'subscription_credited', 'Your Cairn subscription was credited', text), deps.mailDelivery);
          }
        }
      });
    },
  };
}

export type BillingAdminService = ReturnType<typeof createBillingAdminService>;
