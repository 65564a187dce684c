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

/**
 * Optional facts about a download, as `mr_*` query parameters of the file URL or the JSON
 * header `cairn-download-meta` (same names without the prefix).
 */
export const DownloadMetaSchema = z.object({
  download_reason: z.enum(DOWNLOAD_REASONS).optional(),
  game_version: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[\w.+-]+$/, 'letters, digits and . _ + - only')
    .optional(),
  loader: z.enum(LOADER_NAMES).optional(),
  /** Base62 id of the project whose download pulled this file in. */
  dependent_on: Base62IdSchema.optional(),
});
export type DownloadMeta = z.infer<typeof DownloadMetaSchema>;

export const DownloadMetaQuerySchema = z.object({
  mr_download_reason: DownloadMetaSchema.shape.download_reason,
  mr_game_version: DownloadMetaSchema.shape.game_version,
  mr_loader: DownloadMetaSchema.shape.loader,
  mr_dependent_on: DownloadMetaSchema.shape.dependent_on,
});
