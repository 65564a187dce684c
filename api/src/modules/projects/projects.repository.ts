import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { LISTED_VERSION_STATUSES } from '@cairn/shared/constants/project-status';
import type { Executor } from '../../db/client.js';
import {
  projectCategories,
  projectFollows,
  projectGalleryImages,
  projectLinks,
  projects,
  teamMembers,
  teams,
  versionDependencies,
  versions,
} from '../../db/schema/catalogue.js';
import { categories, donationPlatforms, gameVersions, licenses } from '../../db/schema/tags.js';
import { threads } from '../../db/schema/trust.js';
import { users } from '../../db/schema/users.js';

// ---- reads: the parts of the v2 Project object ----

export const projectColumns = {
  id: projects.id,
  slug: projects.slug,
  teamId: projects.teamId,
  organizationId: projects.organizationId,
  title: projects.title,
  summary: projects.summary,
  body: projects.body,
  declaredType: projects.declaredType,
  status: projects.status,
  requestedStatus: projects.requestedStatus,
  moderationMessage: projects.moderationMessage,
  moderationMessageBody: projects.moderationMessageBody,
  licenseId: projects.licenseId,
  licenseUrl: projects.licenseUrl,
  published: projects.published,
  updated: projects.updated,
  approved: projects.approved,
  queued: projects.queued,
  downloads: projects.downloads,
  followers: projects.followers,
  iconKey: projects.iconKey,
  rawIconKey: projects.rawIconKey,
  color: projects.color,
  monetizationStatus: projects.monetizationStatus,
  clientSide: projects.clientSide,
  serverSide: projects.serverSide,
  originalLanguage: projects.originalLanguage,
};
export function listProjectRows(db: Executor, ids: readonly number[]) {
  return db.select(projectColumns).from(projects).where(inArray(projects.id, [...ids]));
}
export type ProjectRow = Awaited<ReturnType<typeof listProjectRows>>[number];

export function findProjectRow(db: Executor, id: number): Promise<ProjectRow | undefined> {
  return db.select(projectColumns).from(projects).where(eq(projects.id, id)).then((rows) => rows[0]);
}

export function listProjectCategories(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ projectId: projectCategories.projectId, category: projectCategories.category, additional: projectCategories.additional })
    .from(projectCategories)
    .where(inArray(projectCategories.projectId, [...ids]))
    .orderBy(asc(projectCategories.category));
}

export function listProjectLinks(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ projectId: projectLinks.projectId, platform: projectLinks.platform, donation: projectLinks.donation, url: projectLinks.url })
    .from(projectLinks)
    .where(inArray(projectLinks.projectId, [...ids]))
    .orderBy(asc(projectLinks.platform));
}

export const galleryColumns = {
  id: projectGalleryImages.id,
  projectId: projectGalleryImages.projectId,
  imageKey: projectGalleryImages.imageKey,
  rawImageKey: projectGalleryImages.rawImageKey,
  featured: projectGalleryImages.featured,
  title: projectGalleryImages.title,
  description: projectGalleryImages.description,
  ordering: projectGalleryImages.ordering,
  created: projectGalleryImages.created,
};

export function listGalleryImages(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select(galleryColumns)
    .from(projectGalleryImages)
    .where(inArray(projectGalleryImages.projectId, [...ids]))
    .orderBy(asc(projectGalleryImages.ordering), sql`${projectGalleryImages.title} asc nulls last`, asc(projectGalleryImages.id));
}

export function listThreadIds(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ projectId: sql<number>`${threads.projectId}`.mapWith(Number), threadId: threads.id })
    .from(threads)
    .where(inArray(threads.projectId, [...ids]));
}

export function listLicenseNames(db: Executor, licenseIds: readonly string[]) {
  if (licenseIds.length === 0) return Promise.resolve([]);
  return db.select({ id: licenses.id, name: licenses.name }).from(licenses).where(inArray(licenses.id, [...licenseIds]));
}

export interface VersionAggregate {
  projectId: number;
  versionIds: number[];
  loaders: string[];
  gameVersions: string[];
  environments: string[];
  projectTypes: string[];
  firstEnvironment: string | null;
}

const toNumbers = (values: unknown): number[] => ((values as Array<string | number> | null) ?? []).map(Number);

/**
 * What a project shows from its listed versions: version ids (oldest first), loaders, game
 * versions (in release order), environments and project types.
 */
