import { z } from 'zod';
import { GALLERY_DESCRIPTION_MAX_LENGTH, GALLERY_TITLE_MAX_LENGTH } from '../constants/gallery.js';
import { MONETIZATION_STATUSES, PROJECT_STATUSES, REQUESTABLE_PROJECT_STATUSES } from '../constants/project-status.js';
import { Base62IdSchema, INT32_MAX, int32, SlugSchema } from './common.js';
import { ContentLanguageSchema } from './content-language.js';
import { EnvironmentSchema, InitialVersionDataSchema, VersionSchema, withAliases } from './versions.js';

// Project objects and request bodies of the v2 API (OpenAPI `Project`, `GalleryImage`,
// `ProjectLicense`, `ProjectDonationURL`, `ModeratorMessage`, `EditableProject`,
// `CreatableProject`, `PatchProjectsBody`, `ProjectDependencyList`), field for field.

export const ProjectStatusSchema = z.enum(PROJECT_STATUSES);
export const RequestableProjectStatusSchema = z.enum(REQUESTABLE_PROJECT_STATUSES);
export const MonetizationStatusSchema = z.enum(MONETIZATION_STATUSES);
export const WireProjectTypeSchema = z.enum(['mod', 'modpack', 'resourcepack', 'shader']);
export const SideTypeSchema = z.enum(['required', 'optional', 'unsupported', 'unknown']);
/** Side types a client may set (`unknown` is only ever shown). */
export const InputSideTypeSchema = z.enum(['required', 'optional', 'unsupported']);

export const DonationUrlSchema = z
  .object({
    /** Donation platform id (`patreon`, `ko-fi`…). */
    id: z.string(),
    /** Display name of the platform. */
    platform: z.string(),
    url: z.string(),
  })
  .strict();
export type DonationUrl = z.infer<typeof DonationUrlSchema>;

export const ProjectLicenseSchema = z.object({ id: z.string(), name: z.string(), url: z.string().nullable() }).strict();

export const ModeratorMessageSchema = z.object({ message: z.string(), body: z.string().nullable() }).strict();

export const GalleryImageSchema = z
  .object({
    /** 350 px wide WebP rendition. */
    url: z.string(),
    /** The original upload. */
    raw_url: z.string(),
    featured: z.boolean(),
    title: z.string().nullable(),
    description: z.string().nullable(),
    created: z.iso.datetime({ offset: true }),
    ordering: z.number().int(),
  })
  .strict();
export type GalleryImage = z.infer<typeof GalleryImageSchema>;

/** GET /project/{id|slug} and every other route answering with projects. */
export const ProjectSchema = z
  .object({
    id: Base62IdSchema,
    slug: z.string(),
    project_type: WireProjectTypeSchema,
    team: Base62IdSchema,
    organization: Base62IdSchema.nullable(),
    title: z.string(),
    description: z.string(),
    body: z.string(),
    /** Always null; kept for older clients. */
    body_url: z.null(),
    published: z.iso.datetime({ offset: true }),
    updated: z.iso.datetime({ offset: true }),
    approved: z.iso.datetime({ offset: true }).nullable(),
    queued: z.iso.datetime({ offset: true }).nullable(),
    status: ProjectStatusSchema,
    requested_status: RequestableProjectStatusSchema.nullable(),
    moderator_message: ModeratorMessageSchema.nullable(),
    license: ProjectLicenseSchema,
    client_side: SideTypeSchema,
    server_side: SideTypeSchema,
    downloads: z.number().int(),
    followers: z.number().int(),
    categories: z.array(z.string()),
    additional_categories: z.array(z.string()),
    game_versions: z.array(z.string()),
    loaders: z.array(z.string()),
    /** Ids of the listed versions, oldest first. */
    versions: z.array(Base62IdSchema),
    icon_url: z.string().nullable(),
    raw_icon_url: z.string().nullable(),
    issues_url: z.string().nullable(),
    source_url: z.string().nullable(),
    wiki_url: z.string().nullable(),
    discord_url: z.string().nullable(),
    donation_urls: z.array(DonationUrlSchema),
    gallery: z.array(GalleryImageSchema),
    color: z.number().int().nullable(),
    thread_id: Base62IdSchema,
    monetization_status: MonetizationStatusSchema,
    environment: z.array(EnvironmentSchema),
    /** Cairn's own: the language `description` and `body` are written in (a BCP 47 tag). */
    original_language: z.string().optional(),
    /** Cairn's own: the languages `description` and `body` can be asked for in (`?lang=`), the original first. */
    description_languages: z.array(z.string()).optional(),
  })
  .strict();
