import { bigint, boolean, index, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { projects } from './catalogue.js';

/**
 * Raw analytics events, kept only until the roll-up job has folded them into the hourly and
 * daily tables (see modules/analytics/analytics-rollup.ts). Append-only and time-ordered, so a
 * BRIN index on the time column is tiny and enough for the roll-up's range scans; the btree on
 * (project, client, time) serves the "more than 3 in 6 hours" check at insert time.
 * Client keys are hashed IP prefixes (IPv4 address, IPv6 /64), never addresses.
 * Unknown dimensions are stored as '' (country 'XX', download source 'unknown') so the roll-up
 * keys need no nulls.
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
    /** Who made the download: a launcher's name from its User-Agent, 'website' or 'unknown' (modules/analytics/download-source.ts). */
    source: text().notNull().default('unknown'),
    monetized: boolean().notNull(),
  },
  (t) => [
    index('analytics_download_events_recorded_at_brin').using('brin', t.recordedAt),
    index('analytics_download_events_client_idx').on(t.projectId, t.clientKey, t.recordedAt),
  ],
);

/** 1 = view, 2 = download (a smallint keeps the roll-up keys narrow). */
export const ANALYTICS_KIND = { view: 1, download: 2 } as const;

/** The dimensions of the daily roll-up; views only have `country`. */
export const ANALYTICS_DIMENSIONS = ['country', 'loader', 'game_version', 'reason', 'source'] as const;

/*
 * The roll-up tables are derived from the raw events (whose project ids are checked) and written
 * in bulk by one job, so they carry no foreign key: checking 10^6 rows a day took a tenth of the
 * roll-up. A trigger on projects (migration analytics_rollups_derived) deletes a deleted
 * project's roll-up rows instead, as the cascade did.
 */
const rollupColumns = () => ({
  kind: smallint().notNull(),
  projectId: bigint({ mode: 'number' }).notNull(),
  bucket: timestamp({ withTimezone: true }).notNull(),
  country: text().notNull(),
  loader: text().notNull(),
  gameVersion: text().notNull(),
  reason: text().notNull(),
  /** The download source; '' for views. */
  source: text().notNull().default(''),
  monetized: boolean().notNull(),
  count: bigint({ mode: 'number' }).notNull(),
});

/**
 * Events per project, UTC hour and combination of dimensions; kept for HOURLY_RETENTION_DAYS.
 * Raw events are pruned after a few hours, so the days being recomputed are derived from here.
 */
export const analyticsHourly = pgTable('analytics_hourly', rollupColumns(), (t) => [
  primaryKey({ name: 'analytics_hourly_pk', columns: [t.kind, t.projectId, t.bucket, t.country, t.loader, t.gameVersion, t.reason, t.source, t.monetized] }),
  index('analytics_hourly_bucket_idx').on(t.bucket),
]);

/**
 * Events per project, UTC day and one dimension at a time (country, loader, game version, reason,
 * source; views only have countries); kept for good. Each dimension adds up to the day's total on its
 * own: nothing reads combinations of dimensions, and storing every combination made a busy day
 * ~15 times as many rows (see docs/benchmarks.md, Analytics benchmarks). Unknown values are '' (country 'XX').
 */
export const analyticsDailyDimensions = pgTable(
  'analytics_daily_dimensions',
  {
    kind: smallint().notNull(),
    projectId: bigint({ mode: 'number' }).notNull(),
    bucket: timestamp({ withTimezone: true }).notNull(),
    dimension: text({ enum: ANALYTICS_DIMENSIONS }).notNull(),
    value: text().notNull(),
    count: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'analytics_daily_dimensions_pk', columns: [t.kind, t.projectId, t.bucket, t.dimension, t.value] }),
    // The roll-up job deletes the days it recomputes through it.
    index('analytics_daily_dimensions_bucket_idx').on(t.bucket),
  ],
);

/**
 * Events per project and UTC day over every dimension, and how many of them were monetized: what
 * the charts and the revenue distribution read. A year of 100 projects is 36,500 rows here.
 */
export const analyticsDailyTotals = pgTable(
  'analytics_daily_totals',
  {
    kind: smallint().notNull(),
    projectId: bigint({ mode: 'number' }).notNull(),
    bucket: timestamp({ withTimezone: true }).notNull(),
    count: bigint({ mode: 'number' }).notNull(),
    monetizedCount: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'analytics_daily_totals_pk', columns: [t.kind, t.projectId, t.bucket] }),
    index('analytics_daily_totals_bucket_idx').on(t.bucket),
    // The charts' read: the key with the count, so a year of a project is an index-only range scan.
    index('analytics_daily_totals_series_idx').on(t.kind, t.projectId, t.bucket, t.count),
  ],
);
