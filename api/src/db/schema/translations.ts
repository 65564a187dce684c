import { bigint, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { projects, versions } from './catalogue.js';

/**
 * Translations of catalogue texts written by a project's team: a project's summary and
 * description, a version's changelog, one row per language (a BCP 47 tag from the offered
 * list). The originals stay on `projects` and `versions`; rows go with their project or version.
 */
export const projectTranslations = pgTable(
  'project_translations',
  {
    projectId: bigint({ mode: 'number' })
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    language: text().notNull(),
    summary: text().notNull(),
    description: text().notNull(),
    updated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.language] })],
);

export const versionTranslations = pgTable(
  'version_translations',
  {
    versionId: bigint({ mode: 'number' })
      .notNull()
      .references(() => versions.id, { onDelete: 'cascade' }),
    language: text().notNull(),
    changelog: text().notNull(),
    updated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.versionId, t.language] })],
);