export async function listVersionAggregates(db: Executor, ids: readonly number[]): Promise<VersionAggregate[]> {
  if (ids.length === 0) return [];
  const listed = [...LISTED_VERSION_STATUSES];
  const rows = await db.execute<{
    project_id: string;
    version_ids: string[] | null;
    loaders: string[] | null;
    game_versions: string[] | null;
    environments: string[] | null;
    project_types: string[] | null;
    first_environment: string | null;
  }>(sql`
    select p.id::text as project_id,
      (select array_agg(v.id::text order by v.date_published, v.id) from ${versions} v
        where v.project_id = p.id and v.status in ${listed}) as version_ids,
      (select array_agg(distinct l order by l) from ${versions} v, unnest(v.loaders) l
        where v.project_id = p.id and v.status in ${listed}) as loaders,
      (select array_agg(g.name order by g.date nulls last, g.name) from (
        select distinct gv.name, tag.date from ${versions} v, unnest(v.game_versions) gv(name)
          left join ${gameVersions} tag on tag.version = gv.name
        where v.project_id = p.id and v.status in ${listed}) g) as game_versions,
      (select array_agg(distinct v.environment order by v.environment) from ${versions} v
        where v.project_id = p.id and v.status in ${listed}) as environments,
      (select array_agg(distinct t order by t) from ${versions} v, unnest(v.project_types) t
        where v.project_id = p.id and v.status in ${listed}) as project_types,
      (select v.environment from ${versions} v
        where v.project_id = p.id and v.status in ${listed} order by v.date_published, v.id limit 1) as first_environment
    from unnest(${sql.raw(`array[${ids.map((id) => Number(id)).join(',')}]::bigint[]`)}) as p(id)
  `);
  return rows.map((r) => ({
    projectId: Number(r.project_id),
    versionIds: toNumbers(r.version_ids),
    loaders: r.loaders ?? [],
    gameVersions: r.game_versions ?? [],
    environments: r.environments ?? [],
    projectTypes: r.project_types ?? [],
    firstEnvironment: r.first_environment,
  }));
}

// ---- reference data checks ----

export async function listExistingCategories(db: Executor, names: readonly string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await db.selectDistinct({ name: categories.name }).from(categories).where(inArray(categories.name, [...names]));
  return new Set(rows.map((r) => r.name));
}

export async function listExistingLicenses(db: Executor, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: licenses.id })
    .from(licenses)
    .where(inArray(sql`lower(${licenses.id})`, ids.map((i) => i.toLowerCase())));
  return new Map(rows.map((r) => [r.id.toLowerCase(), r.id]));
}

export async function listDonationPlatformNames(db: Executor): Promise<Map<string, string>> {
  const rows = await db.select({ short: donationPlatforms.short, name: donationPlatforms.name }).from(donationPlatforms);
  return new Map(rows.map((r) => [r.short, r.name]));
}

// ---- slugs ----

/** Another project already uses this text as its slug or (base62) id. */
export async function isSlugTaken(db: Executor, slug: string, idFromSlug: number | undefined, exceptProjectId?: number): Promise<boolean> {
  const conditions = [sql`lower(${projects.slug}) = lower(${slug})`];
  if (idFromSlug !== undefined) conditions.push(eq(projects.id, idFromSlug));
  const rows = await db
    .select({ id: projects.id })
    .from(projects)
    .where(sql`(${sql.join(conditions, sql` or `)}) ${exceptProjectId !== undefined ? sql`and ${projects.id} <> ${exceptProjectId}` : sql``}`)
    .limit(1);
  return rows.length > 0;
}

// ---- writes ----

export type NewProject = typeof projects.$inferInsert;

export async function insertTeam(tx: Executor, id: number): Promise<void> {
  await tx.insert(teams).values({ id });
}

export async function insertTeamMember(tx: Executor, member: typeof teamMembers.$inferInsert): Promise<void> {
  await tx.insert(teamMembers).values(member);
}

export async function insertProject(tx: Executor, project: NewProject): Promise<void> {
  await tx.insert(projects).values(project);
}

export async function updateProject(tx: Executor, id: number, changes: Partial<NewProject>): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await tx.update(projects).set(changes).where(eq(projects.id, id));
}

export async function replaceCategories(tx: Executor, projectId: number, additional: boolean, names: readonly string[]): Promise<void> {
  await tx.delete(projectCategories).where(and(eq(projectCategories.projectId, projectId), eq(projectCategories.additional, additional)));
  if (names.length === 0) return;
  // A category is either primary or additional; primary wins.
  await tx
    .insert(projectCategories)
    .values([...new Set(names)].map((category) => ({ projectId, category, additional })))
    .onConflictDoNothing();
}

