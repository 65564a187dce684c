import { and, arrayOverlaps, asc, desc, eq, inArray, lte, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { HIDDEN_PROJECT_STATUSES, HIDDEN_VERSION_STATUSES, LISTED_VERSION_STATUSES } from '@cairn/shared/constants/project-status';
import type { Database, Executor } from '../../db/client.js';
import { downloadDedup, organizations, projects, searchOutbox, versionDependencies, versionFiles, versions } from '../../db/schema/catalogue.js';
import { gameVersions, loaders } from '../../db/schema/tags.js';
import { anyBigint, anyText } from '../../db/sql-helpers.js';
import { versionColumns, type VersionRow } from './version-details.repository.js';
import { countDailyDownload } from './download-days.repository.js';

/** Display order: explicitly ordered versions first, then newest first. */
const displayOrder = [sql`${versions.ordering} asc nulls last`, desc(versions.datePublished), desc(versions.id)];

export async function findVersionRow(db: Executor, id: number): Promise<VersionRow | undefined> {
  const rows = await db.select(versionColumns).from(versions).where(eq(versions.id, id)).limit(1);
  return rows[0];
}

/** The array column shares at least one value with `values`; an empty list matches nothing. */
function sharesAValue(column: AnyColumn, values: readonly string[]): SQL {
  return values.length > 0 ? arrayOverlaps(column, [...values]) : sql`false`;
}

export interface VersionListFilters {
  loaders?: readonly string[];
  gameVersions?: readonly string[];
  featured?: boolean;
  versionType?: string;
  /** Which versions the caller may see, as SQL over the status column (access/version.policy.ts). */
  visible: (status: AnyColumn) => SQL | undefined;
  /** Only listed and archived versions (what update checks offer). */
  listedOnly?: boolean;
  limit?: number;
  offset: number;
}

export function listProjectVersionRows(db: Executor, projectId: number, filters: VersionListFilters): Promise<VersionRow[]> {
  const conditions: SQL[] = [eq(versions.projectId, projectId)];
  const visible = filters.visible(versions.status);
  if (visible) conditions.push(visible);
  if (filters.listedOnly) conditions.push(inArray(versions.status, [...LISTED_VERSION_STATUSES]));
  if (filters.loaders) conditions.push(sharesAValue(versions.loaders, filters.loaders));
  if (filters.gameVersions) conditions.push(sharesAValue(versions.gameVersions, filters.gameVersions));
  if (filters.featured !== undefined) conditions.push(eq(versions.featured, filters.featured));
  if (filters.versionType) conditions.push(eq(versions.versionType, filters.versionType));
  const query = db
    .select(versionColumns)
    .from(versions)
    .where(and(...conditions))
    .orderBy(...displayOrder)
    .offset(filters.offset);
  return filters.limit === undefined ? query : query.limit(filters.limit);
}

/** Versions of a project whose id is `id` or whose number is `number`, oldest first. */
export function listProjectVersionsByIdOrNumber(db: Executor, projectId: number, id: number | undefined, number: string): Promise<VersionRow[]> {
  const match = id === undefined ? eq(versions.versionNumber, number) : sql`(${versions.id} = ${id} or ${versions.versionNumber} = ${number})`;
  return db
    .select(versionColumns)
    .from(versions)
    .where(and(eq(versions.projectId, projectId), match))
    .orderBy(sql`${versions.id} = ${id ?? -1} desc`, asc(versions.datePublished), asc(versions.id));
}

export type HashAlgorithm = 'sha1' | 'sha512';

const hashColumn = (algorithm: HashAlgorithm) => (algorithm === 'sha1' ? versionFiles.sha1 : versionFiles.sha512);

/**
 * Every version holding a file with one of these hashes, newest first, with what deciding its
 * visibility takes (its project's status and teams), in one statement (the versions themselves
 * come from the version cache).
 */
export function listVersionsByFileHashes(db: Executor, algorithm: HashAlgorithm, hashes: readonly string[]) {
  if (hashes.length === 0) return Promise.resolve([]);
  const column = hashColumn(algorithm);
  return db
    .select({
      hash: column,
      fileId: versionFiles.id,
      versionId: versions.id,
      projectId: versions.projectId,
      status: versions.status,
      projectSlug: projects.slug,
      projectStatus: projects.status,
      teamId: projects.teamId,
      organizationId: projects.organizationId,
      organizationTeamId: organizations.teamId,
    })
    .from(versionFiles)
    .innerJoin(versions, eq(versions.id, versionFiles.versionId))
    .innerJoin(projects, eq(projects.id, versions.projectId))
    .leftJoin(organizations, eq(organizations.id, projects.organizationId))
    .where(anyText(column, hashes))
    .orderBy(desc(versions.datePublished), desc(versions.id));
}

export type HashRow = Awaited<ReturnType<typeof listVersionsByFileHashes>>[number];

/**
 * The same restricted to the versions `isPublic` keeps (a condition on the version's and the
 * project's status: access/version.policy.ts), without the teams: the lookup of anonymous callers,
 * which is most of the traffic launchers send.
 */
export function listPublicVersionsByFileHashes(db: Executor, algorithm: HashAlgorithm, hashes: readonly string[], isPublic: (versionStatus: AnyColumn, projectStatus: AnyColumn) => SQL) {
  if (hashes.length === 0) return Promise.resolve([]);
  const column = hashColumn(algorithm);
  return db
    .select({ hash: column, fileId: versionFiles.id, versionId: versions.id, projectId: versions.projectId, status: versions.status })
    .from(versionFiles)
    .innerJoin(versions, eq(versions.id, versionFiles.versionId))
    .innerJoin(projects, eq(projects.id, versions.projectId))
    .where(and(anyText(column, hashes), isPublic(versions.status, projects.status)))
    .orderBy(desc(versions.datePublished), desc(versions.id));
}

export interface UpdateFilter {
  loaders?: readonly string[];
  gameVersions?: readonly string[];
  versionTypes?: readonly string[];
}

/**
 * How update checks rank a project's candidates, best first (the reference ranks them differently
 * per route):
 * - `published`: newest first (`/version_file/{hash}/update`, `/version_files/update`);
 * - `ordering`: the reference's version order (manual `ordering` ascending, unordered versions
 *   after every ordered one, then publication date), last one wins: so the newest version without
 *   an `ordering` when there is one, else the highest `ordering` (`/version_files/update_individual`).
 */
export type UpdateOrder = 'published' | 'ordering';

const updateOrders: Record<UpdateOrder, SQL[]> = {
  published: [desc(versions.datePublished), desc(versions.id)],
  ordering: [sql`${versions.ordering} desc nulls first`, desc(versions.datePublished), desc(versions.id)],
};

/** One set of update filters, asked for some projects. */
export interface UpdateQuery {
  projectIds: readonly number[];
  filter: UpdateFilter;
}

/**
 * For each query, each of its projects → the id of the project's best listed (or archived)
 * version, ranked by `order`, matching every filter of the query (a filter matches when the version
 * shares at least one value with it, so an empty one matches nothing). One statement whatever the
 * number of queries: `/version_files/update_individual` may bring 1,000 different ones.
 */
export async function listLatestMatchingVersionIds(db: Executor, queries: readonly UpdateQuery[], order: UpdateOrder): Promise<Map<number, number>[]> {
  const results = queries.map(() => new Map<number, number>());
  const pairs = queries.flatMap((query, q) => query.projectIds.map((projectId) => [q, projectId] as const));
  if (pairs.length === 0) return results;
  if (queries.length === 1) {
    // One set of filters (every /version_files/update): a plainer statement the planner runs faster.
    const { filter } = queries[0]!;
    const rows = await db
      .selectDistinctOn([versions.projectId], { projectId: versions.projectId, id: versions.id })
      .from(versions)
      .where(
        and(
          anyBigint(versions.projectId, queries[0]!.projectIds),
          inArray(versions.status, [...LISTED_VERSION_STATUSES]),
          filter.loaders && sharesAValue(versions.loaders, filter.loaders),
          filter.gameVersions && sharesAValue(versions.gameVersions, filter.gameVersions),
          filter.versionTypes && (filter.versionTypes.length > 0 ? inArray(versions.versionType, [...filter.versionTypes]) : sql`false`),
        ),
      )
      .orderBy(versions.projectId, ...updateOrders[order]);
    for (const row of rows) results[0]!.set(row.projectId, row.id);
    return results;
  }
  const filters = queries.map(({ filter }, q) => ({ q, loaders: filter.loaders ?? null, game_versions: filter.gameVersions ?? null, version_types: filter.versionTypes ?? null }));
  const rows = await db.execute<{ q: number; project_id: string; id: string }>(sql`
    select distinct on (t.q, ${versions.projectId}) t.q, ${versions.projectId}::text as project_id, ${versions.id}::text as id
    from unnest(${sql.param(pairs.map(([q]) => q))}::int[], ${sql.param(pairs.map(([, projectId]) => projectId))}::bigint[]) as t(q, project_id)
    join jsonb_to_recordset(${JSON.stringify(filters)}::jsonb) as f(q int, loaders text[], game_versions text[], version_types text[]) on f.q = t.q
    join ${versions} on ${versions.projectId} = t.project_id
    where ${versions.status} in ${[...LISTED_VERSION_STATUSES]}
      and (f.loaders is null or ${versions.loaders} && f.loaders)
      and (f.game_versions is null or ${versions.gameVersions} && f.game_versions)
      and (f.version_types is null or ${versions.versionType} = any(f.version_types))
    order by t.q, ${versions.projectId}, ${sql.join(updateOrders[order], sql`, `)}
  `);
  for (const row of rows) results[Number(row.q)]!.set(Number(row.project_id), Number(row.id));
  return results;
}

export async function listKnownLoaders(db: Executor, names: readonly string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await db.select({ name: loaders.name }).from(loaders).where(inArray(loaders.name, [...names]));
  return new Set(rows.map((r) => r.name));
}

export async function listKnownGameVersions(db: Executor, names: readonly string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await db.select({ version: gameVersions.version }).from(gameVersions).where(inArray(gameVersions.version, [...names]));
  return new Set(rows.map((r) => r.version));
}

/** Project of each existing version among `ids`. */
export async function listVersionProjects(db: Executor, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: versions.id, projectId: versions.projectId }).from(versions).where(inArray(versions.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.projectId]));
}

