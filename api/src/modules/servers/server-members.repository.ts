import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { serverActivity, serverMembers } from '../../db/schema/server-members.js';
import { users } from '../../db/schema/users.js';

export type MemberRow = typeof serverMembers.$inferSelect;
export interface MemberWithUser extends MemberRow {
  username: string;
  avatarUrl: string | null;
}

const memberColumns = {
  serverId: serverMembers.serverId,
  userId: serverMembers.userId,
  role: serverMembers.role,
  permissions: serverMembers.permissions,
  accepted: serverMembers.accepted,
  invitedBy: serverMembers.invitedBy,
  created: serverMembers.created,
};

export const findMember = async (db: Executor, serverId: string, userId: number): Promise<MemberRow | undefined> =>
  (await db.select(memberColumns).from(serverMembers).where(and(eq(serverMembers.serverId, serverId), eq(serverMembers.userId, userId))))[0];

export const listMembers = (db: Executor, serverId: string): Promise<MemberWithUser[]> =>
  db
    .select({ ...memberColumns, username: users.username, avatarUrl: users.avatarUrl })
    .from(serverMembers)
    .innerJoin(users, eq(users.id, serverMembers.userId))
    .where(eq(serverMembers.serverId, serverId))
    .orderBy(serverMembers.created);

/** Ids of the servers the user is an accepted member of. */
export const listMemberServerIds = async (db: Executor, userId: number): Promise<string[]> =>
  (await db.select({ id: serverMembers.serverId }).from(serverMembers).where(and(eq(serverMembers.userId, userId), eq(serverMembers.accepted, true)))).map((r) => r.id);

/** Inserts an invitation; false when the user is already a member or invited. */
export async function insertMember(db: Executor, row: typeof serverMembers.$inferInsert): Promise<boolean> {
  const inserted = await db.insert(serverMembers).values(row).onConflictDoNothing().returning({ userId: serverMembers.userId });
  return inserted.length > 0;
}

export async function updateMember(db: Executor, serverId: string, userId: number, set: Partial<typeof serverMembers.$inferInsert>): Promise<MemberRow | undefined> {
  return (await db.update(serverMembers).set(set).where(and(eq(serverMembers.serverId, serverId), eq(serverMembers.userId, userId))).returning(memberColumns))[0];
}

export async function deleteMember(db: Executor, serverId: string, userId: number): Promise<MemberRow | undefined> {
  return (await db.delete(serverMembers).where(and(eq(serverMembers.serverId, serverId), eq(serverMembers.userId, userId))).returning(memberColumns))[0];
}

export const findUserByUsername = async (db: Executor, username: string): Promise<{ id: number; username: string } | undefined> =>
  (await db.select({ id: users.id, username: users.username }).from(users).where(sql`lower(${users.username}) = lower(${username})`))[0];

export const findUserNames = async (db: Executor, ids: number[]): Promise<Map<number, { username: string; avatarUrl: string | null }>> =>
  new Map(ids.length ? (await db.select({ id: users.id, username: users.username, avatarUrl: users.avatarUrl }).from(users).where(inArray(users.id, ids))).map((u) => [u.id, u]) : []);

export type NewActivity = Pick<typeof serverActivity.$inferInsert, 'serverId' | 'actorId' | 'kind' | 'action' | 'detail' | 'created' | 'agentSeq'>;

export async function insertActivity(db: Executor, rows: NewActivity[]): Promise<void> {
  if (rows.length === 0) return;
  // Reported entries carry the node's sequence number: a report read twice is stored once.
  await db.insert(serverActivity).values(rows).onConflictDoNothing();
}

/** The newest sequence number imported from the server's node reports (0: none yet). */
export const lastAgentSeq = async (db: Executor, serverId: string): Promise<number> =>
  Number((await db.select({ seq: sql<string | null>`max(${serverActivity.agentSeq})` }).from(serverActivity).where(eq(serverActivity.serverId, serverId)))[0]?.seq ?? 0);

export interface ActivityFilter {
  actorId?: number | undefined;
  kind?: string | undefined;
  /** Entries older than this (created, id), newest first. */
  before?: { created: Date; id: number } | undefined;
  limit: number;
}

export const listActivity = (db: Executor, serverId: string, filter: ActivityFilter) =>
  db
    .select({
      id: serverActivity.id,
      actorId: serverActivity.actorId,
      username: users.username,
      kind: serverActivity.kind,
      action: serverActivity.action,
      detail: serverActivity.detail,
      created: serverActivity.created,
    })
    .from(serverActivity)
    .leftJoin(users, eq(users.id, serverActivity.actorId))
    .where(
      and(
        eq(serverActivity.serverId, serverId),
        filter.actorId === undefined ? undefined : eq(serverActivity.actorId, filter.actorId),
        filter.kind === undefined ? undefined : eq(serverActivity.kind, filter.kind),
        filter.before === undefined
          ? undefined
          : or(lt(serverActivity.created, filter.before.created), and(eq(serverActivity.created, filter.before.created), lt(serverActivity.id, filter.before.id))),
      ),
    )
    .orderBy(desc(serverActivity.created), desc(serverActivity.id))
    .limit(filter.limit);

/** Deletes entries older than `cutoff` (the 90-day retention), at most `batch` at a time; the count deleted. */
export async function deleteActivityBefore(db: Executor, cutoff: Date, batch: number): Promise<number> {
  const batchIds = db.select({ id: serverActivity.id }).from(serverActivity).where(lt(serverActivity.created, cutoff)).limit(batch);
  const rows = await db.delete(serverActivity).where(inArray(serverActivity.id, batchIds)).returning({ id: serverActivity.id });
  return rows.length;
}
