import { z } from 'zod';
import { GAME_VERSION_TYPES } from '../constants/game-version-types.js';

// Response shapes of the /tag/* routes, field for field as in the v2 OpenAPI document.
// Operation ids: categoryList, loaderList, versionList, licenseList, licenseText,
// donationPlatformList, reportTypeList, projectTypeList, sideTypeList.

/** A category, feature, resolution or performance-impact tag for one project type. */
export const CategoryTagSchema = z.object({
  /** SVG markup. */
  icon: z.string(),
  name: z.string(),
  project_type: z.string(),
  /** 'categories' | 'features' | 'resolutions' | 'performance impact' */
  header: z.string(),
});
export type CategoryTag = z.infer<typeof CategoryTagSchema>;

export const LoaderTagSchema = z.object({
  /** SVG markup. */
  icon: z.string(),
  name: z.string(),
  supported_project_types: z.array(z.string()),
});
export type LoaderTag = z.infer<typeof LoaderTagSchema>;

export const GameVersionTagSchema = z.object({
  version: z.string(),
  version_type: z.enum(GAME_VERSION_TYPES),
  /** ISO-8601 release date. */
  date: z.iso.datetime({ offset: true }),
  /** First release of a major line (1.0, 1.1, …). */
  major: z.boolean(),
});
export type GameVersionTag = z.infer<typeof GameVersionTagSchema>;

/** Entry of the (deprecated) license list: an SPDX id and its full name. */
export const LicenseTagSchema = z.object({
  short: z.string(),
  name: z.string(),
});
export type LicenseTag = z.infer<typeof LicenseTagSchema>;

/** Full license text (the OpenAPI `License` schema). */
export const LicenseTextSchema = z.object({
  title: z.string(),
  body: z.string(),
});
export type LicenseText = z.infer<typeof LicenseTextSchema>;

export const DonationPlatformTagSchema = z.object({
  short: z.string(),
  name: z.string(),
});
export type DonationPlatformTag = z.infer<typeof DonationPlatformTagSchema>;

export const CategoryListResponseSchema = z.array(CategoryTagSchema);
export const LoaderListResponseSchema = z.array(LoaderTagSchema);
export const VersionListResponseSchema = z.array(GameVersionTagSchema);
export const LicenseListResponseSchema = z.array(LicenseTagSchema);
export const LicenseTextResponseSchema = LicenseTextSchema;
export const DonationPlatformListResponseSchema = z.array(DonationPlatformTagSchema);
export const ReportTypeListResponseSchema = z.array(z.string());
export const ProjectTypeListResponseSchema = z.array(z.string());
export const SideTypeListResponseSchema = z.array(z.string());

/** `GET /tag/game_version?type=&major=`: both filters optional; `major` is "true" or "false". */
export const VersionListQuerySchema = z.object({
  type: z.enum(GAME_VERSION_TYPES).optional(),
  major: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
export type VersionListQuery = z.infer<typeof VersionListQuerySchema>;

/** `GET /tag/license/{id}`: an SPDX identifier or a `LicenseRef-…`. */
export const LicenseTextParamsSchema = z.object({
  id: z.string().min(1),
});
export type LicenseTextParams = z.infer<typeof LicenseTextParamsSchema>;
