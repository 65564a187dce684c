import { and, asc, gt, inArray, sql } from 'drizzle-orm';
import { LISTED_VERSION_STATUSES, SEARCHABLE_PROJECT_STATUSES } from '@cairn/shared/constants/project-status';
import type { Executor } from '../../db/client.js';
import { anyBigint, anyText } from '../../db/sql-helpers.js';
import { organizations, projects, searchOutbox, teamMembers, versionDependencies, versions } from '../../db/schema/catalogue.js';
import { gameVersions, licenses } from '../../db/schema/tags.js';
import { users } from '../../db/schema/users.js';


// ---- what the index is built from ----

/** Searchable project ids after `afterId`, ascending (keyset pages for a full rebuild). */
export async function listSearchableProjectIds(db: Executor, afterId: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(gt(projects.id, afterId), inArray(projects.status, [...SEARCHABLE_PROJECT_STATUSES])))
    .orderBy(asc(projects.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function countSearchableProjects(db: Executor): Promise<number> {
  const [row] = await db
    .select({ count: sql<string>`count(*)` })
    .from(projects)
    .where(inArray(projects.status, [...SEARCHABLE_PROJECT_STATUSES]));
  return Number(row?.count ?? 0);
}

/**
 * Listed versions of the projects, oldest first: what search filters on. Plain SQL: a full
 * rebuild reads every version, and row mapping is a noticeable share of its time.
 */
export async function listListedVersions(db: Executor, projectIds: readonly number[]) {
  if (projectIds.length === 0) return [];
  const rows = await db.execute<{ id: string; project_id: string; loaders: string[]; game_versions: string[]; environment: string; project_types: string[] }>(sql`
    select id::text, project_id::text, loaders, game_versions, environment, project_types from ${versions}
    where ${anyBigint(versions.projectId, projectIds)} and ${anyText(versions.status, LISTED_VERSION_STATUSES)}
    order by project_id, date_published, id`);
  return rows.map((r) => ({
    id: Number(r.id),
    projectId: Number(r.project_id),
    loaders: r.loaders,
    gameVersions: r.game_versions,
    environment: r.environment,
    projectTypes: r.project_types,
  }));
}

/** Release order of game versions (oldest first), to list a project's versions as v2 does. */
export async function listGameVersionOrder(db: Executor): Promise<Map<string, number>> {
  const rows = await db.select({ version: gameVersions.version }).from(gameVersions).orderBy(asc(gameVersions.date), asc(gameVersions.version));
  return new Map(rows.map((r, i) => [r.version, i]));
}

/** The owner (accepted owner of the project's team) and the organization of each project. */
export async function listAuthors(db: Executor, projectIds: readonly number[]) {
  if (projectIds.length === 0) return [];
  const rows = await db.execute<{ project_id: string; user_id: string | null; username: string | null; organization_id: string | null; organization_name: string | null }>(sql`
    select p.id::text as project_id, u.id::text as user_id, u.username, o.id::text as organization_id, o.name as organization_name
    from ${projects} p
    left join ${teamMembers} m on m.team_id = p.team_id and m.is_owner
    left join ${users} u on u.id = m.user_id
    left join ${organizations} o on o.id = p.organization_id
    where ${anyBigint(sql`p.id`, projectIds)}`);
  return rows.map((r) => ({
    projectId: Number(r.project_id),
    userId: r.user_id === null ? null : Number(r.user_id),
    username: r.username,
    organizationId: r.organization_id === null ? null : Number(r.organization_id),
    organizationName: r.organization_name,
  }));
}

export async function listLicenseFacts(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, { name: string; osiApproved: boolean }>();
  const rows = await db
    .select({ id: licenses.id, name: licenses.name, osiApproved: licenses.osiApproved })
    .from(licenses)
    .where(inArray(sql`lower(${licenses.id})`, ids.map((id) => id.toLowerCase())));
  return new Map(rows.map((r) => [r.id.toLowerCase(), { name: r.name, osiApproved: r.osiApproved }]));
}

/** Projects the listed versions depend on, with the kind of dependency. */
export async function listDependencies(db: Executor, projectIds: readonly number[]) {
  if (projectIds.length === 0) return [];
  const rows = await db.execute<{ project_id: string; dependency_project_id: string; dependency_type: string }>(sql`
    select distinct v.project_id::text as project_id,
      coalesce(d.dependency_project_id, dv.project_id)::text as dependency_project_id, d.dependency_type
    from ${versionDependencies} d
    join ${versions} v on v.id = d.version_id
    left join ${versions} dv on dv.id = d.dependency_version_id
    where ${anyBigint(sql`v.project_id`, projectIds)} and ${anyText(sql`v.status`, LISTED_VERSION_STATUSES)}
      and coalesce(d.dependency_project_id, dv.project_id) is not null`);
  return rows.map((r) => ({ projectId: Number(r.project_id), dependencyProjectId: Number(r.dependency_project_id), type: r.dependency_type }));
}

// ---- the change outbox ----

export function listOutboxRows(db: Executor, limit: number) {
  return db.select({ id: searchOutbox.id, projectId: searchOutbox.projectId }).from(searchOutbox).orderBy(asc(searchOutbox.id)).limit(limit);
}

export async function deleteOutboxRows(db: Executor, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(searchOutbox).where(inArray(searchOutbox.id, [...ids]));
}

export async function countOutboxRows(db: Executor): Promise<number> {
  const [row] = await db.select({ count: sql<string>`count(*)` }).from(searchOutbox);
  return Number(row?.count ?? 0);
}
