import { asc, desc, sql } from 'drizzle-orm';
import { anyBigint } from '../../db/sql-helpers.js';
import type { Executor } from '../../db/client.js';
import { versionDependencies, versionFiles, versions } from '../../db/schema/catalogue.js';
import { DEFAULT_CONTENT_LANGUAGE } from '@cairn/shared/constants/languages';
import { listChangelogLanguages } from './version-translations.repository.js';

export const versionColumns = {
  id: versions.id,
  projectId: versions.projectId,
  authorId: versions.authorId,
  name: versions.name,
  versionNumber: versions.versionNumber,
  changelog: versions.changelog,
  versionType: versions.versionType,
  status: versions.status,
  requestedStatus: versions.requestedStatus,
  featured: versions.featured,
  datePublished: versions.datePublished,
  downloads: versions.downloads,
  ordering: versions.ordering,
  loaders: versions.loaders,
  gameVersions: versions.gameVersions,
  environment: versions.environment,
  projectTypes: versions.projectTypes,
};

export function listVersionRows(db: Executor, ids: readonly number[]) {
  return db
    .select(versionColumns)
    .from(versions)
    .where(anyBigint(versions.id, ids))
    .orderBy(desc(versions.datePublished), desc(versions.id));
}
export type VersionRow = Awaited<ReturnType<typeof listVersionRows>>[number];

export function listFilesOfVersions(db: Executor, versionIds: readonly number[]) {
  return db
    .select({
      id: versionFiles.id,
      versionId: versionFiles.versionId,
      blobKey: versionFiles.blobKey,
      filename: versionFiles.filename,
      size: versionFiles.size,
      sha1: versionFiles.sha1,
      sha512: versionFiles.sha512,
      primary: versionFiles.primary,
      fileType: versionFiles.fileType,
    })
    .from(versionFiles)
    .where(anyBigint(versionFiles.versionId, versionIds))
    // Primary first, then by file name.
    .orderBy(sql`${versionFiles.primary} desc`, asc(versionFiles.filename));
}
export type VersionFileRow = Awaited<ReturnType<typeof listFilesOfVersions>>[number];

export function listDependenciesOfVersions(db: Executor, versionIds: readonly number[]) {
  return db
    .select({
      versionId: versionDependencies.versionId,
      dependencyVersionId: versionDependencies.dependencyVersionId,
      dependencyProjectId: versionDependencies.dependencyProjectId,
      fileName: versionDependencies.fileName,
      dependencyType: versionDependencies.dependencyType,
    })
    .from(versionDependencies)
    .where(anyBigint(versionDependencies.versionId, versionIds))
    .orderBy(asc(versionDependencies.id));
}
export type VersionDependencyRow = Awaited<ReturnType<typeof listDependenciesOfVersions>>[number];

export interface VersionDetails {
  row: VersionRow;
  files: VersionFileRow[];
  dependencies: VersionDependencyRow[];
  /** The changelog's original language (the project's) and its translations' languages. */
  languages: { original: string; translations: string[] };
}

/** Versions with their files and dependencies, newest first; missing ids are skipped (three queries at once). */
export async function loadVersionDetails(db: Executor, ids: readonly number[]): Promise<VersionDetails[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const [rows, files, dependencies, languages] = await Promise.all([
    listVersionRows(db, unique),
    listFilesOfVersions(db, unique),
    listDependenciesOfVersions(db, unique),
    listChangelogLanguages(db, unique),
  ]);
  return combine(rows, files, dependencies, languages);
}

/** Details of rows already loaded, in the rows' order (files and dependencies in two queries). */
export async function withFilesAndDependencies(db: Executor, rows: readonly VersionRow[]): Promise<VersionDetails[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [files, dependencies, languages] = await Promise.all([listFilesOfVersions(db, ids), listDependenciesOfVersions(db, ids), listChangelogLanguages(db, ids)]);
  return combine(rows, files, dependencies, languages);
}

function combine(
  rows: readonly VersionRow[],
  files: VersionFileRow[],
  dependencies: VersionDependencyRow[],
  languages: Awaited<ReturnType<typeof listChangelogLanguages>>,
): VersionDetails[] {
  const filesOf = groupBy(files, (f) => f.versionId);
  const dependenciesOf = groupBy(dependencies, (d) => d.versionId);
  const languagesOf = new Map(languages.map((l) => [l.versionId, { original: l.originalLanguage, translations: l.translations }]));
  return rows.map((row) => ({
    row,
    files: filesOf.get(row.id) ?? [],
    dependencies: dependenciesOf.get(row.id) ?? [],
    languages: languagesOf.get(row.id) ?? { original: DEFAULT_CONTENT_LANGUAGE, translations: [] },
  }));
}

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}
