import { and, asc, count, desc, eq, gt, inArray, notInArray, sql } from 'drizzle-orm';
import { HIDDEN_PROJECT_STATUSES } from '@cairn/shared/constants/project-status';
import type { Executor } from '../../db/client.js';
import { organizations, projects, teamMembers, versions } from '../../db/schema/catalogue.js';
import { moderationDecisions, moderationLocks } from '../../db/schema/trust.js';
import { projectTranslations } from '../../db/schema/translations.js';
import { users } from '../../db/schema/users.js';
import { randomId } from '../../lib/ids.js';

// ---- the review queue ----

export interface QueueFilter {
  count: number;
  offset: number;
  query?: string | undefined;
  projectType?: string | undefined;
  sort: 'oldest' | 'newest';
}

export interface QueueRow {
  id: number;
  slug: string;
  title: string;
  summary: string;
  iconKey: string | null;
  status: string;
  requestedStatus: string | null;
  queued: Date | null;
  published: Date;
  updated: Date;
  projectTypes: string[];
  owner: { type: 'user' | 'organization'; id: number; name: string; iconKey: string | null; avatarUrl: string | null } | null;
}

/** The project types of a project's versions (any status), or the type it was created as. */
const projectTypesOf = sql<string[]>`coalesce(
  (select array_agg(distinct t order by t) from ${versions} v, unnest(v.project_types) t where v.project_id = ${projects.id}),
  array[${projects.declaredType}]
)`;

