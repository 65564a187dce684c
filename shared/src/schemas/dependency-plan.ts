import { z } from 'zod';
import { Base62IdSchema } from './common.js';
import { FileHashSchema, HashAlgorithmSchema } from './hashes.js';
import { VersionSchema, VersionTypeSchema, VERSION_TYPES } from './versions.js';

// POST /v2/dependency_plan: a set of mods (by file hash or by project) resolved, with their
// required dependencies over all levels, to one loader and game version. Rules in
// docs/api/dependency-plan.md.

/** Most inputs (hashes and projects together) one plan may resolve. */
export const MAX_PLAN_INPUTS = 1000;

/** Most projects one plan installs (inputs and dependencies); further dependencies are reported unresolved. */
export const MAX_PLAN_PROJECTS = 5000;

const TagNameSchema = z.string().min(1).max(64);

export const DependencyPlanBodySchema = z
  .object({
    hashes: z.array(FileHashSchema).max(MAX_PLAN_INPUTS).optional(),
    /** Used for every hash; without it, a hash of 128 characters is sha512, any other sha1. */
    algorithm: HashAlgorithmSchema.optional(),
    /** Project ids or slugs. */
    projects: z.array(z.string().min(1).max(64)).max(MAX_PLAN_INPUTS).optional(),
    loader: TagNameSchema,
    game_version: TagNameSchema,
    /** Release channels allowed; among them a release is preferred, then a beta, then an alpha. */
    version_types: z.array(VersionTypeSchema).min(1).max(3).default([...VERSION_TYPES]),
  })
  .superRefine((body, context) => {
    const count = (body.hashes?.length ?? 0) + (body.projects?.length ?? 0);
    if (count === 0) context.addIssue({ code: 'custom', path: ['hashes'], message: 'give at least one hash or project' });
    if (count > MAX_PLAN_INPUTS) context.addIssue({ code: 'custom', path: ['projects'], message: `hashes and projects together may hold at most ${MAX_PLAN_INPUTS} entries` });
  });
export type DependencyPlanBody = z.infer<typeof DependencyPlanBodySchema>;

export const PLAN_INPUT_STATUSES = ['resolved', 'missing', 'not_found'] as const;

/**
 * One input and what the plan installs for it. Inputs are answered in the order given, hashes
 * first, then projects; the input itself is not repeated, so nothing the caller may not see is
 * ever named back.
 */
export const PlanInputSchema = z.object({
  kind: z.enum(['hash', 'project']),
  /**
   * `resolved`: `version_id` is installed; `missing`: the project has nothing for the target
   * (`newest_game_version` says what it does support); `not_found`: no file, or no project, the
   * caller may see.
   */
  status: z.enum(PLAN_INPUT_STATUSES),
  project_id: Base62IdSchema.nullable(),
  version_id: Base62IdSchema.nullable(),
  /** For `missing`: the newest game version a listed version of the project supports on the loader, or null. */
  newest_game_version: z.string().nullable(),
});
export type PlanInput = z.infer<typeof PlanInputSchema>;

/** A required dependency (at any depth) and the chosen versions requiring it. */
export const PlanDependencySchema = z.object({
  project_id: Base62IdSchema,
  version_id: Base62IdSchema,
  required_by: z.array(Base62IdSchema),
});
export type PlanDependency = z.infer<typeof PlanDependencySchema>;

/** An optional dependency of a chosen version that is not installed; not followed further. */
export const PlanOptionalSchema = z.object({
  project_id: Base62IdSchema,
  /** Its best version for the target (the version named, when the dependency names one that fits), or null. */
  version_id: Base62IdSchema.nullable(),
  offered_by: z.array(Base62IdSchema),
});
export type PlanOptional = z.infer<typeof PlanOptionalSchema>;

/** A chosen version declaring another chosen project (or that very version) incompatible. */
export const PlanIncompatibilitySchema = z.object({
  version_id: Base62IdSchema,
  project_id: Base62IdSchema,
  incompatible_version_id: Base62IdSchema,
});
export type PlanIncompatibility = z.infer<typeof PlanIncompatibilitySchema>;

export const PLAN_CONFLICT_REASONS = ['not_for_target', 'other_version_chosen'] as const;

/** A required dependency on a specific version that cannot be honoured. */
export const PlanConflictSchema = z.object({
  project_id: Base62IdSchema,
  version_id: Base62IdSchema,
  required_by: z.array(Base62IdSchema),
  /** `not_for_target`: the version is not for the loader and game version; `other_version_chosen`: the plan holds another version of its project. */
  reason: z.enum(PLAN_CONFLICT_REASONS),
  /** For `other_version_chosen`: the version the plan installs instead. */
  chosen_version_id: Base62IdSchema.nullable(),
});
export type PlanConflict = z.infer<typeof PlanConflictSchema>;

export const PLAN_UNRESOLVED_REASONS = ['not_found', 'no_version_for_target', 'too_many_projects'] as const;

/** A required dependency the plan cannot install. */
export const PlanUnresolvedSchema = z.object({
  project_id: Base62IdSchema.nullable(),
  version_id: Base62IdSchema.nullable(),
  required_by: z.array(Base62IdSchema),
  /** `not_found` covers projects and versions the caller may not see, exactly as missing ones. */
  reason: z.enum(PLAN_UNRESOLVED_REASONS),
  /** For `no_version_for_target`: the newest game version the project supports on the loader, or null. */
  newest_game_version: z.string().nullable(),
});
export type PlanUnresolved = z.infer<typeof PlanUnresolvedSchema>;

/** What a reader needs to name and link a project of the plan. */
export const PlanProjectSchema = z.object({
  id: Base62IdSchema,
  slug: z.string(),
  title: z.string(),
  /** The type declared at creation (`mod` or `modpack`). */
  project_type: z.string(),
});
export type PlanProject = z.infer<typeof PlanProjectSchema>;

export const DependencyPlanSchema = z.object({
  target: z.object({ loader: z.string(), game_version: z.string(), version_types: z.array(VersionTypeSchema) }),
  inputs: z.array(PlanInputSchema),
  dependencies: z.array(PlanDependencySchema),
  optional: z.array(PlanOptionalSchema),
  incompatibilities: z.array(PlanIncompatibilitySchema),
  conflicts: z.array(PlanConflictSchema),
  unresolved: z.array(PlanUnresolvedSchema),
  /** Every project the plan names that the caller may see, by id. */
  projects: z.record(z.string(), PlanProjectSchema),
  /** Every version the plan installs or offers, by id. */
  versions: z.record(z.string(), VersionSchema),
});
export type DependencyPlan = z.infer<typeof DependencyPlanSchema>;
