import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { serverAllocations, servers } from '../../db/schema/servers.js';

export type AllocationRow = typeof serverAllocations.$inferSelect;

/** The server's extra ports, oldest first. */
export const listAllocations = (db: Executor, serverId: string): Promise<Pick<AllocationRow, 'port' | 'name'>[]> =>
  db.select({ port: serverAllocations.port, name: serverAllocations.name }).from(serverAllocations).where(eq(serverAllocations.serverId, serverId)).orderBy(asc(serverAllocations.created), asc(serverAllocations.port));

export async function insertAllocation(db: Executor, row: typeof serverAllocations.$inferInsert): Promise<void> {
  await db.insert(serverAllocations).values(row);
}

export async function updateAllocationName(db: Executor, serverId: string, port: number, name: string): Promise<boolean> {
  const updated = await db
    .update(serverAllocations)
    .set({ name })
    .where(and(eq(serverAllocations.serverId, serverId), eq(serverAllocations.port, port)))
    .returning({ port: serverAllocations.port });
  return updated.length > 0;
}

export async function deleteAllocation(db: Executor, serverId: string, port: number): Promise<boolean> {
  const deleted = await db
    .delete(serverAllocations)
    .where(and(eq(serverAllocations.serverId, serverId), eq(serverAllocations.port, port)))
    .returning({ port: serverAllocations.port });
  return deleted.length > 0;
}

export async function deleteAllocationsOfServer(db: Executor, serverId: string): Promise<void> {
  await db.delete(serverAllocations).where(eq(serverAllocations.serverId, serverId));
}

/** Serializes port hand-outs on one node for the rest of the transaction. */
export async function lockNodePorts(tx: Executor, nodeId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`server-ports:${nodeId}`}, 0))`);
}

export const findServerBySubdomain = async (db: Executor, subdomain: string) =>
  (await db.select({ id: servers.id }).from(servers).where(and(eq(servers.subdomain, subdomain), isNull(servers.deleted))))[0];
