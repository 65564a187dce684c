import { z } from 'zod';
import { Base62IdSchema, jsonArrayQuery } from './common.js';

/** Collections a user may own (admins are not limited). */
export const COLLECTION_LIMIT = 32;
/** What a Plus subscriber may own (a perk of the subscription). */
export const PLUS_COLLECTION_LIMIT = 128;
export const COLLECTION_NAME_MIN = 3;
export const COLLECTION_NAME_MAX = 64;
export const COLLECTION_DESCRIPTION_MIN = 3;
export const COLLECTION_DESCRIPTION_MAX = 255;
export const COLLECTION_PROJECTS_MAX = 1024;

/** `rejected` is set by moderators only; `private` and `rejected` hide a collection from others. */
export const CollectionStatusSchema = z.enum(['listed', 'unlisted', 'private', 'rejected']);
export type CollectionStatus = z.infer<typeof CollectionStatusSchema>;
/** What owners may choose themselves. */
export const OWNER_COLLECTION_STATUSES = ['listed', 'unlisted', 'private'] as const satisfies readonly CollectionStatus[];

export const CollectionSchema = z.object({
  id: Base62IdSchema,
  /** The owner's id. */
  user: Base62IdSchema,
  name: z.string(),
  description: z.string().nullable(),
  icon_url: z.string().nullable(),
  color: z.number().int().nullable(),
  status: z.union([CollectionStatusSchema, z.literal('unknown')]),
  created: z.string(),
  updated: z.string(),
  /** Ids of the projects in it that the caller may see, oldest addition first. */
  projects: z.array(Base62IdSchema),
});
export type Collection = z.infer<typeof CollectionSchema>;
export const CollectionListSchema = z.array(CollectionSchema);

const NameSchema = z.string().min(COLLECTION_NAME_MIN).max(COLLECTION_NAME_MAX).refine((t) => t.trim().length > 0, 'must not be only whitespace');
const DescriptionSchema = z
  .string()
  .min(COLLECTION_DESCRIPTION_MIN)
  .max(COLLECTION_DESCRIPTION_MAX)
  .refine((t) => t.trim().length > 0, 'must not be only whitespace');
/** A project id or slug. */
const ProjectRefSchema = z.string().min(1).max(128);

/** POST /collection. */
export const CreateCollectionBodySchema = z.object({
  name: NameSchema,
  description: DescriptionSchema.nullish(),
  projects: z.array(ProjectRefSchema).max(COLLECTION_PROJECTS_MAX).default([]),
});
export type CreateCollectionBody = z.input<typeof CreateCollectionBodySchema>;

/** PATCH /collection/{id}: `description: null` clears it; `new_projects` replaces the whole list. */
export const ModifyCollectionBodySchema = z.object({
  name: NameSchema.optional(),
  description: DescriptionSchema.nullable().optional(),
  status: CollectionStatusSchema.optional(),
  new_projects: z.array(ProjectRefSchema).max(COLLECTION_PROJECTS_MAX).optional(),
});
export type ModifyCollectionBody = z.infer<typeof ModifyCollectionBodySchema>;

export const CollectionIdsQuerySchema = z.object({ ids: jsonArrayQuery(Base62IdSchema).pipe(z.array(Base62IdSchema).max(1000)) });

/** GET /limits/collections. */
export const CollectionLimitsSchema = z.object({ current: z.number().int(), max: z.number().int().nullable() });
export type CollectionLimits = z.infer<typeof CollectionLimitsSchema>;
