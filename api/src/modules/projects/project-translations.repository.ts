import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { projectTranslations } from '../../db/schema/translations.js';
import { anyBigint } from '../../db/sql-helpers.js';

/** Languages of the translations of each project (sorted), for the Project objects. */
export function listTranslationLanguages(db: Executor, projectIds: readonly number[]) {
  return db
    .select({ projectId: projectTranslations.projectId, language: projectTranslations.language })
    .from(projectTranslations)
    .where(anyBigint(projectTranslations.projectId, projectIds))
    .orderBy(asc(projectTranslations.language));
}

const translationColumns = {
  language: projectTranslations.language,
  summary: projectTranslations.summary,
  description: projectTranslations.description,
  updated: projectTranslations.updated,
};

export function listTranslations(db: Executor, projectId: number) {
  return db.select(translationColumns).from(projectTranslations).where(eq(projectTranslations.projectId, projectId)).orderBy(asc(projectTranslations.language));
}
export type ProjectTranslationRow = Awaited<ReturnType<typeof listTranslations>>[number];

export function findTranslation(db: Executor, projectId: number, language: string): Promise<ProjectTranslationRow | undefined> {
  return db
    .select(translationColumns)
    .from(projectTranslations)
    .where(and(eq(projectTranslations.projectId, projectId), eq(projectTranslations.language, language)))
    .then((rows) => rows[0]);
}

/** The translated summaries of projects (what search indexes besides the original). */
export function listTranslatedSummaries(db: Executor, projectIds: readonly number[]) {
  return db
    .select({ projectId: projectTranslations.projectId, language: projectTranslations.language, summary: projectTranslations.summary })
    .from(projectTranslations)
    .where(anyBigint(projectTranslations.projectId, projectIds))
    .orderBy(asc(projectTranslations.language));
}

/** Creates or replaces one language's texts; returns the stored row. */
export async function upsertTranslation(tx: Executor, projectId: number, language: string, texts: { summary: string; description: string }): Promise<ProjectTranslationRow> {
  const [row] = await tx
    .insert(projectTranslations)
    .values({ projectId, language, ...texts })
    .onConflictDoUpdate({
      target: [projectTranslations.projectId, projectTranslations.language],
      set: { summary: texts.summary, description: texts.description, updated: sql`now()` },
    })
    .returning(translationColumns);
  return row!;
}

/** Whether a row was deleted. */
export async function deleteTranslation(tx: Executor, projectId: number, language: string): Promise<boolean> {
  const rows = await tx
    .delete(projectTranslations)
    .where(and(eq(projectTranslations.projectId, projectId), eq(projectTranslations.language, language)))
    .returning({ language: projectTranslations.language });
  return rows.length > 0;
}
