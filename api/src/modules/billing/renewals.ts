import * as repo from './billing.repository.js';
import { createChargeCollector, unprovision, type CollectionDeps } from './charge-collection.js';

/**
 * The scheduled side of billing (run by the `billing.renewals` job): charges due renewals and due
 * retries off-session, and ends subscriptions whose cancelled period is over.
 */
export function createRenewals(deps: CollectionDeps) {
  const { db, clock } = deps;
  const collector = createChargeCollector(deps);

  return {
    async collectDueCharges(): Promise<{ attempted: number }> {
      const due = await repo.listCollectableCharges(db, clock());
      let attempted = 0;
      for (const { id } of due) {
        try {
          await collector.attempt(id, { offSession: true });
          attempted++;
        } catch {
          // Taken by a concurrent run, or the processor is unreachable: the next run tries again.
        }
      }
      return { attempted };
    },

    async endCancelledSubscriptions(): Promise<{ ended: number }> {
      const ended = await repo.listEndedSubscriptions(db, clock());
      for (const { subscriptionId } of ended) {
        await db.transaction(async (tx) => {
          const sub = await repo.findSubscription(tx, subscriptionId, true);
          const pending = sub && (await repo.findPendingRenewal(tx, sub.id, true));
          // Re-checked under the lock: a resubscribe may have re-opened it meanwhile.
          if (!sub || !pending || (pending.status !== 'cancelled' && pending.status !== 'expiring') || pending.due > clock()) return;
          await unprovision(tx, sub);
          // The period is over: an expiring renewal is now simply cancelled.
          if (pending.status === 'expiring') await repo.updateCharge(tx, pending.id, { status: 'cancelled' });
        });
      }
      return { ended: ended.length };
    },
  };
}
