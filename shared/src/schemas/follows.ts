import { z } from 'zod';
import { LOADER_NAMES } from '../constants/loaders.js';
import { Base62IdSchema } from './common.js';

/**
 * Filtered follows (docs/api/catalogue.md, "Filtered follows"): a follow can be narrowed to
 * loaders and game versions, so a new version is announced to the follower only when it is for
 * one of them. An empty list (or a missing one) narrows nothing.
 */

/** Most loaders, and most game versions, one follow's filter may name. */
export const MAX_FOLLOW_FILTER_TAGS = 64;

const distinct = (values: readonly string[]) => new Set(values).size === values.length;

/** Loader names are checked here; game versions against the game-version tags by the API. */
const FollowLoadersSchema = z.array(z.enum(LOADER_NAMES)).max(MAX_FOLLOW_FILTER_TAGS).refine(distinct, 'must not name the same loader twice');
const FollowGameVersionsSchema = z
  .array(z.string().min(1).max(64))
  .max(MAX_FOLLOW_FILTER_TAGS)
  .refine(distinct, 'must not name the same game version twice');

/**
 * Body of `POST /v2/project/{id}/follow` (optional: without one, the follow is unfiltered) and
 * of `PATCH /v2/project/{id}/follow` (a missing list is left as it is).
 */
export const FollowFilterBodySchema = z.object({
  loaders: FollowLoadersSchema.optional(),
  game_versions: FollowGameVersionsSchema.optional(),
});
export type FollowFilterBody = z.infer<typeof FollowFilterBodySchema>;

/** The caller's follow of one project, with its filter. */
export const ProjectFollowSchema = z.object({
  project_id: Base62IdSchema,
  /** Loaders a new version must share one of to be announced; empty: any. */
  loaders: z.array(z.string()),
  /** Game versions a new version must share one of to be announced; empty: any. */
  game_versions: z.array(z.string()),
  /** When the user started following. */
  followed: z.string(),
});
export type ProjectFollow = z.infer<typeof ProjectFollowSchema>;

/** Whether a follow's filter narrows anything. */
export const isFilteredFollow = (follow: Pick<ProjectFollow, 'loaders' | 'game_versions'>): boolean =>
  follow.loaders.length > 0 || follow.game_versions.length > 0;
