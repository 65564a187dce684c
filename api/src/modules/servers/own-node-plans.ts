import type { Executor } from '../../db/client.js';
import { findServerSubscription, findServerSubscriptions, type ServerSubscription } from '../billing/server-plans.port.js';

/** The plan name a server on its owner's own node shows: no product, its limits are the ones set at creation. */
export const OWN_NODE_PLAN_NAME = 'Own node';

type PlanSource = { subscriptionId: number | null; ownerId: number; memoryMib: number | null; cpuPercent: number | null; storageMib: number | null };

/**
 * What stands in for a subscription on a server of an own node: always provisioned (nothing to
 * pay), with the limits the owner gave it as its "plan", so limits, backups and schedules read
 * the same everywhere.
 */
export function ownNodeSubscription(server: PlanSource): ServerSubscription {
  return {
    userId: server.ownerId,
    status: 'provisioned',
    plan: { productId: 0, name: OWN_NODE_PLAN_NAME, cpu: (server.cpuPercent ?? 100) / 100, ram: server.memoryMib ?? 0, swap: 0, storage: server.storageMib ?? 0 },
    endedBy: 'cancelled',
  };
}

/** The server's subscription (billing's), or the own-node stand-in when it has none. */
export async function subscriptionOf(db: Executor, server: PlanSource): Promise<ServerSubscription | undefined> {
  return server.subscriptionId === null ? ownNodeSubscription(server) : findServerSubscription(db, server.subscriptionId);
}

/** The same for many servers, keyed by server id. */
export async function subscriptionsOf<S extends PlanSource & { id: string }>(db: Executor, rows: S[]): Promise<Map<string, ServerSubscription | undefined>> {
  const paid = await findServerSubscriptions(db, rows.flatMap((row) => (row.subscriptionId === null ? [] : [row.subscriptionId])));
  return new Map(rows.map((row) => [row.id, row.subscriptionId === null ? ownNodeSubscription(row) : paid.get(row.subscriptionId)]));
}
