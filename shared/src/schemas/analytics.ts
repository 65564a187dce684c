import { z } from 'zod';
import { LOADER_NAMES } from '../constants/loaders.js';
import { Base62IdSchema, jsonArrayQuery } from './common.js';

/** Why a file was downloaded (`mr_download_reason`). */
export const DOWNLOAD_REASONS = ['standalone', 'dependency', 'modpack', 'update'] as const;
export type DownloadReason = (typeof DOWNLOAD_REASONS)[number];

/** Defaults of the analytics read routes when a parameter is left out. */
export const ANALYTICS_DEFAULT_RANGE_DAYS = 14;
export const ANALYTICS_DEFAULT_RESOLUTION_MINUTES = 1440;
/** One answer holds at most this many buckets per project (e.g. a year of hours is 8,784). */
export const ANALYTICS_MAX_BUCKETS = 10_000;
export const ANALYTICS_MAX_PROJECTS = 1000;

/** POST /v2/analytics/view: the page of the site being viewed. */
export const RecordViewBodySchema = z.object({ url: z.string().min(1).max(2048) });
export type RecordViewBody = z.infer<typeof RecordViewBodySchema>;

const IdOrSlug = z.string().min(1).max(64);

export const AnalyticsQuerySchema = z.object({
  /** JSON array of project ids or slugs; projects the caller may not see analytics of are left out. */
  project_ids: jsonArrayQuery(IdOrSlug).pipe(z.array(IdOrSlug).max(ANALYTICS_MAX_PROJECTS)).optional(),
  /** ISO 8601 date-time; defaults to 14 days before end_date. */
  start_date: z.iso.datetime({ offset: true }).optional(),
  /** ISO 8601 date-time; defaults to now. */
  end_date: z.iso.datetime({ offset: true }).optional(),
  /** Bucket size, a whole number of hours; defaults to one day. */
  resolution_minutes: z.coerce
    .number()
    .int()
    .min(60)
    .refine((minutes) => minutes % 60 === 0, 'must be a multiple of 60')
    .optional(),
});
export type AnalyticsQuery = z.infer<typeof AnalyticsQuerySchema>;

/** `{project_id: {unix_seconds_of_bucket_start: value}}`; buckets without events are absent. */
export const AnalyticsSeriesSchema = z.record(z.string(), z.record(z.string(), z.number().int().nonnegative()));
export type AnalyticsSeries = z.infer<typeof AnalyticsSeriesSchema>;

/** `{project_id: {country_code: value}}` over the whole range; `XX` is an unknown country. */
export const AnalyticsCountriesSchema = z.record(z.string(), z.record(z.string(), z.number().int().nonnegative()));
export type AnalyticsCountries = z.infer<typeof AnalyticsCountriesSchema>;

/** `{project_id: {source: value}}` over the whole range: who made the downloads (see DOWNLOAD_SOURCE_*). */
export const AnalyticsSourcesSchema = z.record(z.string(), z.record(z.string(), z.number().int().nonnegative()));
export type AnalyticsSources = z.infer<typeof AnalyticsSourcesSchema>;

/**
 * The download source of a download made from the website's own pages. Other sources are the
 * `project` part of a launcher's `User-Agent: project/version (contact)`, or DOWNLOAD_SOURCE_UNKNOWN.
 */
export const DOWNLOAD_SOURCE_WEBSITE = 'website';
/** The download source of clients that did not identify themselves (and of downloads counted before sources were recorded). */
export const DOWNLOAD_SOURCE_UNKNOWN = 'unknown';

/**
 * Headers carrying a download's facts as JSON: Cairn's own and the reference platform's, which
 * launchers send. Facts are taken per field from the `mr_*` query parameters first, then from
 * `cairn-download-meta`, then from `modrinth-download-meta`.
 */
export const DOWNLOAD_META_HEADERS = ['cairn-download-meta', 'modrinth-download-meta'] as const;
export type DownloadMetaHeader = (typeof DOWNLOAD_META_HEADERS)[number];

const DownloadReasonSchema = z.enum(DOWNLOAD_REASONS);
const DownloadGameVersionSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\w.+-]+$/, 'letters, digits and . _ + - only');
const DownloadLoaderSchema = z.enum(LOADER_NAMES);
/** Base62 id of the project whose download pulled this file in. */
const DependentOnSchema = Base62IdSchema;

/**
 * Optional facts about a download, as JSON in a download-meta header: Cairn's key names
 * (`download_reason`) and the reference's (`reason`; when both are given `download_reason` wins).
 * `null` stands for a fact left out, as the reference's launchers send it.
 */
export const DownloadMetaSchema = z.object({
  download_reason: DownloadReasonSchema.nullish(),
  reason: DownloadReasonSchema.nullish(),
  game_version: DownloadGameVersionSchema.nullish(),
  loader: DownloadLoaderSchema.nullish(),
  dependent_on: DependentOnSchema.nullish(),
});
export type DownloadMeta = z.infer<typeof DownloadMetaSchema>;

/** The same facts as `mr_*` query parameters of the file URL. */
export const DownloadMetaQuerySchema = z.object({
  mr_download_reason: DownloadReasonSchema.optional(),
  mr_game_version: DownloadGameVersionSchema.optional(),
  mr_loader: DownloadLoaderSchema.optional(),
  mr_dependent_on: DependentOnSchema.optional(),
});
