import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { serverAllocations, serverBackups, serverNodes, servers } from '../../db/schema/servers.js';

export type NodeRow = typeof serverNodes.$inferSelect;
export type ServerRow = typeof servers.$inferSelect;
export type BackupMetaRow = typeof serverBackups.$inferSelect;

const nodeColumns = {
  id: serverNodes.id,
  name: serverNodes.name,
  url: serverNodes.url,
  publicUrl: serverNodes.publicUrl,
  gameHost: serverNodes.gameHost,
  token: serverNodes.token,
  cpuCores: serverNodes.cpuCores,
  memoryMib: serverNodes.memoryMib,
  memoryLimitMib: serverNodes.memoryLimitMib,
  healthy: serverNodes.healthy,
  lastSeen: serverNodes.lastSeen,
  created: serverNodes.created,
  ownerId: serverNodes.ownerId,
  maxServers: serverNodes.maxServers,
  tunnelCredentialHash: serverNodes.tunnelCredentialHash,
};

/** What a server's wire shape shows of its node: the name and the addresses (never the token). */
const nodeLabelColumns = { id: serverNodes.id, name: serverNodes.name, url: serverNodes.url, publicUrl: serverNodes.publicUrl, gameHost: serverNodes.gameHost };
export type NodeLabelRow = Pick<NodeRow, keyof typeof nodeLabelColumns>;

const serverColumns = {
  id: servers.id,
  ownerId: servers.ownerId,
  subscriptionId: servers.subscriptionId,
  name: servers.name,
  nodeId: servers.nodeId,
  port: servers.port,
  memoryMib: servers.memoryMib,
  cpuPercent: servers.cpuPercent,
  storageMib: servers.storageMib,
  runtime: servers.runtime,
  loader: servers.loader,
  gameVersion: servers.gameVersion,
  status: servers.status,
  suspensionReason: servers.suspensionReason,
  created: servers.created,
  deleteAfter: servers.deleteAfter,
  deleted: servers.deleted,
  subdomain: servers.subdomain,
  jar: servers.jar,
  invocation: servers.invocation,
  javaVersion: servers.javaVersion,
  autoRestart: servers.autoRestart,
};

/** The columns a server's wire shape (GET /servers) is made from. */
const serverListColumns = {
  id: servers.id,
  ownerId: servers.ownerId,
  subscriptionId: servers.subscriptionId,
  name: servers.name,
  nodeId: servers.nodeId,
  port: servers.port,
  loader: servers.loader,
  gameVersion: servers.gameVersion,
  status: servers.status,
  suspensionReason: servers.suspensionReason,
  created: servers.created,
  subdomain: servers.subdomain,
  memoryMib: servers.memoryMib,
  cpuPercent: servers.cpuPercent,
  storageMib: servers.storageMib,
};
export type ServerListRow = Pick<ServerRow, keyof typeof serverListColumns>;

const backupMetaColumns = {
  serverId: serverBackups.serverId,
  backupId: serverBackups.backupId,
  automated: serverBackups.automated,
  locked: serverBackups.locked,
  name: serverBackups.name,
  created: serverBackups.created,
};

export const listNodes = (db: Executor): Promise<NodeRow[]> => db.select(nodeColumns).from(serverNodes).orderBy(asc(serverNodes.created));
export const findNode = async (db: Executor, id: number): Promise<NodeRow | undefined> => (await db.select(nodeColumns).from(serverNodes).where(eq(serverNodes.id, id)))[0];

/** The nodes these servers are on, in one query. */
export const listNodeLabels = (db: Executor, ids: number[]): Promise<NodeLabelRow[]> =>
  ids.length ? db.select(nodeLabelColumns).from(serverNodes).where(inArray(serverNodes.id, ids)) : Promise.resolve([]);

/**
 * Inserts the node, or updates the one with the same token (an agent that came back on another
 * address, like the local one on a new port) or the same URL: registration is repeatable.
 */
export async function upsertNode(db: Executor, row: typeof serverNodes.$inferInsert): Promise<NodeRow> {
  const { id: _id, ...update } = row;
  const [sameToken] = await db.update(serverNodes).set(update).where(eq(serverNodes.token, row.token)).returning(nodeColumns);
  if (sameToken) return sameToken;
  const [saved] = await db.insert(serverNodes).values(row).onConflictDoUpdate({ target: serverNodes.url, set: update }).returning(nodeColumns);
  return saved!;
}

export async function updateNode(db: Executor, id: number, set: Partial<typeof serverNodes.$inferInsert>): Promise<void> {
  await db.update(serverNodes).set(set).where(eq(serverNodes.id, id));
}

