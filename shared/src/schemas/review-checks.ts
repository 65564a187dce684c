import { z } from 'zod';
import { Base62IdSchema } from './common.js';

// Wire shapes of a project's review pre-checks (GET /v2/project/{id}/review_checks): what the
// machine finds before a moderator looks, shown to the team before it submits and to moderators
// beside the review (docs/api/moderation.md, "Review pre-checks"). Cairn's own, not in v2.

/**
 * Every pre-check, in the order they are shown. A new check adds its id here, its reasons to
 * REVIEW_CHECK_REASONS, its function to the API's list (api/src/modules/review-checks/checks.ts)
 * and its text to the website's catalogs.
 */
export const REVIEW_CHECK_IDS = ['license', 'description', 'links', 'gallery_alt_text', 'modpack_attribution', 'version_metadata', 'files_scanned'] as const;
export type ReviewCheckId = (typeof REVIEW_CHECK_IDS)[number];

/** Why a check ended as it did, per check: the website words each one. */
export const REVIEW_CHECK_REASONS = {
  license: ['ok', 'missing', 'unknown_id', 'custom_without_url'],
  description: ['ok', 'missing', 'too_short'],
  links: ['ok', 'none', 'malformed'],
  gallery_alt_text: ['ok', 'no_images', 'missing_alt'],
  modpack_attribution: ['not_modpack', 'none_bundled', 'ok', 'missing'],
  version_metadata: ['ok', 'no_versions', 'unreadable', 'mismatch'],
  files_scanned: ['ok', 'no_versions', 'pending', 'quarantined'],
} as const satisfies Record<ReviewCheckId, readonly string[]>;
export type ReviewCheckReason<Id extends ReviewCheckId = ReviewCheckId> = (typeof REVIEW_CHECK_REASONS)[Id][number];

/**
 * Characters of prose (headings, markup and links left out) a description needs. The spec names
 * no figure; 200 characters is about three sentences: what the project does, what it needs and
 * how to use it — less than that leaves a moderator nothing to review against.
 */
export const MIN_DESCRIPTION_CHARACTERS = 200;

/** Versions whose files are read at most (newest first): the checks stay bounded on long histories. */
export const REVIEW_CHECK_MAX_VERSIONS = 10;
/** Findings listed at most per check (the count says how many there were). */
export const REVIEW_CHECK_MAX_ITEMS = 50;

/** `fail` blocks submission; `warn` is shown but does not; `pass` is done. */
export const ReviewCheckStatusSchema = z.enum(['pass', 'warn', 'fail']);
export type ReviewCheckStatus = z.infer<typeof ReviewCheckStatusSchema>;

/** Where a finding is fixed: a settings section (and the field), the gallery, or a version's edit page. */
export const ReviewCheckFixSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('settings'),
    section: z.enum(['general', 'description', 'license', 'links']),
    field: z.string().nullable(),
  }),
  z.object({ kind: z.literal('gallery') }),
  z.object({ kind: z.literal('version'), version_id: Base62IdSchema }),
]);
export type ReviewCheckFix = z.infer<typeof ReviewCheckFixSchema>;

/** One thing a check found: a field, an image, a bundled file or a version, and what is wrong with it. */
export const ReviewCheckItemSchema = z.object({
  /** What the finding is about, as the team knows it: a field name, image title or URL, file path, version number. */
  subject: z.string(),
  /** The version it belongs to, if any. */
  version_id: Base62IdSchema.nullable(),
  /** For metadata mismatches: `loaders` or `game_versions`, what the version declares and what its file says. */
  field: z.enum(['loaders', 'game_versions']).nullable(),
  declared: z.array(z.string()),
  found: z.array(z.string()),
  fix: ReviewCheckFixSchema.nullable(),
});
export type ReviewCheckItem = z.infer<typeof ReviewCheckItemSchema>;

export const ReviewCheckSchema = z.object({
  id: z.enum(REVIEW_CHECK_IDS),
  status: ReviewCheckStatusSchema,
  /** One of REVIEW_CHECK_REASONS[id]. */
  reason: z.string(),
  /** The result in English, for API clients (the website words `reason` itself). */
  message: z.string(),
  /** Numbers the message uses (`minimum` and `length` for a short description). */
  values: z.record(z.string(), z.number()),
  /** At most REVIEW_CHECK_MAX_ITEMS findings; `item_count` has them all. */
  items: z.array(ReviewCheckItemSchema).max(REVIEW_CHECK_MAX_ITEMS),
  item_count: z.number().int().min(0),
  /** Where the whole check is fixed, when one place does it. */
  fix: ReviewCheckFixSchema.nullable(),
});
export type ReviewCheck = z.infer<typeof ReviewCheckSchema>;

export const ReviewChecksSchema = z.object({
  project_id: Base62IdSchema,
  checks: z.array(ReviewCheckSchema),
  /** True when no check fails: the team may submit (warnings are allowed). */
  can_submit: z.boolean(),
  counts: z.object({ pass: z.number().int().min(0), warn: z.number().int().min(0), fail: z.number().int().min(0) }),
});
export type ReviewChecks = z.infer<typeof ReviewChecksSchema>;
