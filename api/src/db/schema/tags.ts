import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, jsonb } from 'drizzle-orm/pg-core';

/** Reference data served by the tag routes; seeded on an empty database. */

export const projectTypes = pgTable('project_types', {
  name: text().primaryKey(),
  ordering: integer().notNull().default(0),
});

export const loaders = pgTable('loaders', {
  id: serial().primaryKey(),
  name: text().notNull().unique(),
  icon: text().notNull(),
  supportedProjectTypes: text().array().notNull(),
  /** Display grouping (mod, plugin, platform, shader, datapack, resourcepack). */
  loaderGroup: text().notNull(),
  hidden: boolean().notNull().default(false),
  metadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
});

export const categories = pgTable(
  'categories',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    projectType: text()
      .notNull()
      .references(() => projectTypes.name),
    header: text().notNull(),
    icon: text().notNull(),
  },
  (t) => [uniqueIndex('categories_name_type_idx').on(t.name, t.projectType)],
);

export const gameVersions = pgTable(
  'game_versions',
  {
    id: serial().primaryKey(),
    version: text().notNull().unique(),
    versionType: text().notNull(),
    date: timestamp({ withTimezone: true }).notNull(),
    major: boolean().notNull().default(false),
    /** Explicit ordering wins over date (lower first); null = ordered by date. */
    ordering: integer(),
  },
  (t) => [index('game_versions_date_idx').on(t.date)],
);

export const licenses = pgTable('licenses', {
  /** SPDX identifier, e.g. "MIT". */
  id: text().primaryKey(),
  name: text().notNull(),
  osiApproved: boolean().notNull(),
  text: text().notNull(),
});

export const donationPlatforms = pgTable('donation_platforms', {
  short: text().primaryKey(),
  name: text().notNull(),
  ordering: integer().notNull().default(0),
});

export const reportTypes = pgTable('report_types', {
  name: text().primaryKey(),
  ordering: integer().notNull().default(0),
});
