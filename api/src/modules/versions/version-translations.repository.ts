import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { projects, versions } from '../../db/schema/catalogue.js';
import { versionTranslations } from '../../db/schema/translations.js';
import { anyBigint, anyText } from '../../db/sql-helpers.js';

/** For each version: its project's original language and the languages of its changelog's translations (sorted). */
export function listChangelogLanguages(db: Executor, versionIds: readonly number[]) {
  return db
    .select({
      versionId: versions.id,
      originalLanguage: projects.originalLanguage,
      translations: sql<string[]>`coalesce(array_agg(${versionTranslations.language} order by ${versionTranslations.language}) filter (where ${versionTranslations.language} is not null), '{}')`,
    })
    .from(versions)
    .innerJoin(projects, eq(projects.id, versions.projectId))
    .leftJoin(versionTranslations, eq(versionTranslations.versionId, versions.id))
    .where(anyBigint(versions.id, versionIds))
    .groupBy(versions.id, projects.originalLanguage);
}

const translationColumns = {
  versionId: versionTranslations.versionId,
  language: versionTranslations.language,
  changelog: versionTranslations.changelog,
  updated: versionTranslations.updated,
};

export function listTranslations(db: Executor, versionId: number) {
  return db.select(translationColumns).from(versionTranslations).where(eq(versionTranslations.versionId, versionId)).orderBy(asc(versionTranslations.language));
}
export type VersionTranslationRow = Awaited<ReturnType<typeof listTranslations>>[number];

/** Translations of any of the versions in any of the languages (callers pick the pairs they need). */
export function listTranslationsIn(db: Executor, versionIds: readonly number[], languages: readonly string[]) {
  return db
    .select(translationColumns)
    .from(versionTranslations)
    .where(and(anyBigint(versionTranslations.versionId, versionIds), anyText(versionTranslations.language, languages)));
}

export async function upsertTranslation(tx: Executor, versionId: number, language: string, changelog: string): Promise<VersionTranslationRow> {
  const [row] = await tx
    .insert(versionTranslations)
    .values({ versionId, language, changelog })
    .onConflictDoUpdate({ target: [versionTranslations.versionId, versionTranslations.language], set: { changelog, updated: sql`now()` } })
    .returning(translationColumns);
  return row!;
}

/** Whether a row was deleted. */
export async function deleteTranslation(tx: Executor, versionId: number, language: string): Promise<boolean> {
  const rows = await tx
    .delete(versionTranslations)
    .where(and(eq(versionTranslations.versionId, versionId), eq(versionTranslations.language, language)))
    .returning({ language: versionTranslations.language });
  return rows.length > 0;
}

export function findOriginalLanguage(db: Executor, projectId: number): Promise<string | undefined> {
  return db
    .select({ language: projects.originalLanguage })
    .from(projects)
    .where(eq(projects.id, projectId))
    .then((rows) => rows[0]?.language);
}
