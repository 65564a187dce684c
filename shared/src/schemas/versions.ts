import { z } from 'zod';
import { ENVIRONMENTS, INPUT_ENVIRONMENTS } from '../constants/environments.js';
import { REQUESTABLE_VERSION_STATUSES, VERSION_STATUSES } from '../constants/project-status.js';
import { PROJECT_TYPES } from '../constants/project-types.js';
import { Base62IdSchema, int32, jsonArrayQuery } from './common.js';

// Version objects of the v2 API (OpenAPI `Version`, `VersionFile`, `VersionDependency`,
// `CreatableVersion`), field for field.

export const VERSION_TYPES = ['release', 'beta', 'alpha'] as const;
export const VersionTypeSchema = z.enum(VERSION_TYPES);
export type VersionType = z.infer<typeof VersionTypeSchema>;

export const DEPENDENCY_TYPES = ['required', 'optional', 'incompatible', 'embedded'] as const;
export const DependencyTypeSchema = z.enum(DEPENDENCY_TYPES);
export type DependencyType = z.infer<typeof DependencyTypeSchema>;

export const FILE_TYPES = [
  'required-resource-pack',
  'optional-resource-pack',
  'sources-jar',
  'dev-jar',
  'javadoc-jar',
  'unknown',
  'signature',
] as const;
export const FileTypeSchema = z.enum(FILE_TYPES);
export type FileType = z.infer<typeof FileTypeSchema>;

export const EnvironmentSchema = z.enum(ENVIRONMENTS);
export const InputEnvironmentSchema = z.enum(INPUT_ENVIRONMENTS as [string, ...string[]]);

export const VersionStatusSchema = z.enum(VERSION_STATUSES);
export const RequestableVersionStatusSchema = z.enum(REQUESTABLE_VERSION_STATUSES);

export const VersionDependencySchema = z
  .object({
    version_id: Base62IdSchema.nullable(),
    project_id: Base62IdSchema.nullable(),
    file_name: z.string().nullable(),
    dependency_type: DependencyTypeSchema,
  })
  .strict();
export type VersionDependency = z.infer<typeof VersionDependencySchema>;

export const VersionFileHashesSchema = z.object({ sha1: z.string(), sha512: z.string() }).strict();

export const VersionFileSchema = z
  .object({
    hashes: VersionFileHashesSchema,
    url: z.string(),
    filename: z.string(),
    primary: z.boolean(),
    size: z.number().int(),
    file_type: FileTypeSchema.nullable(),
  })
  .strict();
export type VersionFile = z.infer<typeof VersionFileSchema>;

/** GET /version/{id} and every other route answering with versions. */
export const VersionSchema = z
  .object({
    id: Base62IdSchema,
    project_id: Base62IdSchema,
    author_id: Base62IdSchema,
    featured: z.boolean(),
    name: z.string(),
    version_number: z.string(),
    changelog: z.string().nullable(),
    /** Always null; kept for older clients. */
    changelog_url: z.null(),
    date_published: z.iso.datetime({ offset: true }),
    downloads: z.number().int(),
    version_type: VersionTypeSchema,
    status: VersionStatusSchema,
    requested_status: RequestableVersionStatusSchema.nullable(),
    files: z.array(VersionFileSchema),
    dependencies: z.array(VersionDependencySchema),
    game_versions: z.array(z.string()),
    loaders: z.array(z.string()),
    environment: EnvironmentSchema,
    /** Cairn's own: the languages `changelog` can be asked for in (`?lang=`), the original first. */
    changelog_languages: z.array(z.string()).optional(),
  })
  .strict();
export type Version = z.infer<typeof VersionSchema>;