export type Project = z.infer<typeof ProjectSchema>;

/** GET /project/{id|slug}/check. */
export const ProjectIdentifierSchema = z.object({ id: Base62IdSchema }).strict();

/** GET /project/{id|slug}/dependencies. */
export const ProjectDependencyListSchema = z
  .object({ projects: z.array(ProjectSchema), versions: z.array(VersionSchema) })
  .strict();
export type ProjectDependencyList = z.infer<typeof ProjectDependencyListSchema>;

// ---- request parts ----

const notBlank = (value: string) => value.trim().length > 0;
const HTTPS_URL_MESSAGE = 'must be an https:// URL of at most 2048 characters';

// The WHATWG URL parser exists in browsers and Node; shared compiles without either's typings.
declare const URL: new (input: string) => { protocol: string; hostname: string };

/** Links must be well-formed https URLs of at most 2048 characters. */
export function isHttpsUrl(value: string): boolean {
  if (value.length > 2048) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.length > 0;
  } catch {
    return false;
  }
}

export const HttpsUrlSchema = z.string().refine(isHttpsUrl, HTTPS_URL_MESSAGE);
export const ProjectTitleSchema = z.string().min(3).max(64).refine(notBlank, 'must not be blank');
export const ProjectSummarySchema = z.string().min(3).max(256).refine(notBlank, 'must not be blank');
export const ProjectBodySchema = z.string().max(65536);
export const PrimaryCategoriesSchema = z.array(z.string()).max(3);
export const AdditionalCategoriesSchema = z.array(z.string()).max(256);
/** SPDX identifier or expression, or a `LicenseRef-…` id (`arr` = all rights reserved). */
export const LicenseIdSchema = z.string().min(1).max(128);

export const DonationUrlInputSchema = z.object({
  id: z.string().min(1).max(64),
  platform: z.string().max(64).optional(),
  url: HttpsUrlSchema,
});
export type DonationUrlInput = z.infer<typeof DonationUrlInputSchema>;

/** PATCH /project/{id|slug} (operation modifyProject). Unknown fields are ignored. */
export const ModifyProjectBodySchema = z.object({
  slug: SlugSchema.optional(),
  title: ProjectTitleSchema.optional(),
  description: ProjectSummarySchema.optional(),
  body: ProjectBodySchema.optional(),
  categories: PrimaryCategoriesSchema.optional(),
  additional_categories: AdditionalCategoriesSchema.optional(),
  status: ProjectStatusSchema.optional(),
  requested_status: RequestableProjectStatusSchema.nullable().optional(),
  issues_url: HttpsUrlSchema.nullable().optional(),
  source_url: HttpsUrlSchema.nullable().optional(),
  wiki_url: HttpsUrlSchema.nullable().optional(),
  discord_url: HttpsUrlSchema.nullable().optional(),
  donation_urls: z.array(DonationUrlInputSchema).max(32).optional(),
  license_id: LicenseIdSchema.optional(),
  license_url: HttpsUrlSchema.nullable().optional(),
  client_side: InputSideTypeSchema.optional(),
  server_side: InputSideTypeSchema.optional(),
  moderation_message: z.string().max(2000).nullable().optional(),
  moderation_message_body: z.string().max(65536).nullable().optional(),
  monetization_status: MonetizationStatusSchema.optional(),
  /** Cairn's own: the language of `description` and `body`, one of the offered languages. */
  original_language: ContentLanguageSchema.optional(),
});
export type ModifyProjectBody = z.infer<typeof ModifyProjectBodySchema>;

