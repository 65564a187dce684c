import { and, asc, desc, eq, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { HIDDEN_VERSION_STATUSES } from '@cairn/shared/constants/project-status';
import type { Executor } from '../../db/client.js';
import { projects, versions } from '../../db/schema/catalogue.js';
import { anyBigint } from '../../db/sql-helpers.js';

/*
 * Publication order is (date_published, id) compared in SQL against the rows themselves:
 * the timestamps carry microseconds that a JavaScript Date would round away.
 */
const position = sql`(${versions.datePublished}, ${versions.id})`;
const positionOf = (id: number) => sql`(select v.date_published, v.id from versions v where v.id = ${id})`;
/** After version `after` up to and including version `upTo`. */
const between = (after: number, upTo: number): SQL => sql`(${position} > ${positionOf(after)} and ${position} <= ${positionOf(upTo)})`;

/** The compared versions, oldest first. */
export function listComparedVersions(db: Executor, ids: readonly number[]) {
  return db
    .select({
      id: versions.id,
      projectId: versions.projectId,
      name: versions.name,
      versionNumber: versions.versionNumber,
      versionType: versions.versionType,
      datePublished: versions.datePublished,
      status: versions.status,
      loaders: versions.loaders,
      gameVersions: versions.gameVersions,
      projectTypes: versions.projectTypes,
    })
    .from(versions)
    .where(anyBigint(versions.id, ids))
    .orderBy(asc(versions.datePublished), asc(versions.id));
}
export type ComparedVersionRow = Awaited<ReturnType<typeof listComparedVersions>>[number];

const betweenColumns = {
  id: versions.id,
  projectId: versions.projectId,
  name: versions.name,
  versionNumber: versions.versionNumber,
  versionType: versions.versionType,
  datePublished: versions.datePublished,
  changelog: versions.changelog,
};

/**
 * A project's versions after `after` up to and including `upTo`, newest first, at most
 * `limit`; `hidden` false leaves out the statuses only members see.
 */
export function listVersionsBetween(db: Executor, where: { projectId: number; after: number; upTo: number; hidden: boolean; limit: number }) {
  return db
    .select(betweenColumns)
    .from(versions)
    .where(and(eq(versions.projectId, where.projectId), between(where.after, where.upTo), where.hidden ? undefined : notInArray(versions.status, [...HIDDEN_VERSION_STATUSES])))
    .orderBy(desc(versions.datePublished), desc(versions.id))
    .limit(where.limit);
}
export type VersionBetweenRow = Awaited<ReturnType<typeof listVersionsBetween>>[number];

/**
 * For each range (a mod's old and new version), the mod's versions after the old one up to
 * and including the new one, newest first, at most `limitPerRange` each — one query for all
 * mods. Hidden statuses only for the projects in `seesHidden`.
 */
export async function listVersionsInRanges(
  db: Executor,
  ranges: ReadonlyArray<{ projectId: number; after: number; upTo: number }>,
  seesHidden: readonly number[],
  limitPerRange: number,
): Promise<VersionBetweenRow[]> {
  if (ranges.length === 0) return [];
  const visible = or(notInArray(versions.status, [...HIDDEN_VERSION_STATUSES]), anyBigint(versions.projectId, seesHidden));
  const inRange = or(...ranges.map((r) => and(eq(versions.projectId, r.projectId), between(r.after, r.upTo))));
  const ranked = db
    .select({
      ...betweenColumns,
      rank: sql<number>`row_number() over (partition by ${versions.projectId} order by ${versions.datePublished} desc, ${versions.id} desc)`.as('rank'),
    })
    .from(versions)
    .where(and(inRange, visible))
    .as('ranked');
  return db
    .select({
      id: ranked.id,
      projectId: ranked.projectId,
      name: ranked.name,
      versionNumber: ranked.versionNumber,
      versionType: ranked.versionType,
      datePublished: ranked.datePublished,
      changelog: ranked.changelog,
    })
    .from(ranked)
    .where(lte(ranked.rank, limitPerRange))
    .orderBy(asc(ranked.projectId), asc(ranked.rank));
}

/** Versions named by dependencies and pack contents: their project, number and status. */
export function listVersionRefs(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: versions.id, projectId: versions.projectId, versionNumber: versions.versionNumber, status: versions.status })
    .from(versions)
    .where(anyBigint(versions.id, ids));
}
export type VersionRefRow = Awaited<ReturnType<typeof listVersionRefs>>[number];

export async function listProjectTitles(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: projects.id, title: projects.title }).from(projects).where(anyBigint(projects.id, ids));
  return new Map(rows.map((r) => [r.id, r.title]));
}
