import { and, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { serverNoticeDismissals, serverNoticeNodes, serverNotices, serverNoticeServers } from '../../db/schema/server-notices.js';
import { serverNodes, servers } from '../../db/schema/servers.js';

export type NoticeRow = typeof serverNotices.$inferSelect;

const noticeColumns = {
  id: serverNotices.id,
  level: serverNotices.level,
  title: serverNotices.title,
  message: serverNotices.message,
  dismissable: serverNotices.dismissable,
  begins: serverNotices.begins,
  expires: serverNotices.expires,
  assignedAll: serverNotices.assignedAll,
  created: serverNotices.created,
};

export async function insertNotice(db: Executor, row: typeof serverNotices.$inferInsert): Promise<void> {
  await db.insert(serverNotices).values(row);
}

export async function updateNotice(db: Executor, id: number, set: Partial<typeof serverNotices.$inferInsert>): Promise<void> {
  if (Object.keys(set).length) await db.update(serverNotices).set(set).where(eq(serverNotices.id, id));
}

export const findNotice = async (db: Executor, id: number, lock = false): Promise<NoticeRow | undefined> => {
  const query = db.select(noticeColumns).from(serverNotices).where(eq(serverNotices.id, id));
  return (await (lock ? query.for('update') : query))[0];
};

export const deleteNotice = async (db: Executor, id: number) =>
  (await db.delete(serverNotices).where(eq(serverNotices.id, id)).returning({ id: serverNotices.id })).length > 0;

export const listNotices = (db: Executor, ids?: number[]): Promise<NoticeRow[]> =>
  db
    .select(noticeColumns)
    .from(serverNotices)
    .where(ids ? inArray(serverNotices.id, ids) : undefined)
    .orderBy(desc(serverNotices.created), desc(serverNotices.id));

/** Replaces the notice's node and server assignments. */
export async function replaceAssignments(db: Executor, noticeId: number, nodeIds: number[], serverIds: string[]): Promise<void> {
  await db.delete(serverNoticeNodes).where(eq(serverNoticeNodes.noticeId, noticeId));
  await db.delete(serverNoticeServers).where(eq(serverNoticeServers.noticeId, noticeId));
  if (nodeIds.length) await db.insert(serverNoticeNodes).values(nodeIds.map((nodeId) => ({ noticeId, nodeId })));
  if (serverIds.length) await db.insert(serverNoticeServers).values(serverIds.map((serverId) => ({ noticeId, serverId })));
}

export const listNodeAssignments = (db: Executor) =>
  db
    .select({ noticeId: serverNoticeNodes.noticeId, id: serverNodes.id, name: serverNodes.name })
    .from(serverNoticeNodes)
    .innerJoin(serverNodes, eq(serverNodes.id, serverNoticeNodes.nodeId));

export const listServerAssignments = (db: Executor) =>
  db
    .select({ noticeId: serverNoticeServers.noticeId, id: servers.id, name: servers.name })
    .from(serverNoticeServers)
    .innerJoin(servers, eq(servers.id, serverNoticeServers.serverId));

export async function dismissalCounts(db: Executor): Promise<Map<number, number>> {
  const rows = await db
    .select({ noticeId: serverNoticeDismissals.noticeId, count: sql<number>`count(*)::int` })
    .from(serverNoticeDismissals)
    .groupBy(serverNoticeDismissals.noticeId);
  return new Map(rows.map((r) => [r.noticeId, r.count]));
}

/** Which of these ids are nodes / live servers (to refuse unknown assignments). */
export const existingNodeIds = async (db: Executor, ids: number[]) =>
  ids.length ? (await db.select({ id: serverNodes.id }).from(serverNodes).where(inArray(serverNodes.id, ids))).map((r) => r.id) : [];
export const existingServerIds = async (db: Executor, ids: string[]) =>
  ids.length ? (await db.select({ id: servers.id }).from(servers).where(and(inArray(servers.id, ids), isNull(servers.deleted)))).map((r) => r.id) : [];

/** Notices shown now on this server's panel: in their period, assigned to it, and not dismissed for it. */
export function listActiveNotices(db: Executor, server: { id: string; nodeId: number | null }, now: Date, includeDismissed = false): Promise<NoticeRow[]> {
  const assigned = or(
    eq(serverNotices.assignedAll, true),
    sql`exists (select 1 from ${serverNoticeServers} where ${serverNoticeServers.noticeId} = ${serverNotices.id} and ${serverNoticeServers.serverId} = ${server.id})`,
    server.nodeId === null
      ? undefined
      : sql`exists (select 1 from ${serverNoticeNodes} where ${serverNoticeNodes.noticeId} = ${serverNotices.id} and ${serverNoticeNodes.nodeId} = ${server.nodeId})`,
  );
  return db
    .select(noticeColumns)
    .from(serverNotices)
    .where(
      and(
        or(isNull(serverNotices.begins), lte(serverNotices.begins, now)),
        or(isNull(serverNotices.expires), gt(serverNotices.expires, now)),
        assigned,
        includeDismissed
          ? undefined
          : sql`not exists (select 1 from ${serverNoticeDismissals} where ${serverNoticeDismissals.noticeId} = ${serverNotices.id} and ${serverNoticeDismissals.serverId} = ${server.id})`,
      ),
    )
    .orderBy(desc(serverNotices.created), desc(serverNotices.id));
}

export async function insertDismissal(db: Executor, row: typeof serverNoticeDismissals.$inferInsert): Promise<void> {
  await db.insert(serverNoticeDismissals).values(row).onConflictDoNothing();
}