export async function listExistingProjectIds(db: Executor, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: projects.id }).from(projects).where(inArray(projects.id, [...ids]));
  return new Set(rows.map((r) => r.id));
}

/** sha1 hashes among `sha1s` already used by files of other projects. */
export async function listSha1sOfOtherProjects(db: Executor, sha1s: readonly string[], projectId: number): Promise<string[]> {
  if (sha1s.length === 0) return [];
  const rows = await db
    .selectDistinct({ sha1: versionFiles.sha1 })
    .from(versionFiles)
    .innerJoin(versions, eq(versions.id, versionFiles.versionId))
    .where(and(inArray(versionFiles.sha1, [...sha1s]), ne(versions.projectId, projectId)));
  return rows.map((r) => r.sha1);
}

/** Files on Cairn with any of these hashes (for a modpack's embedded files), newest version first. */
export function listFilesByHashes(db: Executor, sha1s: readonly string[], sha512s: readonly string[]) {
  const conditions: SQL[] = [];
  if (sha1s.length) conditions.push(inArray(versionFiles.sha1, [...sha1s]));
  if (sha512s.length) conditions.push(inArray(versionFiles.sha512, [...sha512s]));
  if (conditions.length === 0) return Promise.resolve([]);
  return db
    .select({ sha1: versionFiles.sha1, sha512: versionFiles.sha512, versionId: versions.id, projectId: versions.projectId })
    .from(versionFiles)
    .innerJoin(versions, eq(versions.id, versionFiles.versionId))
    .where(sql.join(conditions, sql` or `))
    .orderBy(desc(versions.datePublished));
}