export async function setLink(tx: Executor, projectId: number, platform: string, donation: boolean, url: string | null): Promise<void> {
  if (url === null) {
    await tx.delete(projectLinks).where(and(eq(projectLinks.projectId, projectId), eq(projectLinks.platform, platform)));
    return;
  }
  await tx
    .insert(projectLinks)
    .values({ projectId, platform, donation, url })
    .onConflictDoUpdate({ target: [projectLinks.projectId, projectLinks.platform], set: { url, donation } });
}

export async function deleteDonationLinks(tx: Executor, projectId: number): Promise<void> {
  await tx.delete(projectLinks).where(and(eq(projectLinks.projectId, projectId), eq(projectLinks.donation, true)));
}

export async function deleteProject(tx: Executor, id: number): Promise<void> {
  await tx.delete(projects).where(eq(projects.id, id));
}

export async function deleteTeam(tx: Executor, id: number): Promise<void> {
  await tx.delete(teams).where(eq(teams.id, id));
}

export async function countVersions(db: Executor, projectId: number): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(versions).where(eq(versions.projectId, projectId));
  return rows[0]?.n ?? 0;
}

export function listVersionBlobKeysOfProject(db: Executor, projectId: number) {
  return db.execute<{ blob_key: string }>(
    sql`select f.blob_key from version_files f join ${versions} v on v.id = f.version_id where v.project_id = ${projectId}`,
  );
}

// ---- gallery ----

export function listGalleryOfProject(db: Executor, projectId: number) {
  return db.select(galleryColumns).from(projectGalleryImages).where(eq(projectGalleryImages.projectId, projectId));
}

export async function insertGalleryImage(tx: Executor, image: typeof projectGalleryImages.$inferInsert): Promise<void> {
  await tx.insert(projectGalleryImages).values(image);
}

export async function unfeatureGallery(tx: Executor, projectId: number): Promise<void> {
  await tx.update(projectGalleryImages).set({ featured: false }).where(eq(projectGalleryImages.projectId, projectId));
}

export async function updateGalleryImage(tx: Executor, id: number, changes: Partial<typeof projectGalleryImages.$inferInsert>): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await tx.update(projectGalleryImages).set(changes).where(eq(projectGalleryImages.id, id));
}

export async function deleteGalleryImage(tx: Executor, id: number): Promise<void> {
  await tx.delete(projectGalleryImages).where(eq(projectGalleryImages.id, id));
}

// ---- follows ----

/** A follow's filter: loader names and game versions (empty lists narrow nothing). */
export interface FollowFilter {
  loaders: string[];
  gameVersions: string[];
}

/** Inserts the follow and bumps the counter in one statement pair; false when already following. */
export async function insertFollow(tx: Executor, userId: number, projectId: number, filter: FollowFilter = { loaders: [], gameVersions: [] }): Promise<boolean> {
  const inserted = await tx
    .insert(projectFollows)
    .values({ userId, projectId, loaders: filter.loaders, gameVersions: filter.gameVersions })
    .onConflictDoNothing()
    .returning({ userId: projectFollows.userId });
  if (inserted.length === 0) return false;
  await tx.update(projects).set({ followers: sql`${projects.followers} + 1` }).where(eq(projects.id, projectId));
  return true;
}

export async function deleteFollow(tx: Executor, userId: number, projectId: number): Promise<boolean> {
  const deleted = await tx
    .delete(projectFollows)
    .where(and(eq(projectFollows.userId, userId), eq(projectFollows.projectId, projectId)))
    .returning({ userId: projectFollows.userId });
  if (deleted.length === 0) return false;
  await tx.update(projects).set({ followers: sql`${projects.followers} - 1` }).where(eq(projects.id, projectId));
  return true;
}

const followColumns = { projectId: projectFollows.projectId, loaders: projectFollows.loaders, gameVersions: projectFollows.gameVersions, created: projectFollows.created };
export type FollowRow = { projectId: number; created: Date } & FollowFilter;

export async function findFollow(db: Executor, userId: number, projectId: number): Promise<FollowRow | undefined> {
  const [row] = await db
    .select(followColumns)
    .from(projectFollows)
    .where(and(eq(projectFollows.userId, userId), eq(projectFollows.projectId, projectId)))
    .limit(1);
  return row;
}

