import { and, asc, desc, eq, gte, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { organizations, projects, teamMembers } from '../../db/schema/catalogue.js';
import { projectDownloadDays } from '../../db/schema/download-stats.js';
import { ledgerEntries, payouts, revenueDays } from '../../db/schema/payouts.js';
import { users } from '../../db/schema/users.js';
import type { PayeeShare } from './distribution.js';

/** Arbitrary constant naming the per-user withdrawal lock (with the user id). */
const WITHDRAWAL_LOCK = 7_340_021;

export const lockUserLedger = (tx: Executor, userId: number) => tx.execute(sql`select pg_advisory_xact_lock(${WITHDRAWAL_LOCK}, hashtext(${String(userId)}))`);

export interface UserTotals {
  available: number;
  pending: number;
  earnedLifetime: number;
}

/** Balance at `now`: credits past their holding period plus withdrawals (negative) and reversals. */
export async function findUserTotals(db: Executor, userId: number, now: Date): Promise<UserTotals> {
  const [row] = await db
    .select({
      available: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.kind} <> 'credit' or ${ledgerEntries.availableAt} <= ${now.toISOString()}), 0)`,
      pending: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.kind} = 'credit' and ${ledgerEntries.availableAt} > ${now.toISOString()}), 0)`,
      earned: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.kind} = 'credit'), 0)`,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId));
  return { available: Number(row!.available), pending: Number(row!.pending), earnedLifetime: Number(row!.earned) };
}

/** Pending credits grouped by the date they become available. */
export async function listPendingByDate(db: Executor, userId: number, now: Date): Promise<Array<{ availableAt: Date; cents: number }>> {
  const rows = await db
    .select({ availableAt: ledgerEntries.availableAt, cents: sql<string>`sum(${ledgerEntries.amountCents})` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, 'credit'), sql`${ledgerEntries.availableAt} > ${now.toISOString()}`))
    .groupBy(ledgerEntries.availableAt)
    .orderBy(asc(ledgerEntries.availableAt));
  return rows.map((r) => ({ availableAt: r.availableAt, cents: Number(r.cents) }));
}

export interface CreditRow {
  day: string;
  projectId: number | null;
  amountCents: number;
  availableAt: Date;
}

export function listCredits(db: Executor, userId: number): Promise<CreditRow[]> {
  return db
    .select({ day: sql<string>`${ledgerEntries.day}`, projectId: ledgerEntries.projectId, amountCents: ledgerEntries.amountCents, availableAt: ledgerEntries.availableAt })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, 'credit')))
    .orderBy(desc(ledgerEntries.day), asc(ledgerEntries.projectId));
}

/** A user's credits per project and day within [from, to). */
export function listCreditsByProjectDay(db: Executor, userId: number, projectIds: readonly number[], from: string, to: string): Promise<Array<{ projectId: number | null; day: string; cents: number }>> {
  if (projectIds.length === 0) return Promise.resolve([]);
  return db
    .select({ projectId: ledgerEntries.projectId, day: sql<string>`${ledgerEntries.day}`, cents: ledgerEntries.amountCents })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.userId, userId),
        eq(ledgerEntries.kind, 'credit'),
        inArray(ledgerEntries.projectId, [...projectIds]),
        gte(ledgerEntries.day, from),
        lt(ledgerEntries.day, to),
      ),
    );
}

const payoutColumns = {
  id: payouts.id,
  userId: payouts.userId,
  amountCents: payouts.amountCents,
  feeCents: payouts.feeCents,
  methodType: payouts.methodType,
  methodId: payouts.methodId,
  methodAddress: payouts.methodAddress,
  status: payouts.status,
  providerId: payouts.providerId,
  failureReason: payouts.failureReason,
  idempotencyKey: payouts.idempotencyKey,
  created: payouts.created,
};
export interface PayoutRow {
  id: number;
  userId: number;
  amountCents: number;
  feeCents: number;
  methodType: string;
  methodId: string;
  methodAddress: string | null;
  status: string;
  providerId: string | null;
  failureReason: string | null;
  idempotencyKey: string;
  created: Date;
}

export async function findPayout(db: Executor, id: number, options: { forUpdate?: boolean } = {}): Promise<PayoutRow | undefined> {
  const query = db.select(payoutColumns).from(payouts).where(eq(payouts.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function findPayoutByProvider(db: Executor, methodType: string, providerId: string): Promise<PayoutRow | undefined> {
  const [row] = await db.select(payoutColumns).from(payouts).where(and(eq(payouts.methodType, methodType), eq(payouts.providerId, providerId)));
  return row;
}

export async function findPayoutByKey(db: Executor, userId: number, key: string): Promise<PayoutRow | undefined> {
  const [row] = await db.select(payoutColumns).from(payouts).where(and(eq(payouts.userId, userId), eq(payouts.idempotencyKey, key)));
  return row;
}

export function listPayoutsOfUser(db: Executor, userId: number): Promise<PayoutRow[]> {
  return db.select(payoutColumns).from(payouts).where(eq(payouts.userId, userId)).orderBy(desc(payouts.created), desc(payouts.id));
}

export async function insertPayout(tx: Executor, row: { id: number; userId: number; amountCents: number; feeCents: number; methodType: string; methodId: string; methodAddress: string | null; idempotencyKey: string }): Promise<void> {
  await tx.insert(payouts).values({ ...row, status: 'in-transit' });
  await tx.insert(ledgerEntries).values({ kind: 'withdrawal', userId: row.userId, payoutId: row.id, amountCents: -row.amountCents });
}

export async function updatePayout(tx: Executor, id: number, changes: { status?: string; providerId?: string; failureReason?: string | null }): Promise<void> {
  await tx.update(payouts).set({ ...changes, updated: new Date() }).where(eq(payouts.id, id));
}

/** Gives a failed or cancelled withdrawal back (once). */
export async function insertReversal(tx: Executor, payout: { id: number; userId: number; amountCents: number }): Promise<void> {
  await tx.insert(ledgerEntries).values({ kind: 'reversal', userId: payout.userId, payoutId: payout.id, amountCents: payout.amountCents }).onConflictDoNothing();
}

export interface WithdrawnTotals {
  lifetime: number;
  sinceYearStart: number;
}

/** Withdrawals that were not given back (success, in transit, cancelling). */
export async function findWithdrawnTotals(db: Executor, userId: number, yearStart: Date): Promise<WithdrawnTotals> {
  const [row] = await db
    .select({
      lifetime: sql<string>`coalesce(sum(${payouts.amountCents}), 0)`,
      ytd: sql<string>`coalesce(sum(${payouts.amountCents}) filter (where ${payouts.created} >= ${yearStart.toISOString()}), 0)`,
    })
    .from(payouts)
    .where(and(eq(payouts.userId, userId), inArray(payouts.status, ['success', 'in-transit', 'cancelling'])));
  return { lifetime: Number(row!.lifetime), sinceYearStart: Number(row!.ytd) };
}

// Distribution

export const findRevenueDay = async (db: Executor, day: string) =>
  (await db.select({ day: sql<string>`${revenueDays.day}` }).from(revenueDays).where(eq(revenueDays.day, day)))[0];

/** Inserts the day (false when it was already distributed: the caller rolls nothing back). */
export async function insertRevenueDay(tx: Executor, row: { day: string; poolCents: number; creatorShareBps: number; creditedCents: number; platformCents: number }): Promise<boolean> {
  const inserted = await tx.insert(revenueDays).values(row).onConflictDoNothing().returning({ day: revenueDays.day });
  return inserted.length > 0;
}

export async function insertDayLedger(
  tx: Executor,
  day: string,
  availableAt: Date,
  credits: ReadonlyArray<{ userId: number; projectId: number; cents: number }>,
  platformCents: number,
): Promise<void> {
  const rows = [
    ...credits.map((c) => ({ kind: 'credit', userId: c.userId, projectId: c.projectId, day, amountCents: c.cents, availableAt })),
    ...(platformCents > 0 ? [{ kind: 'platform', userId: null, projectId: null, day, amountCents: platformCents, availableAt }] : []),
  ];
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(ledgerEntries).values(rows.slice(i, i + 1000));
}

/** Σ of a day's ledger rows (credits and the platform's share). */
export async function sumDayLedger(db: Executor, day: string): Promise<number> {
  const [row] = await db.select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` }).from(ledgerEntries).where(eq(ledgerEntries.day, day));
  return Number(row!.total);
}

