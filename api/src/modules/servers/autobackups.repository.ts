import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { serverAutobackups, serverBackups } from '../../db/schema/servers.js';

export type AutobackupRow = typeof serverAutobackups.$inferSelect;

const autobackupColumns = {
  serverId: serverAutobackups.serverId,
  enabled: serverAutobackups.enabled,
  intervalHours: serverAutobackups.intervalHours,
  lastRun: serverAutobackups.lastRun,
  lastSkipped: serverAutobackups.lastSkipped,
  updated: serverAutobackups.updated,
};

export const findAutobackup = async (db: Executor, serverId: string): Promise<AutobackupRow | undefined> =>
  (await db.select(autobackupColumns).from(serverAutobackups).where(eq(serverAutobackups.serverId, serverId)))[0];

export const listEnabledAutobackups = (db: Executor): Promise<AutobackupRow[]> => db.select(autobackupColumns).from(serverAutobackups).where(eq(serverAutobackups.enabled, true));

export async function upsertAutobackup(db: Executor, row: typeof serverAutobackups.$inferInsert): Promise<AutobackupRow> {
  const { serverId: _s, ...update } = row;
  const [saved] = await db.insert(serverAutobackups).values(row).onConflictDoUpdate({ target: serverAutobackups.serverId, set: update }).returning(autobackupColumns);
  return saved!;
}

export async function updateAutobackup(db: Executor, serverId: string, set: Partial<typeof serverAutobackups.$inferInsert>): Promise<void> {
  await db.update(serverAutobackups).set(set).where(eq(serverAutobackups.serverId, serverId));
}

/** Takes a due run (last run still `previous`) for this process; false when another worker took it first. */
export async function claimAutobackupRun(db: Executor, serverId: string, previous: Date | null, now: Date): Promise<boolean> {
  const unchanged = previous ? sql`date_trunc('milliseconds', ${serverAutobackups.lastRun}) = ${previous.toISOString()}` : isNull(serverAutobackups.lastRun);
  const claimed = await db
    .update(serverAutobackups)
    .set({ lastRun: now })
    .where(and(eq(serverAutobackups.serverId, serverId), unchanged))
    .returning({ serverId: serverAutobackups.serverId });
  return claimed.length > 0;
}

/** Manual backups the API started for a server since `since` (the "too fast" limit). */
export async function countManualBackupsSince(db: Executor, serverId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(serverBackups)
    .where(and(eq(serverBackups.serverId, serverId), eq(serverBackups.automated, false), gte(serverBackups.created, since)));
  return row?.count ?? 0;
}