/** Changes the filter of an existing follow; undefined when the user does not follow the project. */
export async function updateFollowFilter(tx: Executor, userId: number, projectId: number, filter: Partial<FollowFilter>): Promise<FollowRow | undefined> {
  const [row] = await tx
    .update(projectFollows)
    .set({ ...(filter.loaders ? { loaders: filter.loaders } : {}), ...(filter.gameVersions ? { gameVersions: filter.gameVersions } : {}) })
    .where(and(eq(projectFollows.userId, userId), eq(projectFollows.projectId, projectId)))
    .returning(followColumns);
  return row;
}

/** Every follow of the user, newest first. */
export async function listFollows(db: Executor, userId: number): Promise<FollowRow[]> {
  return db.select(followColumns).from(projectFollows).where(eq(projectFollows.userId, userId)).orderBy(desc(projectFollows.created));
}

/** Which of `names` are game-version tags. */
export async function listKnownGameVersions(db: Executor, names: readonly string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await db.select({ version: gameVersions.version }).from(gameVersions).where(inArray(gameVersions.version, [...names]));
  return new Set(rows.map((r) => r.version));
}

export async function listFollowedProjectIds(db: Executor, userId: number): Promise<number[]> {
  const rows = await db
    .select({ projectId: projectFollows.projectId })
    .from(projectFollows)
    .where(eq(projectFollows.userId, userId))
    .orderBy(desc(projectFollows.created));
  return rows.map((r) => r.projectId);
}

// ---- users' projects ----

export async function findUserByIdOrUsername(db: Executor, text: string, id: number | undefined) {
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(id !== undefined ? sql`${users.id} = ${id} or lower(${users.username}) = lower(${text})` : sql`lower(${users.username}) = lower(${text})`);
  return rows.find((r) => r.id === id) ?? rows[0];
}

/** Projects whose own team has the user as an accepted member (organization-owned ones excluded), newest first. */
export async function listProjectIdsOfMember(db: Executor, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: projects.id })
    .from(projects)
    .innerJoin(teamMembers, and(eq(teamMembers.teamId, projects.teamId), eq(teamMembers.userId, userId), eq(teamMembers.accepted, true)))
    .where(sql`${projects.organizationId} is null`)
    .orderBy(desc(projects.published));
  return rows.map((r) => r.id);
}

export async function countProjectsOwnedBy(db: Executor, userId: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(projects)
    .innerJoin(teamMembers, and(eq(teamMembers.teamId, projects.teamId), eq(teamMembers.userId, userId), eq(teamMembers.isOwner, true)));
  return rows[0]?.n ?? 0;
}

export async function findUserEmailVerified(db: Executor, userId: number): Promise<boolean> {
  const rows = await db.select({ verified: users.emailVerified }).from(users).where(eq(users.id, userId));
  return rows[0]?.verified ?? false;
}

// ---- random and dependencies ----

export async function listRandomProjectIds(db: Executor, statuses: readonly string[], count: number): Promise<number[]> {
  const rows = await db
    .select({ id: projects.id })
    .from(projects)
    .where(inArray(projects.status, [...statuses]))
    .orderBy(sql`random()`)
    .limit(count);
  return rows.map((r) => r.id);
}

/** What the project's versions depend on: project ids and version ids, newest dependency first. */
export async function listDependencyTargets(db: Executor, projectId: number) {
  return db
    .select({
      dependencyProjectId: versionDependencies.dependencyProjectId,
      dependencyVersionId: versionDependencies.dependencyVersionId,
      dependencyVersionProjectId: sql<number | null>`(select dv.project_id from ${versions} dv where dv.id = ${versionDependencies.dependencyVersionId})`.mapWith(
        (v: string | number | null) => (v === null ? null : Number(v)),
      ),
    })
    .from(versionDependencies)
    .innerJoin(versions, eq(versions.id, versionDependencies.versionId))
    .where(eq(versions.projectId, projectId))
    .orderBy(desc(versions.datePublished), desc(versionDependencies.id));
}

export async function setEnvironmentOfAllVersions(tx: Executor, projectId: number, environment: string): Promise<void> {
  await tx.update(versions).set({ environment }).where(eq(versions.projectId, projectId));
}

/** Scheduled projects whose time has come, locked for publishing (others' locked rows skipped). */
export function listDueScheduledProjects(tx: Executor, now: Date) {
  return tx
    .select({ id: projects.id, requestedStatus: projects.requestedStatus, approved: projects.approved })
    .from(projects)
    .where(and(eq(projects.status, 'scheduled'), lte(projects.scheduledFor, now)))
    .for('update', { skipLocked: true });
}
