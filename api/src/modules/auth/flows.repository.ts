import { and, eq, gt, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { authFlows } from '../../db/schema/auth.js';
import { hashToken, randomBase62 } from '../../lib/tokens.js';

/**
 * Short-lived, single-use flows. The id handed to the user is a random secret; the table keeps
 * only its hash (like tokens), so a database leak does not leak live reset links.
 */
export type FlowKind = 'verify_email' | 'reset_password' | 'login_2fa' | 'totp_setup' | 'provider_signin';

export interface FlowRow {
  userId: number | null;
  data: Record<string, unknown>;
  expires: Date;
}

const storedId = (flowId: string) => `${hashToken(`flow:${flowId}`)}`;

/** Creates a flow and returns its id (the secret). */
export async function insertFlow(db: Executor, flow: { kind: FlowKind; userId: number | null; data?: Record<string, unknown>; lifetimeMs: number }): Promise<string> {
  const flowId = randomBase62(32);
  await db.insert(authFlows).values({
    id: storedId(flowId),
    kind: flow.kind,
    userId: flow.userId,
    data: flow.data ?? {},
    expires: new Date(Date.now() + flow.lifetimeMs),
  });
  return flowId;
}

/** A flow of this kind that has not expired. */
export async function findLiveFlow(db: Executor, flowId: string, kind: FlowKind): Promise<FlowRow | undefined> {
  const rows = await db
    .select({ userId: authFlows.userId, data: authFlows.data, expires: authFlows.expires })
    .from(authFlows)
    .where(and(eq(authFlows.id, storedId(flowId)), eq(authFlows.kind, kind), gt(authFlows.expires, new Date())))
    .limit(1);
  return rows[0];
}

/**
 * Uses up a live flow: deletes and returns it in one statement, so concurrent requests cannot
 * both use it.
 */
export async function consumeFlow(db: Executor, flowId: string, kind: FlowKind): Promise<FlowRow | undefined> {
  const rows = await db
    .delete(authFlows)
    .where(and(eq(authFlows.id, storedId(flowId)), eq(authFlows.kind, kind), gt(authFlows.expires, new Date())))
    .returning({ userId: authFlows.userId, data: authFlows.data, expires: authFlows.expires });
  return rows[0];
}

export async function updateFlowData(db: Executor, flowId: string, data: Record<string, unknown>): Promise<void> {
  await db.update(authFlows).set({ data }).where(eq(authFlows.id, storedId(flowId)));
}

export async function deleteFlow(db: Executor, flowId: string): Promise<void> {
  await db.delete(authFlows).where(eq(authFlows.id, storedId(flowId)));
}

/** Drops a user's earlier flows of a kind (a new verification link replaces the old ones). */
export async function deleteUserFlows(db: Executor, userId: number, kind: FlowKind): Promise<void> {
  await db.delete(authFlows).where(and(eq(authFlows.userId, userId), eq(authFlows.kind, kind)));
}

export async function deleteExpiredFlows(db: Executor, now = new Date()): Promise<number> {
  const rows = await db.delete(authFlows).where(lt(authFlows.expires, now)).returning({ id: authFlows.id });
  return rows.length;
}