/** Version numbers: 1–32 characters from a relaxed URL-safe set. */
export const VersionNumberSchema = z
  .string()
  .min(1)
  .max(32)
  .regex(/^[a-zA-Z0-9!@$()`.+,_"-]+$/, 'may only contain letters, digits and !@$()`.+,_"-');

const notBlank = (value: string) => value.trim().length > 0;

/** A dependency as uploaders send it: at least one of version, project or file name. */
export const DependencyInputSchema = z
  .object({
    version_id: Base62IdSchema.nullish(),
    project_id: Base62IdSchema.nullish(),
    file_name: z.string().min(1).max(1024).nullish(),
    dependency_type: DependencyTypeSchema,
  })
  .refine((d) => d.version_id || d.project_id || d.file_name, {
    message: 'needs a version_id, project_id or file_name',
  });
export type DependencyInput = z.infer<typeof DependencyInputSchema>;

/** Renames the legacy field names older clients still send. */
function withAliases(aliases: Record<string, string>) {
  return (value: unknown) => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
    const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    for (const [legacy, name] of Object.entries(aliases)) {
      if (out[legacy] !== undefined && out[name] === undefined) out[name] = out[legacy];
      delete out[legacy];
    }
    return out;
  };
}

/**
 * The fields of a version upload (`data` part of POST /version, and each of a new project's
 * `initial_versions`, which carry no `project_id`).
 */
export const VersionUploadFieldsSchema = z.object({
  name: z.string().min(1).max(64).refine(notBlank, 'must not be blank'),
  version_number: VersionNumberSchema,
  changelog: z.string().max(65536).nullish(),
  dependencies: z.array(DependencyInputSchema).max(4096),
  game_versions: z.array(z.string()).min(1),
  version_type: VersionTypeSchema,
  loaders: z.array(z.string()).min(1),
  featured: z.boolean(),
  status: RequestableVersionStatusSchema.optional(),
  environment: InputEnvironmentSchema.optional(),
  /** Multipart field names of the files of this version. */
  file_parts: z.array(z.string().min(1)).min(1).max(256),
  /** Multipart field name of the primary file. */
  primary_file: z.string().optional(),
  file_types: z.record(z.string(), FileTypeSchema.nullable()).optional(),
  ordering: int32().nullish(),
});

const VERSION_ALIASES = { mod_id: 'project_id', version_title: 'name', version_body: 'changelog', release_channel: 'version_type' };

/** `data` of a project's initial version: like POST /version without `project_id`. */
export const InitialVersionDataSchema = z.preprocess(withAliases(VERSION_ALIASES), VersionUploadFieldsSchema);
export type InitialVersionData = z.infer<typeof VersionUploadFieldsSchema>;

/** `data` part of POST /version (operation createVersion). */
export const CreateVersionDataSchema = z.preprocess(
  withAliases(VERSION_ALIASES),
  VersionUploadFieldsSchema.extend({ project_id: Base62IdSchema }),
);
export type CreateVersionData = InitialVersionData & { project_id: string };

export { withAliases };

/** `true` / `false` in a query string. */
const booleanQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

/** GET /project/{id|slug}/version (operation getProjectVersions). */
export const ProjectVersionsQuerySchema = z.object({
  /** JSON array: versions running on any of these loaders. */
  loaders: jsonArrayQuery(z.string()).optional(),
  /** JSON array: versions for any of these game versions. */
  game_versions: jsonArrayQuery(z.string()).optional(),
  featured: booleanQuery.optional(),
  version_type: VersionTypeSchema.optional(),
  /** Leave the changelogs out (sent as empty text) to keep long lists small. */
  include_changelog: booleanQuery.default(true),
  limit: z.coerce.number().int().min(1).optional(),
  offset: z.coerce.number().int().min(0).default(0),
});
export type ProjectVersionsQuery = z.infer<typeof ProjectVersionsQuerySchema>;

/** GET /versions (operation getVersions). */
export const VersionsQuerySchema = z.object({
  ids: jsonArrayQuery(Base62IdSchema),
  include_changelog: booleanQuery.default(true),
});

/** One entry of `file_types` in PATCH /version/{id}: the file named by its hash gets this type. */
export const EditableFileTypeSchema = z.object({
  algorithm: z.enum(['sha1', 'sha512']),
  hash: z.string().min(1).max(128),
  file_type: FileTypeSchema.nullable(),
});

/** PATCH /version/{id} (operation modifyVersion, OpenAPI `EditableVersion`); every field optional. */
export const ModifyVersionBodySchema = z.object({
  name: z.string().min(1).max(64).refine(notBlank, 'must not be blank').optional(),
  version_number: VersionNumberSchema.optional(),
  changelog: z.string().max(65536).optional(),
  version_type: VersionTypeSchema.optional(),
  /** Replaces every dependency. */
  dependencies: z.array(DependencyInputSchema).max(4096).optional(),
  game_versions: z.array(z.string()).min(1).optional(),
  loaders: z.array(z.string()).min(1).optional(),
  featured: z.boolean().optional(),
  status: RequestableVersionStatusSchema.optional(),
  environment: InputEnvironmentSchema.optional(),
  /** Moderators only: overwrite the download count (the project total follows). */
  downloads: z.number().int().min(0).optional(),
  /** `[algorithm, hash]` of the file that becomes primary. */
  primary_file: z.tuple([z.enum(['sha1', 'sha512']), z.string().min(1).max(128)]).optional(),
  file_types: z.array(EditableFileTypeSchema).max(256).optional(),
  ordering: int32().nullable().optional(),
});
export type ModifyVersionBody = z.infer<typeof ModifyVersionBodySchema>;

/** `data` part of POST /version/{id}/file (operation addFilesToVersion), optional. */
export const AddFilesDataSchema = z.object({
  file_types: z.record(z.string(), FileTypeSchema.nullable()).optional(),
});
export type AddFilesData = z.infer<typeof AddFilesDataSchema>;

/** POST /version/infer (operation inferVersion): optionally the project the file is meant for. */
export const InferVersionQuerySchema = z.object({
  /** Id or slug: loaders are limited to those this project's type can have. */
  project_id: z.string().min(1).max(64).optional(),
});
export type InferVersionQuery = z.infer<typeof InferVersionQuerySchema>;

/** A declared dependency matched to a catalogue project. */
export const InferredDependencySchema = z
  .object({
    project_id: Base62IdSchema,
    version_id: z.null(),
    dependency_type: DependencyTypeSchema,
  })
  .strict();

/**
 * What an uploaded file's manifest says about its version; what the file does not say is null
 * or empty. `format` names the manifest read (e.g. "fabric.mod.json", "pack.mcmeta").
 */
export const InferredVersionSchema = z
  .object({
    name: z.string().nullable(),
    version_number: z.string().nullable(),
    /** From the version number's wording; `release` when nothing says otherwise. */
    version_type: VersionTypeSchema,
    loaders: z.array(z.string()),
    game_versions: z.array(z.string()),
    dependencies: z.array(InferredDependencySchema),
    project_type: z.enum(PROJECT_TYPES).nullable(),
    format: z.string(),
  })
  .strict();
export type InferredVersion = z.infer<typeof InferredVersionSchema>;

/** Body of POST /version/{id}/schedule: the status the version takes at `time` (in the future). */
export const ScheduleVersionBodySchema = z.object({
  time: z.iso.datetime({ offset: true }),
  requested_status: RequestableVersionStatusSchema,
});
export type ScheduleVersionBody = z.infer<typeof ScheduleVersionBodySchema>;