/** Monetized projects that may earn (approved-like statuses) among the given ids. */
export async function listMonetizedProjects(db: Executor, ids: readonly number[]): Promise<Array<{ id: number; teamId: number; organizationTeamId: number | null }>> {
  if (ids.length === 0) return [];
  return db
    .select({ id: projects.id, teamId: projects.teamId, organizationTeamId: organizations.teamId })
    .from(projects)
    .leftJoin(organizations, eq(organizations.id, projects.organizationId))
    .where(and(inArray(projects.id, [...ids]), eq(projects.monetizationStatus, 'monetized'), inArray(projects.status, ['approved', 'archived', 'unlisted', 'private'])));
}

/** Accepted members of the given teams with their payouts split. */
export function listTeamPayees(db: Executor, teamIds: readonly number[]): Promise<Array<{ teamId: number } & PayeeShare>> {
  if (teamIds.length === 0) return Promise.resolve([]);
  return db
    .select({ teamId: teamMembers.teamId, userId: teamMembers.userId, split: teamMembers.payoutsSplit, isOwner: teamMembers.isOwner })
    .from(teamMembers)
    .where(and(inArray(teamMembers.teamId, [...teamIds]), eq(teamMembers.accepted, true)));
}

/** Counted downloads per project on one day (the usage source until view analytics exist). */
export function listDownloadsOfDay(db: Executor, day: string): Promise<Array<{ projectId: number; downloads: number }>> {
  return db.select({ projectId: projectDownloadDays.projectId, downloads: projectDownloadDays.downloads }).from(projectDownloadDays).where(eq(projectDownloadDays.day, day));
}

