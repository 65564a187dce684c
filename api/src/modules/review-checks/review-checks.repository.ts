import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { projectGalleryImages, projectLinks, projects, versionDependencies, versionFiles, versions } from '../../db/schema/catalogue.js';
import { licenses } from '../../db/schema/tags.js';
import { anyBigint } from '../../db/sql-helpers.js';

/** The project fields the pre-checks read. */
export async function findCheckedProject(db: Executor, projectId: number) {
  const [row] = await db
    .select({ id: projects.id, body: projects.body, licenseId: projects.licenseId, licenseUrl: projects.licenseUrl })
    .from(projects)
    .where(eq(projects.id, projectId));
  return row;
}

/** The license-list spellings, lower-cased, of those ids the list knows. */
export async function listKnownLicenses(db: Executor, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: licenses.id })
    .from(licenses)
    .where(inArray(sql`lower(${licenses.id})`, ids.map((id) => id.toLowerCase())));
  return new Set(rows.map((row) => row.id.toLowerCase()));
}

export function listLinks(db: Executor, projectId: number) {
  return db
    .select({ platform: projectLinks.platform, url: projectLinks.url, donation: projectLinks.donation })
    .from(projectLinks)
    .where(eq(projectLinks.projectId, projectId))
    .orderBy(asc(projectLinks.donation), asc(projectLinks.platform));
}

export function listGallery(db: Executor, projectId: number) {
  return db
    .select({ imageKey: projectGalleryImages.imageKey, title: projectGalleryImages.title, description: projectGalleryImages.description })
    .from(projectGalleryImages)
    .where(eq(projectGalleryImages.projectId, projectId))
    .orderBy(asc(projectGalleryImages.ordering), asc(projectGalleryImages.id));
}

/** The newest `limit` versions of the project, whatever their status (the team and moderators see drafts). */
export function listNewestVersions(db: Executor, projectId: number, limit: number) {
  return db
    .select({
      id: versions.id,
      versionNumber: versions.versionNumber,
      changelog: versions.changelog,
      loaders: versions.loaders,
      gameVersions: versions.gameVersions,
      projectTypes: versions.projectTypes,
    })
    .from(versions)
    .where(eq(versions.projectId, projectId))
    .orderBy(desc(versions.datePublished), desc(versions.id))
    .limit(limit);
}

/** Each version's primary file (or its first file when none is marked primary). */
export async function listPrimaryFiles(db: Executor, versionIds: readonly number[]) {
  if (versionIds.length === 0) return [];
  return db
    .selectDistinctOn([versionFiles.versionId], { versionId: versionFiles.versionId, blobKey: versionFiles.blobKey, size: versionFiles.size })
    .from(versionFiles)
    .where(anyBigint(versionFiles.versionId, versionIds))
    .orderBy(versionFiles.versionId, desc(versionFiles.primary), asc(versionFiles.id));
}

/** Files modpack indexes list that matched no catalogue file at upload (embedded dependencies kept by name). */
export async function listExternalFiles(db: Executor, versionIds: readonly number[]) {
  if (versionIds.length === 0) return [];
  return db
    .select({ versionId: versionDependencies.versionId, fileName: versionDependencies.fileName })
    .from(versionDependencies)
    .where(and(anyBigint(versionDependencies.versionId, versionIds), isNotNull(versionDependencies.fileName)))
    .orderBy(asc(versionDependencies.id));
}
