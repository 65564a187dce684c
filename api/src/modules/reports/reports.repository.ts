import { and, asc, eq, sql } from 'drizzle-orm';
import type { ReportItemType } from '@cairn/shared/schemas/reports';
import type { Executor } from '../../db/client.js';
import { anyBigint } from '../../db/sql-helpers.js';
import { reports, threads } from '../../db/schema/trust.js';
import { users } from '../../db/schema/users.js';
import { randomId } from '../../lib/ids.js';

export interface ReportRow {
  id: number;
  reportType: string;
  itemType: string;
  itemId: number;
  reporterId: number;
  body: string;
  closed: boolean;
  created: Date;
  /** Null only if the report's thread went missing. */
  threadId: number | null;
}

const reportColumns = {
  id: reports.id,
  reportType: reports.reportType,
  itemType: reports.itemType,
  itemId: reports.itemId,
  reporterId: reports.reporterId,
  body: reports.body,
  closed: reports.closed,
  created: reports.created,
  threadId: threads.id,
};

const selectReports = (db: Executor) => db.select(reportColumns).from(reports).leftJoin(threads, eq(threads.reportId, reports.id));

export interface NewReport {
  reportType: string;
  itemType: ReportItemType;
  itemId: number;
  reporterId: number;
  body: string;
}

export async function insertReport(tx: Executor, report: NewReport): Promise<number> {
  const id = Number(randomId());
  const target = { projectId: null as number | null, versionId: null as number | null, userId: null as number | null };
  if (report.itemType === 'project') target.projectId = report.itemId;
  else if (report.itemType === 'version') target.versionId = report.itemId;
  else target.userId = report.itemId;
  await tx.insert(reports).values({ id, ...report, ...target });
  return id;
}

export async function findReport(db: Executor, id: number): Promise<ReportRow | undefined> {
  const [row] = await selectReports(db).where(eq(reports.id, id));
  return row;
}

export function listReports(db: Executor, ids: readonly number[]): Promise<ReportRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return selectReports(db).where(anyBigint(reports.id, ids));
}

/** Open reports, oldest first: one reporter's, or everyone's when `reporterId` is undefined. */
export function listOpenReports(db: Executor, reporterId: number | undefined, count: number): Promise<ReportRow[]> {
  return selectReports(db)
    .where(and(eq(reports.closed, false), reporterId === undefined ? undefined : eq(reports.reporterId, reporterId)))
    .orderBy(asc(reports.created), asc(reports.id))
    .limit(count);
}

export async function findOpenReportId(db: Executor, reporterId: number, itemType: string, itemId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.reporterId, reporterId), eq(reports.itemType, itemType), eq(reports.itemId, itemId), eq(reports.closed, false)));
  return row?.id;
}

export async function updateReport(tx: Executor, id: number, changes: { body?: string; closed?: boolean }): Promise<void> {
  if (changes.body === undefined && changes.closed === undefined) return;
  await tx.update(reports).set(changes).where(eq(reports.id, id));
}

export async function deleteReport(tx: Executor, id: number): Promise<void> {
  await tx.delete(reports).where(eq(reports.id, id));
}

/** A user by id or username (case-insensitive); an id match wins. */
export async function findUserId(db: Executor, text: string, id: number | undefined): Promise<number | undefined> {
  const byName = sql`lower(${users.username}) = lower(${text})`;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(id !== undefined ? sql`${users.id} = ${id} or ${byName}` : byName);
  return (rows.find((r) => r.id === id) ?? rows[0])?.id;
}
