import { encodeBase62 } from '../../lib/ids.js';
import * as repo from './billing.repository.js';
import { requireProvider, settleFailed, settleSucceeded, type CollectionDeps } from './charge-collection.js';

/** A charge still `processing` this long after its attempt is taken as interrupted. */
export const STUCK_PROCESSING_MINUTES = 10;

/**
 * Settles charges left `processing` by a crash between asking the processor and recording its
 * answer (or by a webhook that never came): asks the processor where the attempt stands and
 * settles it as a collection would. Idempotent: each charge is re-checked under its lock, and an
 * attempt the processor never received fails (a renewal is then retried on its usual schedule).
 */
export function createProcessingSweep(deps: CollectionDeps) {
  const { db, clock } = deps;

  return {
    async settleStuckCharges(): Promise<{ settled: number }> {
      const provider = requireProvider(deps.provider);
      const cutoff = new Date(clock().getTime() - STUCK_PROCESSING_MINUTES * 60_000);
      let settled = 0;
      for (const stuck of await repo.listStuckProcessingCharges(db, cutoff)) {
        const payment = await provider.getPayment(
          stuck.providerPaymentId ? { paymentId: stuck.providerPaymentId } : { chargeId: encodeBase62(stuck.id), attempt: String(stuck.attempts) },
        );
        // Still under way at the processor (or waiting for the customer's 3-D-Secure answer).
        if (payment && (payment.status === 'processing' || payment.status === 'requires_action')) continue;
        const done = await db.transaction(async (tx) => {
          const current = await repo.findCharge(tx, stuck.id, true);
          if (current?.status !== 'processing' || current.attempts !== stuck.attempts) return false;
          const now = clock();
          if (!payment) {
            await settleFailed(tx, current, 'payment_interrupted', now, false, deps.mailDelivery);
            return true;
          }
          await repo.updateCharge(tx, current.id, { providerPaymentId: payment.id });
          if (payment.status === 'succeeded') await settleSucceeded(tx, current, now);
          else if (payment.status === 'failed') await settleFailed(tx, current, payment.failureCode, now, true, deps.mailDelivery);
          return true;
        });
        if (done) settled++;
      }
      return { settled };
    },
  };
}
