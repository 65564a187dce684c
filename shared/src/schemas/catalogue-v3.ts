import { z } from 'zod';
import { PROJECT_TYPES } from '../constants/project-types.js';
import { Base62IdSchema } from './common.js';
import { ModeratorMessageSchema, MonetizationStatusSchema, ProjectLicenseSchema, ProjectStatusSchema, RequestableProjectStatusSchema } from './projects.js';
import {
  EnvironmentSchema,
  RequestableVersionStatusSchema,
  VersionDependencySchema,
  VersionFileSchema,
  VersionStatusSchema,
  VersionTypeSchema,
} from './versions.js';

// Projects and versions in the shape of the reference's v3 API, as Cairn's read-only /v3 routes
// answer them (GET /v3/project/{id|slug}, GET /v3/version/{id}, GET /v3/organization/{id}/projects).
// Loader fields are flattened into the object, as the reference does: `game_versions` and
// `environment` always, `mrpack_loaders` only where modpack versions exist.

/** The one game Cairn hosts add-ons for, as the reference names it. */
export const MINECRAFT_JAVA_GAME = 'minecraft-java';

/**
 * The loader the reference gives every modpack version; the pack's real loaders then go in the
 * `mrpack_loaders` field.
 */
export const MRPACK_LOADER = 'mrpack';

/** Review of the automatic side-types → environment migration; Cairn never had side types to migrate. */
export const SideTypesMigrationReviewStatusSchema = z.enum(['reviewed', 'pending']);

export const ProjectTypeV3Schema = z.enum(PROJECT_TYPES);

/** One entry of `link_urls`, keyed by its platform. */
export const ProjectLinkV3Schema = z.object({ platform: z.string(), donation: z.boolean(), url: z.string() }).strict();
export type ProjectLinkV3 = z.infer<typeof ProjectLinkV3Schema>;

export const GalleryItemV3Schema = z
  .object({
    url: z.string(),
    raw_url: z.string(),
    featured: z.boolean(),
    name: z.string().nullable(),
    description: z.string().nullable(),
    created: z.iso.datetime({ offset: true }),
    ordering: z.number().int(),
  })
  .strict();
export type GalleryItemV3 = z.infer<typeof GalleryItemV3Schema>;

/** GET /v3/project/{id|slug}. */
export const ProjectV3Schema = z
  .object({
    id: Base62IdSchema,
    slug: z.string(),
    /** Project types of the listed versions (empty while there are none). */
    project_types: z.array(ProjectTypeV3Schema),
    /** Games of the listed versions (empty while there are none). */
    games: z.array(z.string()),
    team_id: Base62IdSchema,
    organization: Base62IdSchema.nullable(),
    name: z.string(),
    summary: z.string(),
    /** The long description (markdown). */
    description: z.string(),
    published: z.iso.datetime({ offset: true }),
    updated: z.iso.datetime({ offset: true }),
    approved: z.iso.datetime({ offset: true }).nullable(),
    queued: z.iso.datetime({ offset: true }).nullable(),
    status: ProjectStatusSchema,
    requested_status: RequestableProjectStatusSchema.nullable(),
    moderator_message: ModeratorMessageSchema.nullable(),
    license: ProjectLicenseSchema,
    downloads: z.number().int(),
    followers: z.number().int(),
    categories: z.array(z.string()),
    additional_categories: z.array(z.string()),
    /** Loaders of the listed versions; modpack versions count as `mrpack`. */
    loaders: z.array(z.string()),
    /** Ids of the listed versions, oldest first. */
    versions: z.array(Base62IdSchema),
    icon_url: z.string().nullable(),
    raw_icon_url: z.string().nullable(),
    link_urls: z.record(z.string(), ProjectLinkV3Schema),
    gallery: z.array(GalleryItemV3Schema),
    color: z.number().int().nullable(),
    thread_id: Base62IdSchema,
    monetization_status: MonetizationStatusSchema,
    side_types_migration_review_status: SideTypesMigrationReviewStatusSchema,
    // Loader fields, aggregated over the listed versions.
    game_versions: z.array(z.string()),
    environment: z.array(EnvironmentSchema),
    mrpack_loaders: z.array(z.string()).optional(),
    /** Cairn's own, as in the v2 Project: the original's language and the languages `summary` and `description` can be asked for in. */
    original_language: z.string().optional(),
    description_languages: z.array(z.string()).optional(),
  })
  .strict();
export type ProjectV3 = z.infer<typeof ProjectV3Schema>;
export const ProjectV3ListSchema = z.array(ProjectV3Schema);

export const VersionFileV3Schema = VersionFileSchema.extend({ id: Base62IdSchema }).strict();
export type VersionFileV3 = z.infer<typeof VersionFileV3Schema>;

/** GET /v3/version/{id}. */
export const VersionV3Schema = z
  .object({
    id: Base62IdSchema,
    project_id: Base62IdSchema,
    author_id: Base62IdSchema,
    featured: z.boolean(),
    name: z.string(),
    version_number: z.string(),
    project_types: z.array(ProjectTypeV3Schema),
    games: z.array(z.string()),
    changelog: z.string(),
    date_published: z.iso.datetime({ offset: true }),
    downloads: z.number().int(),
    version_type: VersionTypeSchema,
    status: VersionStatusSchema,
    requested_status: RequestableVersionStatusSchema.nullable(),
    files: z.array(VersionFileV3Schema),
    dependencies: z.array(VersionDependencySchema),
    /** `["mrpack"]` for a modpack version (its loaders are in `mrpack_loaders`). */
    loaders: z.array(z.string()),
    /** Explicit sort position (lower first), or null. */
    ordering: z.number().int().nullable(),
    // Loader fields.
    game_versions: z.array(z.string()),
    environment: EnvironmentSchema,
    mrpack_loaders: z.array(z.string()).optional(),
  })
  .strict();
export type VersionV3 = z.infer<typeof VersionV3Schema>;
