import { z } from 'zod';
import { Base62IdSchema } from './common.js';
import { DependencyTypeSchema, FileTypeSchema, VersionFileHashesSchema, VersionTypeSchema } from './versions.js';

// What changed between two versions of one project (GET /v2/project/{id|slug}/compare,
// operation compareVersions): docs/api/versions.md, "Comparing two versions".

/** GET /project/{id|slug}/compare: the two version ids. */
export const CompareVersionsQuerySchema = z.object({
  /** The older version (when it is the newer one, the answer is for the swapped order). */
  from: Base62IdSchema,
  to: Base62IdSchema,
});
export type CompareVersionsQuery = z.infer<typeof CompareVersionsQuerySchema>;

const DateSchema = z.iso.datetime({ offset: true });

/** One end of the comparison. */
export const ComparedVersionSchema = z
  .object({
    id: Base62IdSchema,
    name: z.string(),
    version_number: z.string(),
    version_type: VersionTypeSchema,
    date_published: DateSchema,
  })
  .strict();
export type ComparedVersion = z.infer<typeof ComparedVersionSchema>;

/** A version after `from` up to and including `to`, with its changelog. */
export const VersionBetweenSchema = ComparedVersionSchema.extend({ changelog: z.string() }).strict();
export type VersionBetween = z.infer<typeof VersionBetweenSchema>;

const AddedRemovedSchema = z.object({ added: z.array(z.string()), removed: z.array(z.string()) }).strict();

export const DiffFileSchema = z
  .object({
    filename: z.string(),
    hashes: VersionFileHashesSchema,
    size: z.number().int(),
    primary: z.boolean(),
    file_type: FileTypeSchema.nullable(),
  })
  .strict();
export type DiffFile = z.infer<typeof DiffFileSchema>;

/** A project named in the diff, when the caller may see it (otherwise its fields are null). */
const ProjectNameFields = {
  project_id: Base62IdSchema.nullable(),
  project_slug: z.string().nullable(),
  project_title: z.string().nullable(),
};

export const DiffDependencySchema = z
  .object({
    ...ProjectNameFields,
    version_id: Base62IdSchema.nullable(),
    version_number: z.string().nullable(),
    file_name: z.string().nullable(),
    dependency_type: DependencyTypeSchema,
  })
  .strict();
export type DiffDependency = z.infer<typeof DiffDependencySchema>;

/** A mod inside a modpack: a known project version (matched by hash), else a file of the pack. */
export const DiffModSchema = z
  .object({
    ...ProjectNameFields,
    version_id: Base62IdSchema.nullable(),
    version_number: z.string().nullable(),
    file_name: z.string().nullable(),
  })
  .strict();
export type DiffMod = z.infer<typeof DiffModSchema>;

export const ModChangelogSchema = z
  .object({ id: Base62IdSchema, version_number: z.string(), date_published: DateSchema, changelog: z.string() })
  .strict();

export const UpdatedModSchema = z
  .object({
    ...ProjectNameFields,
    project_id: Base62IdSchema,
    from: z.object({ version_id: Base62IdSchema.nullable(), version_number: z.string().nullable() }).strict(),
    to: z.object({ version_id: Base62IdSchema.nullable(), version_number: z.string().nullable() }).strict(),
    /** The mod's versions after the old one up to and including the new one, oldest first. */
    changelogs: z.array(ModChangelogSchema),
    /** More versions lie in between than `changelogs` holds (it keeps the newest). */
    changelogs_truncated: z.boolean(),
  })
  .strict();
export type UpdatedMod = z.infer<typeof UpdatedModSchema>;

export const VersionDiffSchema = z
  .object({
    project_id: Base62IdSchema,
    from: ComparedVersionSchema,
    to: ComparedVersionSchema,
    /** `from` was the newer version: the two were swapped, so `from` is always the older one here. */
    swapped: z.boolean(),
    /** Versions after `from` up to and including `to`, oldest first (those the caller may see). */
    versions_between: z.array(VersionBetweenSchema),
    /** More versions lie in between than `versions_between` holds (it keeps the newest). */
    versions_between_truncated: z.boolean(),
    game_versions: AddedRemovedSchema,
    loaders: AddedRemovedSchema,
    files: z
      .object({
        added: z.array(DiffFileSchema),
        removed: z.array(DiffFileSchema),
        /** Same file name, other bytes, primary flag or file type. */
        changed: z.array(z.object({ from: DiffFileSchema, to: DiffFileSchema }).strict()),
      })
      .strict(),
    /** Declared dependencies; a modpack's contained mods are under `modpack` instead. */
    dependencies: z
      .object({
        added: z.array(DiffDependencySchema),
        removed: z.array(DiffDependencySchema),
        /** Same project (or file), another type or version. */
        changed: z.array(z.object({ from: DiffDependencySchema, to: DiffDependencySchema }).strict()),
      })
      .strict(),
    /** Only when either version is a modpack: the mods it contains. */
    modpack: z
      .object({
        added: z.array(DiffModSchema),
        removed: z.array(DiffModSchema),
        updated: z.array(UpdatedModSchema),
      })
      .strict()
      .nullable(),
  })
  .strict();
export type VersionDiff = z.infer<typeof VersionDiffSchema>;

/** How many changelogs of one updated mod the diff carries. */
export const MOD_CHANGELOG_LIMIT = 20;
/** How many versions in between the diff carries. */
export const VERSIONS_BETWEEN_LIMIT = 200;
