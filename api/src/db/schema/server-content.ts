import { bigint, boolean, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { projects, versions } from './catalogue.js';
import { servers } from './servers.js';

/**
 * Catalogue content installed on a hosted server: one row per project (one version of it at a
 * time), the file it was written as on the node and whether it is switched on. The node holds
 * the file; this row is what the API installed, so updates and dependency checks need no scan.
 */
export const serverContent = pgTable(
  'server_content',
  {
    serverId: text()
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    projectId: bigint({ mode: 'number' })
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    versionId: bigint({ mode: 'number' })
      .notNull()
      .references(() => versions.id, { onDelete: 'cascade' }),
    /** The file's name on the node (without the `.disabled` suffix a disabled file carries). */
    fileName: text().notNull(),
    /** Folder inside the server's folder: plugins, mods or world/datapacks. */
    folder: text().notNull(),
    enabled: boolean().notNull().default(true),
    /** Kept at this version: "Update all" passes it by and a single update is refused until it is unpinned. */
    pinned: boolean().notNull().default(false),
    /** The project whose installation pulled this one in as a required dependency; null when chosen directly. */
    dependencyOf: bigint({ mode: 'number' }).references(() => projects.id, { onDelete: 'set null' }),
    installed: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.serverId, t.projectId] }), index('server_content_project_idx').on(t.projectId)],
);
