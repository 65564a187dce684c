import type { Database } from '../../db/client.js';
import { notifyUsers } from '../notifications/notifications.port.js';
import * as repo from './payouts.repository.js';

/**
 * Sends one `payout_available` notification per user and release date for credits whose
 * holding period has ended, marking them in the same transaction so each is announced once.
 */
export async function announceAvailableCredits(db: Database, now = new Date(), batch = 5000): Promise<number> {
  return db.transaction(async (tx) => {
    const credits = await repo.listNewlyAvailableCredits(tx, now, batch);
    const groups = new Map<string, { userId: number; availableAt: Date; cents: number }>();
    for (const credit of credits) {
      if (credit.userId === null) continue;
      const key = `${credit.userId}:${credit.availableAt.toISOString()}`;
      const group = groups.get(key) ?? { userId: credit.userId, availableAt: credit.availableAt, cents: 0 };
      group.cents += credit.amountCents;
      groups.set(key, group);
    }
    for (const group of groups.values()) {
      await notifyUsers(tx, [group.userId], { type: 'payout_available', amount: group.cents, date_available: group.availableAt.toISOString() });
    }
    await repo.markCreditsNotified(tx, credits.map((c) => c.id));
    return groups.size;
  });
}
