import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { payoutAccounts } from '../../db/schema/payouts.js';
import { users } from '../../db/schema/users.js';

export interface PayoutAccountsRow {
  email: string | null;
  emailVerified: boolean;
  paypalEmail: string | null;
  venmoHandle: string | null;
}

/** The user's payout accounts and account email (undefined when the user does not exist). */
export async function findPayoutAccounts(db: Executor, userId: number): Promise<PayoutAccountsRow | undefined> {
  const [row] = await db
    .select({ email: users.email, emailVerified: users.emailVerified, paypalEmail: payoutAccounts.paypalEmail, venmoHandle: payoutAccounts.venmoHandle })
    .from(users)
    .leftJoin(payoutAccounts, eq(payoutAccounts.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

/** Sets the given fields (null clears one); fields left undefined keep their value. */
export async function upsertPayoutAccounts(db: Executor, userId: number, patch: { paypalEmail?: string | null; venmoHandle?: string | null }): Promise<void> {
  await db
    .insert(payoutAccounts)
    .values({ userId, ...patch })
    .onConflictDoUpdate({ target: payoutAccounts.userId, set: { ...patch, updated: sql`now()` } });
}