export function findFirstVersionEnvironment(db: Executor, projectId: number) {
  return db
    .select({ environment: versions.environment })
    .from(versions)
    .where(eq(versions.projectId, projectId))
    .orderBy(asc(versions.datePublished))
    .limit(1)
    .then((rows) => rows[0]?.environment);
}

export type NewVersion = typeof versions.$inferInsert;
export type NewVersionFile = typeof versionFiles.$inferInsert;
export type NewDependency = typeof versionDependencies.$inferInsert;

export async function insertVersion(tx: Executor, version: NewVersion): Promise<void> {
  await tx.insert(versions).values(version);
}

export async function insertFiles(tx: Executor, files: NewVersionFile[]): Promise<void> {
  if (files.length) await tx.insert(versionFiles).values(files);
}

export async function insertDependencies(tx: Executor, dependencies: NewDependency[]): Promise<void> {
  if (dependencies.length) await tx.insert(versionDependencies).values(dependencies);
}

export async function deleteDependencies(tx: Executor, versionId: number): Promise<void> {
  await tx.delete(versionDependencies).where(eq(versionDependencies.versionId, versionId));
}

export async function updateVersion(tx: Executor, id: number, changes: Partial<NewVersion>): Promise<void> {
  if (Object.keys(changes).length) await tx.update(versions).set(changes).where(eq(versions.id, id));
}

export async function deleteVersion(tx: Executor, id: number): Promise<void> {
  await tx.delete(versions).where(eq(versions.id, id));
}

export async function updateFile(tx: Executor, id: number, changes: Partial<NewVersionFile>): Promise<void> {
  await tx.update(versionFiles).set(changes).where(eq(versionFiles.id, id));
}

