import { z } from 'zod';
import { Base62IdSchema } from './common.js';
import { DiffModSchema, UpdatedModSchema, VersionBetweenSchema } from './version-diffs.js';

/**
 * Wire shapes of `/v2/servers/{id}/modpack`: a catalogue modpack (`.mrpack`) installed on a
 * hosted server, the job installing or updating it, and the preview of an update
 * (docs/api/servers.md, "Modpacks on a server").
 */

export const ServerModpackStateSchema = z.enum(['queued', 'installing', 'installed', 'failed']);
export type ServerModpackState = z.infer<typeof ServerModpackStateSchema>;

export const ServerModpackFileSchema = z.object({
  path: z.string(),
  /** `download`: a file of the pack's index; `override`: from `overrides/` or `server-overrides/`. */
  source: z.enum(['download', 'override']),
  size: z.number().int(),
  sha1: z.string(),
  sha512: z.string(),
});
export type ServerModpackFile = z.infer<typeof ServerModpackFileSchema>;

export const ServerModpackConflictSchema = z.object({
  /** The file the user changed since the pack wrote it: kept as it is. */
  path: z.string(),
  /** Where the pack's new file was written beside it; null when the pack dropped the file (the user's copy stays). */
  written_as: z.string().nullable(),
});

export const ServerModpackSchema = z.object({
  project_id: Base62IdSchema,
  title: z.string(),
  slug: z.string().nullable(),
  icon_url: z.string().nullable(),
  /** The version on the server; null until the first install has finished. */
  version_id: Base62IdSchema.nullable(),
  version_number: z.string().nullable(),
  /** The version being (or last) installed. */
  target_version_id: Base62IdSchema,
  target_version_number: z.string(),
  state: ServerModpackStateSchema,
  error: z.string().nullable(),
  progress: z.object({ files_done: z.number().int(), files_total: z.number().int(), bytes_done: z.number().int(), bytes_total: z.number().int() }),
  /** Files the pack put on the server. */
  files: z.array(ServerModpackFileSchema),
  /** Client-only files that were not installed. */
  skipped: z.array(z.string()),
  /** Files of the last install or update that the user had changed. */
  conflicts: z.array(ServerModpackConflictSchema),
  /** Newest listed version of the pack when it is not the installed one. */
  update_version_id: Base62IdSchema.nullable(),
  update_version_number: z.string().nullable(),
  started: z.string(),
  finished: z.string().nullable(),
});
export type ServerModpack = z.infer<typeof ServerModpackSchema>;

/** GET /servers/{id}/modpack. */
export const ServerModpackAnswerSchema = z.object({ modpack: ServerModpackSchema.nullable() });
export type ServerModpackAnswer = z.infer<typeof ServerModpackAnswerSchema>;

/** POST /servers/{id}/modpack: install a pack's version, or move the installed pack to another version. */
export const InstallServerModpackBodySchema = z.object({ version_id: Base62IdSchema }).strict();
export type InstallServerModpackBody = z.infer<typeof InstallServerModpackBodySchema>;

/** GET /servers/{id}/modpack/update-preview. */
export const ServerModpackPreviewQuerySchema = z.object({ version_id: Base62IdSchema });

export const ServerModpackPreviewSchema = z.object({
  from: z.object({ version_id: Base62IdSchema, version_number: z.string() }),
  to: z.object({ version_id: Base62IdSchema, version_number: z.string() }),
  /** The platform and game version the new version sets (a different one reinstalls the platform, keeping files). */
  platform: z.object({ loader: z.string(), game_version: z.string(), changes: z.boolean() }),
  /** Pack versions after the installed one up to the new one, oldest first, with changelogs. */
  versions_between: z.array(VersionBetweenSchema),
  versions_between_truncated: z.boolean(),
  /** Server-side file paths the update adds, removes and rewrites. */
  files: z.object({ added: z.array(z.string()), removed: z.array(z.string()), updated: z.array(z.string()) }),
  /** Catalogue projects inside the pack that are added, removed or updated (with their changelogs). */
  mods: z.object({ added: z.array(DiffModSchema), removed: z.array(DiffModSchema), updated: z.array(UpdatedModSchema) }).nullable(),
});
export type ServerModpackPreview = z.infer<typeof ServerModpackPreviewSchema>;

/** GET /servers/content-targets: the caller's servers they may install content on. */
export const ServerContentTargetsSchema = z.object({
  servers: z.array(z.object({ id: Base62IdSchema, name: z.string(), status: z.string(), loader: z.string(), game_version: z.string() })),
});
export type ServerContentTargets = z.infer<typeof ServerContentTargetsSchema>;