/** Memory given to the servers placed on each node (not deleted). */
export async function allocatedMemoryByNode(db: Executor): Promise<Map<number, number>> {
  const rows = await db
    .select({ nodeId: servers.nodeId, memory: sql<string>`coalesce(sum(${servers.memoryMib}), 0)` })
    .from(servers)
    .where(and(sql`${servers.nodeId} is not null`, isNull(servers.deleted)))
    .groupBy(servers.nodeId);
  return new Map(rows.map((r) => [r.nodeId!, Number(r.memory)]));
}

/** Primary ports of the node's servers and their extra allocations. */
export const usedPorts = async (db: Executor, nodeId: number) => [
  ...(await db.select({ port: servers.port }).from(servers).where(and(eq(servers.nodeId, nodeId), isNull(servers.deleted)))).map((r) => r.port!),
  ...(await db.select({ port: serverAllocations.port }).from(serverAllocations).where(eq(serverAllocations.nodeId, nodeId))).map((r) => r.port),
];

export async function insertServer(db: Executor, row: typeof servers.$inferInsert): Promise<void> {
  await db.insert(servers).values(row);
}

export const findServer = async (db: Executor, id: string, lock = false): Promise<ServerRow | undefined> => {
  const query = db.select(serverColumns).from(servers).where(and(eq(servers.id, id), isNull(servers.deleted)));
  return (await (lock ? query.for('update') : query))[0];
};

export const findServerOfSubscription = async (db: Executor, subscriptionId: number): Promise<ServerRow | undefined> =>
  (await db.select(serverColumns).from(servers).where(eq(servers.subscriptionId, subscriptionId)))[0];

/** The servers (not deleted) of these subscriptions. */
export const listServersOfSubscriptions = (db: Executor, subscriptionIds: number[]) =>
  db.select({ id: servers.id, name: servers.name, subscriptionId: sql<number>`${servers.subscriptionId}`.mapWith(Number), status: servers.status, nodeId: servers.nodeId }).from(servers).where(and(isNull(servers.deleted), inArray(servers.subscriptionId, subscriptionIds)));

export const listServers = (db: Executor, ownerId?: number): Promise<ServerListRow[]> =>
  db
    .select(serverListColumns)
    .from(servers)
    .where(and(isNull(servers.deleted), ownerId === undefined ? undefined : eq(servers.ownerId, ownerId)))
    .orderBy(asc(servers.created));

/** These servers (not deleted): the ones shared with a member. */
export const listServersByIds = (db: Executor, ids: string[]): Promise<ServerListRow[]> =>
  ids.length ? db.select(serverListColumns).from(servers).where(and(isNull(servers.deleted), inArray(servers.id, ids))).orderBy(asc(servers.created)) : Promise.resolve([]);

export async function updateServer(db: Executor, id: string, set: Partial<typeof servers.$inferInsert>): Promise<void> {
  await db.update(servers).set(set).where(eq(servers.id, id));
}

export const listBackupMeta = (db: Executor, serverId: string): Promise<BackupMetaRow[]> => db.select(backupMetaColumns).from(serverBackups).where(eq(serverBackups.serverId, serverId));

export async function upsertBackupMeta(db: Executor, row: typeof serverBackups.$inferInsert): Promise<void> {
  const { serverId: _s, backupId: _b, ...update } = row;
  await db
    .insert(serverBackups)
    .values(row)
    .onConflictDoUpdate({ target: [serverBackups.serverId, serverBackups.backupId], set: Object.keys(update).length ? update : { backupId: row.backupId } });
}

export async function deleteBackupMeta(db: Executor, serverId: string, backupId: string): Promise<void> {
  await db.delete(serverBackups).where(and(eq(serverBackups.serverId, serverId), eq(serverBackups.backupId, backupId)));
}

export async function serverCountByNode(db: Executor): Promise<Map<number, number>> {
  const rows = await db
    .select({ nodeId: servers.nodeId, count: sql<number>`count(*)::int` })
    .from(servers)
    .where(and(sql`${servers.nodeId} is not null`, isNull(servers.deleted)))
    .groupBy(servers.nodeId);
  return new Map(rows.map((r) => [r.nodeId!, r.count]));
}

/** Servers (not deleted) by status: the operators' gauge (cairn_game_servers). */
export async function serverCountByStatus(db: Executor): Promise<Map<string, number>> {
  const rows = await db
    .select({ status: servers.status, count: sql<number>`count(*)::int` })
    .from(servers)
    .where(isNull(servers.deleted))
    .groupBy(servers.status);
  return new Map(rows.map((r) => [r.status, r.count]));
}