export async function clearPrimaryFile(tx: Executor, versionId: number): Promise<void> {
  await tx.update(versionFiles).set({ primary: false }).where(eq(versionFiles.versionId, versionId));
}

export async function deleteFile(tx: Executor, id: number): Promise<void> {
  await tx.delete(versionFiles).where(eq(versionFiles.id, id));
}

/** Marks the project as changed (new or edited version). */
export async function touchProject(tx: Executor, projectId: number): Promise<void> {
  await tx.update(projects).set({ updated: sql`now()` }).where(eq(projects.id, projectId));
}

export async function addProjectDownloads(tx: Executor, projectId: number, delta: number): Promise<void> {
  await tx
    .update(projects)
    .set({ downloads: sql`greatest(0, ${projects.downloads} + ${delta})` })
    .where(eq(projects.id, projectId));
}

/** The file a download URL names (version id + file name), with what visibility needs. */
export async function findFileForDownload(db: Executor, versionId: number, filename: string) {
  const rows = await db
    .select({
      blobKey: versionFiles.blobKey,
      filename: versionFiles.filename,
      size: versionFiles.size,
      sha1: versionFiles.sha1,
      sha512: versionFiles.sha512,
      versionId: versions.id,
      projectId: versions.projectId,
      status: versions.status,
    })
    .from(versionFiles)
    .innerJoin(versions, eq(versions.id, versionFiles.versionId))
    .where(and(eq(versionFiles.versionId, versionId), eq(versionFiles.filename, filename)))
    .limit(1);
  return rows[0];
}

/**
 * Counts one download unless this client already downloaded the version in the current hour.
 * The de-duplication row and both totals change in one transaction with database-side
 * increments, so concurrent downloads never lose counts. Returns whether it counted.
 */
export async function countDownload(
  db: Database,
  versionId: number,
  projectId: number,
  clientKey: string,
  /** Runs in the same transaction when the download counts. */
  onCounted?: (tx: Executor) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(downloadDedup)
      .values({ versionId, clientKey, hour: sql`date_trunc('hour', now())` })
      .onConflictDoNothing()
      .returning({ versionId: downloadDedup.versionId });
    if (inserted.length === 0) return false;
    await tx.update(versions).set({ downloads: sql`${versions.downloads} + 1` }).where(eq(versions.id, versionId));
    await tx.update(projects).set({ downloads: sql`${projects.downloads} + 1` }).where(eq(projects.id, projectId));
    await countDailyDownload(tx, projectId);
    await onCounted?.(tx);
    // One pending search update per project is enough, however many downloads arrive.
    await tx.execute(
      sql`insert into ${searchOutbox} (project_id) select ${projectId} where not exists (select 1 from ${searchOutbox} where project_id = ${projectId})`,
    );
    return true;
  });
}

/** Forgets de-duplication rows of hours that have passed. */
export async function deleteExpiredDownloadDedup(db: Executor): Promise<number> {
  const rows = await db
    .delete(downloadDedup)
    .where(sql`${downloadDedup.hour} < date_trunc('hour', now())`)
    .returning({ versionId: downloadDedup.versionId });
  return rows.length;
}

/** What a new version inherits from its project. */
export async function findProjectSides(db: Executor, projectId: number) {
  const rows = await db
    .select({ id: projects.id, clientSide: projects.clientSide, serverSide: projects.serverSide })
    .from(projects)
    .where(eq(projects.id, projectId))
    .limit(1);
  return rows[0];
}

/** Scheduled versions whose time has come, locked for publishing (others' locked rows skipped). */
export function listDueScheduledVersions(tx: Executor, now: Date) {
  return tx
    .select({ id: versions.id, projectId: versions.projectId, requestedStatus: versions.requestedStatus, scheduledFor: versions.scheduledFor })
    .from(versions)
    .where(and(eq(versions.status, 'scheduled'), lte(versions.scheduledFor, now)))
    .for('update', { skipLocked: true });
}

/** Among `ids`, the versions not everyone may see (hidden themselves or in a hidden project). */
export async function listNonPublicVersionIds(db: Executor, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: versions.id })
    .from(versions)
    .innerJoin(projects, eq(projects.id, versions.projectId))
    .where(
      and(
        anyBigint(versions.id, [...new Set(ids)]),
        or(inArray(versions.status, [...HIDDEN_VERSION_STATUSES]), inArray(projects.status, [...HIDDEN_PROJECT_STATUSES])),
      ),
    );
  return new Set(rows.map((r) => r.id));
}
