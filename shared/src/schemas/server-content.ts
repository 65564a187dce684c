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
export const EditServerContentBodySchema = z.object({ enabled: z.boolean() }).strict();

/** Answer of install and update: every row written, the chosen project first, then its dependencies. */
export const ServerContentChangeSchema = z.object({ installed: z.array(ServerContentSchema) });
export type ServerContentChange = z.infer<typeof ServerContentChangeSchema>;
