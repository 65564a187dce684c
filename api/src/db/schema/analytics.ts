import { bigint, boolean, index, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { projects } from './catalogue.js';

/**
 * Raw analytics events, kept only until the roll-up job has folded them into the hourly and
 * daily tables (see modules/analytics/analytics-rollup.ts). Append-only and time-ordered, so a
 * BRIN index on the time column is tiny and enough for the roll-up's range scans; the btree on
 * (project, client, time) serves the "more than 3 in 6 hours" check at insert time.
 * Client keys are hashed IP prefixes (IPv4 address, IPv6 /64), never addresses.
 * Unknown dimensions are stored as '' (country 'XX') so the roll-up keys need no nulls.
 */
export const analyticsViewEvents = pgTable(
  'analytics_view_events',
  {
    projectId: bigint({ mode: 'number' })
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    recordedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    clientKey: text().notNull(),
    country: text().notNull().default('XX'),
    monetized: boolean().notNull(),
  },
  (t) => [
    index('analytics_view_events_recorded_at_brin').using('brin', t.recordedAt),
    index('analytics_view_events_client_idx').on(t.projectId, t.clientKey, t.recordedAt),
  ],
);

export const analyticsDownloadEvents = pgTable(
  'analytics_download_events',
  {
    projectId: bigint({ mode: 'number' })
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    versionId: bigint({ mode: 'number' }).notNull(),
    recordedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    clientKey: text().notNull(),
    country: text().notNull().default('XX'),
    loader: text().notNull().default(''),
    gameVersion: text().notNull().default(''),
    reason: text().notNull().default('standalone'),
    /** The project whose download pulled this one in (reason dependency/modpack), if given. */
    dependentOn: bigint({ mode: 'number' }),
    monetized: boolean().notNull(),
  },
  (t) => [
    index('analytics_download_events_recorded_at_brin').using('brin', t.recordedAt),
    index('analytics_download_events_client_idx').on(t.projectId, t.clientKey, t.recordedAt),
  ],
);

/** 1 = view, 2 = download (a smallint keeps the roll-up keys narrow). */
export const ANALYTICS_KIND = { view: 1, download: 2 } as const;

const rollupColumns = () => ({
  kind: smallint().notNull(),
  projectId: bigint({ mode: 'number' })
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' }),
  bucket: timestamp({ withTimezone: true }).notNull(),
  country: text().notNull(),
  loader: text().notNull(),
  gameVersion: text().notNull(),
  reason: text().notNull(),
  monetized: boolean().notNull(),
  count: bigint({ mode: 'number' }).notNull(),
});

/** Events per project and UTC hour (and dimensions); kept for ANALYTICS_HOURLY_RETENTION_DAYS. */
export const analyticsHourly = pgTable('analytics_hourly', rollupColumns(), (t) => [
  primaryKey({ name: 'analytics_hourly_pk', columns: [t.kind, t.projectId, t.bucket, t.country, t.loader, t.gameVersion, t.reason, t.monetized] }),
  index('analytics_hourly_bucket_idx').on(t.bucket),
]);

/** Events per project and UTC day (and dimensions); kept for good. */
export const analyticsDaily = pgTable('analytics_daily', rollupColumns(), (t) => [
  primaryKey({ name: 'analytics_daily_pk', columns: [t.kind, t.projectId, t.bucket, t.country, t.loader, t.gameVersion, t.reason, t.monetized] }),
  // Whole, not only monetized rows: the roll-up job deletes the days it recomputes through it.
  index('analytics_daily_bucket_idx').on(t.bucket),
]);

/**
 * Events per project and UTC day over every dimension: what the charts read. The daily table
 * holds a row per combination of dimensions (tens to hundreds a day for a busy project), so a
 * year of 100 projects is ~36,500 rows here instead of ~750,000 there (see README, Benchmarks).
 */
export const analyticsDailyTotals = pgTable(
  'analytics_daily_totals',
  {
    kind: smallint().notNull(),
    projectId: bigint({ mode: 'number' })
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    bucket: timestamp({ withTimezone: true }).notNull(),
    count: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'analytics_daily_totals_pk', columns: [t.kind, t.projectId, t.bucket] }),
    index('analytics_daily_totals_bucket_idx').on(t.bucket),
    // The charts' read: the key with the count, so a year of a project is an index-only range scan.
    index('analytics_daily_totals_series_idx').on(t.kind, t.projectId, t.bucket, t.count),
  ],
);