// Notifications of credits that became available

export function listNewlyAvailableCredits(tx: Executor, now: Date, limit: number): Promise<Array<{ id: number; userId: number | null; amountCents: number; availableAt: Date }>> {
  return tx
    .select({ id: ledgerEntries.id, userId: ledgerEntries.userId, amountCents: ledgerEntries.amountCents, availableAt: ledgerEntries.availableAt })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.kind, 'credit'), eq(ledgerEntries.notified, false), lte(ledgerEntries.availableAt, now)))
    .orderBy(asc(ledgerEntries.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markCreditsNotified(tx: Executor, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await tx.update(ledgerEntries).set({ notified: true }).where(inArray(ledgerEntries.id, [...ids]));
}

// Lookups of users and memberships (read-only, for the v2 user routes and revenue analytics)

/** By id (when the text decodes to one that exists) or else by username, case-insensitively. */
export async function findUserIdByText(db: Executor, text: string, id: number | undefined): Promise<number | undefined> {
  const byName = sql`lower(${users.username}) = lower(${text})`;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(id === undefined ? byName : or(eq(users.id, id), byName))
    .orderBy(id === undefined ? asc(users.id) : sql`(${users.id} = ${id}) desc`)
    .limit(1);
  return row?.id;
}

/** Projects the user is an accepted member of, directly or through the owning organization. */
export async function listMemberProjectIds(db: Executor, userId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: projects.id })
    .from(projects)
    .leftJoin(organizations, eq(organizations.id, projects.organizationId))
    .innerJoin(teamMembers, or(eq(teamMembers.teamId, projects.teamId), eq(teamMembers.teamId, organizations.teamId)))
    .where(and(eq(teamMembers.userId, userId), eq(teamMembers.accepted, true)));
  return rows.map((r) => r.id);
}