/** PATCH /projects?ids=[…] (operation patchProjects). */
export const PatchProjectsBodySchema = z.object({
  categories: PrimaryCategoriesSchema.optional(),
  add_categories: PrimaryCategoriesSchema.optional(),
  remove_categories: z.array(z.string()).max(256).optional(),
  additional_categories: AdditionalCategoriesSchema.optional(),
  add_additional_categories: AdditionalCategoriesSchema.optional(),
  remove_additional_categories: z.array(z.string()).max(256).optional(),
  donation_urls: z.array(DonationUrlInputSchema).max(32).optional(),
  add_donation_urls: z.array(DonationUrlInputSchema).max(32).optional(),
  remove_donation_urls: z.array(DonationUrlInputSchema.partial({ url: true })).max(32).optional(),
  issues_url: HttpsUrlSchema.nullable().optional(),
  source_url: HttpsUrlSchema.nullable().optional(),
  wiki_url: HttpsUrlSchema.nullable().optional(),
  discord_url: HttpsUrlSchema.nullable().optional(),
});
export type PatchProjectsBody = z.infer<typeof PatchProjectsBodySchema>;

export const CreatableGalleryItemSchema = z.object({
  /** Multipart field name of the image. */
  item: z.string().min(1),
  featured: z.boolean(),
  title: z.string().min(1).max(255).nullish(),
  description: z.string().min(1).max(2048).nullish(),
  ordering: int32().default(0),
});

/** `data` part of POST /project (operation createProject); legacy `mod_*` names accepted. */
export const CreateProjectDataSchema = z.preprocess(
  withAliases({ mod_name: 'title', mod_slug: 'slug', mod_description: 'description', mod_body: 'body' }),
  z.object({
    slug: SlugSchema,
    title: ProjectTitleSchema,
    description: ProjectSummarySchema,
    body: ProjectBodySchema,
    project_type: z.enum(['mod', 'modpack']).default('mod'),
    categories: PrimaryCategoriesSchema,
    additional_categories: AdditionalCategoriesSchema.default([]),
    client_side: InputSideTypeSchema,
    server_side: InputSideTypeSchema,
    license_id: LicenseIdSchema,
    license_url: HttpsUrlSchema.nullish(),
    issues_url: HttpsUrlSchema.nullish(),
    source_url: HttpsUrlSchema.nullish(),
    wiki_url: HttpsUrlSchema.nullish(),
    discord_url: HttpsUrlSchema.nullish(),
    donation_urls: z.array(DonationUrlInputSchema).max(32).default([]),
    /**
     * true: a draft; false: straight to review (needs at least one initial version).
     * Omitted: review when initial versions come along, else a draft.
     */
    is_draft: z.boolean().optional(),
    requested_status: RequestableProjectStatusSchema.nullish(),
    initial_versions: z.array(InitialVersionDataSchema).max(32).default([]),
    gallery_items: z.array(CreatableGalleryItemSchema).max(64).default([]),
    organization_id: Base62IdSchema.nullish(),
  }),
);
export type CreateProjectData = z.infer<typeof CreateProjectDataSchema>;

const booleanQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

/** Query of POST /project/{id|slug}/gallery (the body is the raw image). */
export const AddGalleryImageQuerySchema = z.object({
  ext: z.string().max(8).optional(),
  featured: booleanQuery,
  title: z.string().min(1).max(GALLERY_TITLE_MAX_LENGTH).optional(),
  description: z.string().min(1).max(GALLERY_DESCRIPTION_MAX_LENGTH).optional(),
  ordering: z.coerce.number().int().min(-INT32_MAX - 1).max(INT32_MAX).optional(),
});

/** Query of PATCH /project/{id|slug}/gallery. */
export const ModifyGalleryImageQuerySchema = z.object({
  url: z.string().min(1).max(2048),
  featured: booleanQuery.optional(),
  title: z.string().min(1).max(GALLERY_TITLE_MAX_LENGTH).optional(),
  description: z.string().min(1).max(GALLERY_DESCRIPTION_MAX_LENGTH).optional(),
  ordering: z.coerce.number().int().min(-INT32_MAX - 1).max(INT32_MAX).optional(),
});

export const ProjectsRandomQuerySchema = z.object({ count: z.coerce.number().int().min(1).max(100) });

/** Body of POST /project/{id|slug}/schedule: the status the project takes at `time` (in the future). */
export const ScheduleProjectBodySchema = z.object({
  time: z.iso.datetime({ offset: true }),
  requested_status: RequestableProjectStatusSchema,
});
export type ScheduleProjectBody = z.infer<typeof ScheduleProjectBodySchema>;