function queueConditions(filter: Pick<QueueFilter, 'query' | 'projectType'>) {
  const conditions = [eq(projects.status, 'processing')];
  if (filter.query) {
    const pattern = `%${filter.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`(${projects.title} ilike ${pattern} or ${projects.slug} ilike ${pattern})`);
  }
  if (filter.projectType) conditions.push(sql`${filter.projectType} = any(${projectTypesOf})`);
  return and(...conditions);
}

export async function listQueue(db: Executor, filter: QueueFilter): Promise<{ total: number; rows: QueueRow[] }> {
  const where = queueConditions(filter);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(projects).where(where);
  // Projects without a queue date wait at the end whatever the order.
  const order =
    filter.sort === 'oldest'
      ? [sql`${projects.queued} asc nulls last`, projects.id]
      : [sql`${projects.queued} desc nulls last`, desc(projects.id)];
  const rows = await db
    .select({
      id: projects.id,
      slug: projects.slug,
      title: projects.title,
      summary: projects.summary,
      iconKey: projects.iconKey,
      status: projects.status,
      requestedStatus: projects.requestedStatus,
      queued: projects.queued,
      published: projects.published,
      updated: projects.updated,
      projectTypes: projectTypesOf,
      organizationId: organizations.id,
      organizationName: organizations.name,
      organizationIconKey: organizations.iconKey,
      ownerId: users.id,
      ownerName: users.username,
      ownerAvatar: users.avatarUrl,
    })
    .from(projects)
    .leftJoin(organizations, eq(organizations.id, projects.organizationId))
    .leftJoin(teamMembers, and(eq(teamMembers.teamId, projects.teamId), eq(teamMembers.isOwner, true)))
    .leftJoin(users, eq(users.id, teamMembers.userId))
    .where(where)
    .orderBy(...order)
    .limit(filter.count)
    .offset(filter.offset);
  return {
    total,
    rows: rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      title: r.title,
      summary: r.summary,
      iconKey: r.iconKey,
      status: r.status,
      requestedStatus: r.requestedStatus,
      queued: r.queued,
      published: r.published,
      updated: r.updated,
      projectTypes: r.projectTypes,
      owner:
        r.organizationId !== null
          ? { type: 'organization', id: r.organizationId, name: r.organizationName!, iconKey: r.organizationIconKey, avatarUrl: null }
          : r.ownerId !== null
            ? { type: 'user', id: r.ownerId, name: r.ownerName!, iconKey: null, avatarUrl: r.ownerAvatar }
            : null,
    })),
  };
}

/** 1-based place of a processing project in the queue (oldest first), and the queue's size. */
export async function findQueuePlace(db: Executor, projectId: number): Promise<{ position: number | null; size: number; queued: Date | null }> {
  // Same order as the queue's `oldest`: by queue date (undated last), then id.
  const [row] = await db.execute<{ status: string; queued: Date | string | null; ahead: string; size: string }>(sql`
    select p.status, p.queued,
      (select count(*) from ${projects} o where o.status = 'processing' and (
        (p.queued is not null and o.queued is not null and (o.queued, o.id) < (p.queued, p.id))
        or (p.queued is null and (o.queued is not null or o.id < p.id))
      ))::text as ahead,
      (select count(*) from ${projects} o where o.status = 'processing')::text as size
    from ${projects} p where p.id = ${projectId}
  `);
  if (!row) return { position: null, size: 0, queued: null };
  const queued = row.queued === null ? null : new Date(row.queued);
  return { position: row.status === 'processing' ? Number(row.ahead) + 1 : null, size: Number(row.size), queued };
}

export interface ReviewTimes {
  /** Hours from submission to decision: the median and the 90th percentile, null without decisions. */
  medianHours: number | null;
  p90Hours: number | null;
  decisions: number;
}

/**
 * Review times over project decisions made since `since`, in one statement: the window is a
 * range on `created`, so moderation_decisions_created_idx bounds the rows read to that window.
 */
export async function findReviewTimes(db: Executor, since: Date): Promise<ReviewTimes> {
  const hours = sql`extract(epoch from ${moderationDecisions.created} - ${moderationDecisions.queuedAt}) / 3600`;
  const [row] = await db
    .select({
      median: sql<string | null>`percentile_cont(0.5) within group (order by ${hours})`,
      p90: sql<string | null>`percentile_cont(0.9) within group (order by ${hours})`,
      decisions: count(),
    })
    .from(moderationDecisions)
    .where(and(gt(moderationDecisions.created, since), eq(moderationDecisions.itemType, 'project'), sql`${moderationDecisions.queuedAt} is not null`));
  const number = (value: string | null | undefined) => (value == null ? null : Number(value));
  return { medianHours: number(row?.median), p90Hours: number(row?.p90), decisions: row?.decisions ?? 0 };
}

// ---- review locks ----

export interface LockRow {
  projectId: number;
  moderatorId: number;
  lockedAt: Date;
  expiresAt: Date;
  username: string;
  avatarUrl: string | null;
}

export async function findLock(db: Executor, projectId: number): Promise<LockRow | undefined> {
  const [row] = await db
    .select({
      projectId: moderationLocks.projectId,
      moderatorId: moderationLocks.moderatorId,
      lockedAt: moderationLocks.lockedAt,
      expiresAt: moderationLocks.expiresAt,
      username: users.username,
      avatarUrl: users.avatarUrl,
    })
    .from(moderationLocks)
    .innerJoin(users, eq(users.id, moderationLocks.moderatorId))
    .where(eq(moderationLocks.projectId, projectId));
  return row;
}

/**
 * Takes the lock in one statement: free, expired or already the moderator's own (then only the
 * expiry moves), or anyone's when `force`. False when another moderator's live lock stays.
 */
export async function takeLock(
  db: Executor,
  lock: { projectId: number; moderatorId: number; now: Date; expiresAt: Date; force: boolean },
): Promise<boolean> {
  const current = moderationLocks;
  const mine = sql`${current.moderatorId} = excluded.moderator_id`;
  const live = sql`${current.expiresAt} > ${lock.now.toISOString()}::timestamptz`;
  const rows = await db
    .insert(moderationLocks)
    .values({ projectId: lock.projectId, moderatorId: lock.moderatorId, lockedAt: lock.now, expiresAt: lock.expiresAt })
    .onConflictDoUpdate({
      target: moderationLocks.projectId,
      set: {
        moderatorId: sql`excluded.moderator_id`,
        lockedAt: sql`case when ${mine} and ${live} then ${current.lockedAt} else excluded.locked_at end`,
        expiresAt: sql`excluded.expires_at`,
      },
      setWhere: lock.force ? undefined : sql`${mine} or not (${live})`,
    })
    .returning({ projectId: moderationLocks.projectId });
  return rows.length > 0;
}

export async function deleteLock(db: Executor, projectId: number, moderatorId?: number): Promise<boolean> {
  const where = moderatorId === undefined ? eq(moderationLocks.projectId, projectId) : and(eq(moderationLocks.projectId, projectId), eq(moderationLocks.moderatorId, moderatorId));
  const rows = await db.delete(moderationLocks).where(where).returning({ projectId: moderationLocks.projectId });
  return rows.length > 0;
}

export async function deleteAllLocks(db: Executor): Promise<number> {
  const rows = await db.delete(moderationLocks).returning({ projectId: moderationLocks.projectId });
  return rows.length;
}

/** Another moderator's lock still holding at `now`, if any. */
export async function findLiveLockOfOther(db: Executor, projectId: number, moderatorId: number, now: Date): Promise<LockRow | undefined> {
  const lock = await findLock(db, projectId);
  return lock && lock.moderatorId !== moderatorId && lock.expiresAt > now ? lock : undefined;
}

// ---- decisions ----

export async function findQueuedAt(db: Executor, projectId: number): Promise<Date | null> {
  const [row] = await db.select({ queued: projects.queued }).from(projects).where(eq(projects.id, projectId));
  return row?.queued ?? null;
}

export async function insertDecision(
  db: Executor,
  decision: { itemType: 'project'; itemId: number; decision: string; publicReason: string | null; queuedAt: Date | null },
): Promise<void> {
  await db.insert(moderationDecisions).values({ id: Number(randomId()), ...decision });
}

export interface LogRow {
  itemType: string;
  itemId: number;
  itemName: string;
  itemSlug: string;
  decision: string;
  reason: string | null;
  date: Date;
}

/** Decisions on projects the public can see now, newest first. */
export async function listPublicLog(db: Executor, offset: number, limit: number): Promise<{ total: number; rows: LogRow[] }> {
  const where = and(eq(moderationDecisions.itemType, 'project'), notInArray(projects.status, [...HIDDEN_PROJECT_STATUSES]));
  const joined = () => db.select({ total: count() }).from(moderationDecisions).innerJoin(projects, eq(projects.id, moderationDecisions.itemId));
  const [{ total } = { total: 0 }] = await joined().where(where);
  const rows = await db
    .select({
      itemType: moderationDecisions.itemType,
      itemId: moderationDecisions.itemId,
      itemName: projects.title,
      itemSlug: projects.slug,
      decision: moderationDecisions.decision,
      reason: moderationDecisions.publicReason,
      date: moderationDecisions.created,
    })
    .from(moderationDecisions)
    .innerJoin(projects, eq(projects.id, moderationDecisions.itemId))
    .where(where)
    .orderBy(desc(moderationDecisions.created), desc(moderationDecisions.id))
    .limit(limit)
    .offset(offset);
  return { total, rows };
}

/** The translated summaries of queued projects (moderators review every language). */
export function listTranslatedSummaries(db: Executor, projectIds: readonly number[]) {
  if (projectIds.length === 0) return Promise.resolve([]);
  return db
    .select({ projectId: projectTranslations.projectId, language: projectTranslations.language, summary: projectTranslations.summary })
    .from(projectTranslations)
    .where(inArray(projectTranslations.projectId, [...projectIds]))
    .orderBy(asc(projectTranslations.language));
}
