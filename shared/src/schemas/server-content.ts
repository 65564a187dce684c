import { z } from 'zod';
import { Base62IdSchema } from './common.js';

/** Wire shapes of `/v2/servers/{id}/content`: catalogue content installed on a hosted server. */

export const ServerContentSchema = z.object({
  project_id: Base62IdSchema,
  version_id: Base62IdSchema,
  title: z.string(),
  slug: z.string().nullable(),
  icon_url: z.string().nullable(),
  version_number: z.string(),
  /** Catalogue project type of the installed version: plugin, mod or datapack. */
  kind: z.string(),
  /** Folder inside the server's folder (plugins, mods, world/datapacks). */
  folder: z.string(),
  /** Name of the file on the node; a disabled file carries an extra `.disabled`. */
  file_name: z.string(),
  enabled: z.boolean(),
  /** Kept at its version: "Update all" passes it by and a single update is refused until it is unpinned. */
  pinned: z.boolean(),
  /** Project whose installation brought this one as a required dependency, or null. */
  dependency_of: Base62IdSchema.nullable(),
  /** Newest compatible version when it is not the installed one, else null. */
  update_version_id: Base62IdSchema.nullable(),
  update_version_number: z.string().nullable(),
  installed: z.string(),
});
export type ServerContent = z.infer<typeof ServerContentSchema>;

export const ServerContentListSchema = z.object({
  /** Catalogue loaders this server accepts and its game version (the search facets of "Add content"). */
  loaders: z.array(z.string()),
  game_version: z.string(),
  content: z.array(ServerContentSchema),
});
export type ServerContentList = z.infer<typeof ServerContentListSchema>;

/** POST /servers/{id}/content: version omitted → newest compatible. */
export const InstallServerContentBodySchema = z.object({ project_id: Base62IdSchema, version_id: Base62IdSchema.optional() }).strict();
/** POST /servers/{id}/content/{project}/update: version omitted → newest compatible. */
export const UpdateServerContentBodySchema = z.object({ version_id: Base62IdSchema.optional() }).strict();
/** PATCH /servers/{id}/content/{project}. */
export const EditServerContentBodySchema = z
  .object({ enabled: z.boolean().optional(), pinned: z.boolean().optional() })
  .strict()
  .refine((body) => body.enabled !== undefined || body.pinned !== undefined, { message: 'enabled or pinned is required' });

/** Answer of install and update: every row written, the chosen project first, then its dependencies. */
export const ServerContentChangeSchema = z.object({ installed: z.array(ServerContentSchema) });
export type ServerContentChange = z.infer<typeof ServerContentChangeSchema>;

const VersionRefSchema = z.object({ version_id: Base62IdSchema, version_number: z.string() });

/** GET /servers/{id}/content/updates: what updating would change, before anything is changed. */
export const ServerContentUpdatePreviewSchema = z.object({
  updates: z.array(
    z.object({
      project_id: Base62IdSchema,
      title: z.string(),
      from: VersionRefSchema,
      to: VersionRefSchema,
      /** The versions after the installed one up to the new one, oldest first, with their changelogs. */
      versions_between: z.array(z.object({ id: Base62IdSchema, version_number: z.string(), date_published: z.string(), changelog: z.string() })),
      /** More versions lie in between than `versions_between` holds (it keeps the newest). */
      versions_between_truncated: z.boolean(),
      /** Required dependencies the new version brings that are not on the server yet (installed with it). */
      new_dependencies: z.array(z.object({ project_id: Base62IdSchema, title: z.string(), version_id: Base62IdSchema, version_number: z.string() })),
    }),
  ),
  /** Pinned content with a newer version, which "Update all" leaves as it is. */
  pinned: z.array(z.object({ project_id: Base62IdSchema, title: z.string(), version_number: z.string(), update_version_number: z.string() })),
});
export type ServerContentUpdatePreview = z.infer<typeof ServerContentUpdatePreviewSchema>;

/** GET /servers/{id}/content/updates?project_id=: one project's update (also when pinned, to show what unpinning would allow). */
export const ServerContentUpdatePreviewQuerySchema = z.object({ project_id: Base62IdSchema.optional(), version_id: Base62IdSchema.optional() });

/** POST /servers/{id}/content/update-all: what was updated and the pinned content passed by. */
export const ServerContentUpdateAllSchema = z.object({
  installed: z.array(ServerContentSchema),
  skipped_pinned: z.array(z.object({ project_id: Base62IdSchema, title: z.string(), version_number: z.string() })),
});
export type ServerContentUpdateAll = z.infer<typeof ServerContentUpdateAllSchema>;
