import { z } from 'zod';
import { ProjectSchema } from './projects.js';
import { VersionSchema, VersionTypeSchema } from './versions.js';

// Version-file lookups by hash (OpenAPI `HashList`, `GetLatestVersionFromHashBody`,
// `GetLatestVersionsFromHashesBody`, `HashVersionMap`), field for field, and the two lookups the
// reference serves outside its published contract (`/version_files/update_individual`,
// `/version_file/project`).

export const HASH_ALGORITHMS = ['sha1', 'sha512'] as const;
export const HashAlgorithmSchema = z.enum(HASH_ALGORITHMS);
export type HashAlgorithm = z.infer<typeof HashAlgorithmSchema>;

/** Most hashes one bulk request may ask about. */
export const MAX_HASHES_PER_REQUEST = 1000;

/**
 * A file hash in hexadecimal (40 characters for sha1, 128 for sha512). Compared lower-cased;
 * a hash of another shape simply matches nothing.
 */
export const FileHashSchema = z
  .string()
  .min(1)
  .max(128)
  .transform((hash) => hash.toLowerCase());

/** When `algorithm` is not given, the length of the hash tells: 128 characters mean sha512. */
export function algorithmOfHash(hash: string, algorithm?: HashAlgorithm): HashAlgorithm {
  return algorithm ?? (hash.length >= 128 ? 'sha512' : 'sha1');
}

/** Query of the single-hash routes: `?algorithm=sha1|sha512&multiple=true&version_id=…`. */
export const HashQuerySchema = z.object({
  algorithm: HashAlgorithmSchema.optional(),
  /** GET only: answer with every version holding the file instead of one. */
  multiple: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  /** Picks one version when several hold the same file. */
  version_id: z.string().regex(/^[0-9A-Za-z]{1,11}$/).optional(),
});
export type HashQuery = z.infer<typeof HashQuerySchema>;

/** Filters of the update checks; each one keeps versions sharing at least one value with it. */
export const UpdateFiltersSchema = z.object({
  loaders: z.array(z.string().max(64)).max(64).optional(),
  game_versions: z.array(z.string().max(64)).max(1024).optional(),
  version_types: z.array(VersionTypeSchema).max(3).optional(),
});
export type UpdateFilters = z.infer<typeof UpdateFiltersSchema>;

/** POST /version_file/{hash}/update (operation getLatestVersionFromHash). */
export const GetLatestVersionFromHashBodySchema = UpdateFiltersSchema;
export type GetLatestVersionFromHashBody = z.infer<typeof GetLatestVersionFromHashBodySchema>;

/** POST /version_files (operation versionsFromHashes). */
export const HashListSchema = z.object({
  hashes: z.array(FileHashSchema).max(MAX_HASHES_PER_REQUEST),
  algorithm: HashAlgorithmSchema.optional(),
});
export type HashList = z.infer<typeof HashListSchema>;

/** POST /version_files/update (operation getLatestVersionsFromHashes). */
export const GetLatestVersionsFromHashesBodySchema = HashListSchema.extend(UpdateFiltersSchema.shape);
export type GetLatestVersionsFromHashesBody = z.infer<typeof GetLatestVersionsFromHashesBodySchema>;

/** One file of POST /version_files/update_individual: its hash and its own filters. */
export const HashUpdateRequestSchema = UpdateFiltersSchema.extend({ hash: FileHashSchema });
export type HashUpdateRequest = z.infer<typeof HashUpdateRequestSchema>;

/**
 * POST /version_files/update_individual (operation getLatestVersionsFromIndividualHashes): like
 * /version_files/update, but each hash carries its own filters. A hash listed twice is answered
 * with the filters of its first entry.
 */
export const GetLatestVersionsFromIndividualHashesBodySchema = z.object({
  algorithm: HashAlgorithmSchema.optional(),
  hashes: z.array(HashUpdateRequestSchema).max(MAX_HASHES_PER_REQUEST),
});
export type GetLatestVersionsFromIndividualHashesBody = z.infer<typeof GetLatestVersionsFromIndividualHashesBodySchema>;

/** Answer of the bulk routes: each found hash (as sent, lower-cased) → its version. */
export const HashVersionMapSchema = z.record(z.string(), VersionSchema);
export type HashVersionMap = z.infer<typeof HashVersionMapSchema>;

/** Answer of POST /version_file/project (operation projectsFromHashes): each found hash → its file's project. */
export const HashProjectMapSchema = z.record(z.string(), ProjectSchema);
export type HashProjectMap = z.infer<typeof HashProjectMapSchema>;

/** GET /version_file/{hash}/download: the file's URL (also sent as the redirect's Location). */
export const FileDownloadRedirectSchema = z.object({ url: z.string() }).strict();
