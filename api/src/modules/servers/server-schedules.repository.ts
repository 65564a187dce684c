import { and, asc, desc, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { serverScheduleRuns, serverSchedules } from '../../db/schema/server-schedules.js';
import { servers } from '../../db/schema/servers.js';

export type ScheduleRow = typeof serverSchedules.$inferSelect;
export type ScheduleRunRow = typeof serverScheduleRuns.$inferSelect;

const scheduleColumns = {
  id: serverSchedules.id,
  serverId: serverSchedules.serverId,
  name: serverSchedules.name,
  cron: serverSchedules.cron,
  timeZone: serverSchedules.timeZone,
  steps: serverSchedules.steps,
  enabled: serverSchedules.enabled,
  nextRunAt: serverSchedules.nextRunAt,
  created: serverSchedules.created,
};

const runColumns = {
  id: serverScheduleRuns.id,
  scheduleId: serverScheduleRuns.scheduleId,
  serverId: serverScheduleRuns.serverId,
  trigger: serverScheduleRuns.trigger,
  dueAt: serverScheduleRuns.dueAt,
  started: serverScheduleRuns.started,
  finished: serverScheduleRuns.finished,
  status: serverScheduleRuns.status,
  reason: serverScheduleRuns.reason,
  stepsDone: serverScheduleRuns.stepsDone,
};

export const listSchedules = (db: Executor, serverId: string): Promise<ScheduleRow[]> =>
  db.select(scheduleColumns).from(serverSchedules).where(eq(serverSchedules.serverId, serverId)).orderBy(asc(serverSchedules.created), asc(serverSchedules.id));

export const countSchedules = async (db: Executor, serverId: string): Promise<number> =>
  (await db.select({ count: sql<number>`count(*)::int` }).from(serverSchedules).where(eq(serverSchedules.serverId, serverId)))[0]?.count ?? 0;

export const findSchedule = async (db: Executor, serverId: string, id: number, lock = false): Promise<ScheduleRow | undefined> => {
  const query = db.select(scheduleColumns).from(serverSchedules).where(and(eq(serverSchedules.serverId, serverId), eq(serverSchedules.id, id)));
  return (await (lock ? query.for('update') : query))[0];
};

export async function insertSchedule(db: Executor, row: typeof serverSchedules.$inferInsert): Promise<ScheduleRow> {
  const [saved] = await db.insert(serverSchedules).values(row).returning(scheduleColumns);
  return saved!;
}

export async function updateSchedule(db: Executor, id: number, set: Partial<typeof serverSchedules.$inferInsert>): Promise<ScheduleRow | undefined> {
  return (await db.update(serverSchedules).set(set).where(eq(serverSchedules.id, id)).returning(scheduleColumns))[0];
}

export async function deleteSchedule(db: Executor, id: number): Promise<void> {
  await db.delete(serverSchedules).where(eq(serverSchedules.id, id));
}

/**
 * Enabled schedules due at `now`, locked for this transaction. `SKIP LOCKED`: a schedule another
 * worker is claiming at this moment is left to it rather than waited for and run twice.
 */
export const claimDueSchedules = (tx: Executor, now: Date, limit: number): Promise<ScheduleRow[]> =>
  tx
    .select(scheduleColumns)
    .from(serverSchedules)
    // A deleted server's schedules stay with its row but never come due again.
    .innerJoin(servers, eq(servers.id, serverSchedules.serverId))
    .where(and(eq(serverSchedules.enabled, true), lte(serverSchedules.nextRunAt, now), isNull(servers.deleted)))
    .orderBy(asc(serverSchedules.nextRunAt))
    .limit(limit)
    .for('update', { of: serverSchedules, skipLocked: true });

/** Inserts a run; undefined when that schedule already has a run for that due time. */
export async function insertRun(db: Executor, row: typeof serverScheduleRuns.$inferInsert): Promise<ScheduleRunRow | undefined> {
  return (await db.insert(serverScheduleRuns).values(row).onConflictDoNothing().returning(runColumns))[0];
}

export const findRun = async (db: Executor, id: number): Promise<ScheduleRunRow | undefined> =>
  (await db.select(runColumns).from(serverScheduleRuns).where(eq(serverScheduleRuns.id, id)))[0];

export const listRuns = (db: Executor, scheduleId: number, limit: number): Promise<ScheduleRunRow[]> =>
  db.select(runColumns).from(serverScheduleRuns).where(eq(serverScheduleRuns.scheduleId, scheduleId)).orderBy(desc(serverScheduleRuns.started), desc(serverScheduleRuns.id)).limit(limit);

/** The newest run of each schedule. */
export async function latestRuns(db: Executor, scheduleIds: number[]): Promise<Map<number, ScheduleRunRow>> {
  if (scheduleIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([serverScheduleRuns.scheduleId], runColumns)
    .from(serverScheduleRuns)
    .where(inArray(serverScheduleRuns.scheduleId, scheduleIds))
    .orderBy(serverScheduleRuns.scheduleId, desc(serverScheduleRuns.started), desc(serverScheduleRuns.id));
  return new Map(rows.map((row) => [row.scheduleId, row]));
}

/** Takes step `step` of a running run for this worker; false when it was taken already (a repeated job). */
export async function claimRunStep(db: Executor, runId: number, step: number): Promise<boolean> {
  const claimed = await db
    .update(serverScheduleRuns)
    .set({ stepsDone: step + 1 })
    .where(and(eq(serverScheduleRuns.id, runId), eq(serverScheduleRuns.stepsDone, step), eq(serverScheduleRuns.status, 'running')))
    .returning({ id: serverScheduleRuns.id });
  return claimed.length > 0;
}

/** Runs still `running` that started before `startedBefore` are failed with `reason` (how many). */
export async function failRunsStartedBefore(db: Executor, startedBefore: Date, reason: string, finished: Date): Promise<number> {
  const failed = await db
    .update(serverScheduleRuns)
    .set({ status: 'failed', reason, finished })
    .where(and(eq(serverScheduleRuns.status, 'running'), lt(serverScheduleRuns.started, startedBefore)))
    .returning({ id: serverScheduleRuns.id });
  return failed.length;
}

export async function finishRun(db: Executor, runId: number, set: { status: 'ok' | 'failed' | 'skipped'; reason: string | null; finished: Date; stepsDone?: number }): Promise<void> {
  await db.update(serverScheduleRuns).set(set).where(and(eq(serverScheduleRuns.id, runId), eq(serverScheduleRuns.status, 'running')));
}

/**
 * The server's row for one step, with a share lock held to the end of the step's transaction: a
 * move holds the row `FOR UPDATE` from start to end, so a step that cannot get this lock within the
 * transaction's lock timeout is looking at a server being moved (and a move waits for a step).
 * `FOR SHARE` leaves inserts that reference the row (backup metadata) free.
 */
export const lockServerForStep = async (tx: Executor, serverId: string) =>
  (
    await tx
      .select({ id: servers.id, status: servers.status, suspensionReason: servers.suspensionReason, nodeId: servers.nodeId, deleted: servers.deleted, subscriptionId: servers.subscriptionId })
      .from(servers)
      .where(eq(servers.id, serverId))
      .for('share')
  )[0];

/** Locks the server's row against other schedule changes of this transaction's kind (the plan limit's count). */
export async function lockServerForScheduleChange(tx: Executor, serverId: string): Promise<void> {
  await tx.select({ id: servers.id }).from(servers).where(eq(servers.id, serverId)).for('no key update');
}
