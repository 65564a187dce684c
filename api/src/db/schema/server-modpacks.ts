import { bigint, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { projects, versions } from './catalogue.js';
import { servers } from './servers.js';

/** One file a modpack put on a server, with the hashes it was written with (to tell later whether the user changed it). */
export interface ModpackFileRecord {
  path: string;
  sha1: string;
  sha512: string;
  size: number;
  /** `download`: listed in the pack's index; `override`: from `overrides/` or `server-overrides/`. */
  source: 'download' | 'override';
}

/** A file the last install or update did not overwrite because the user had changed it. */
export interface ModpackConflictRecord {
  path: string;
  /** Where the pack's own file was written instead (null when the pack dropped the file and the user's copy was kept). */
  written_as: string | null;
}

/**
 * The modpack installed on a hosted server (at most one), and the job installing or updating it:
 * progress for the panel, the files the pack wrote with their hashes (docs/api/servers.md,
 * "Modpacks on a server"), the client-only files it skipped and the conflicts of the last run.
 */
export const serverModpacks = pgTable('server_modpacks', {
  serverId: text()
    .primaryKey()
    .references(() => servers.id, { onDelete: 'cascade' }),
  projectId: bigint({ mode: 'number' })
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' }),
  /** The version whose files are on the server; null until the first install has finished. */
  versionId: bigint({ mode: 'number' }).references(() => versions.id, { onDelete: 'set null' }),
  /** The version being installed (equal to versionId once done). */
  targetVersionId: bigint({ mode: 'number' })
    .notNull()
    .references(() => versions.id, { onDelete: 'cascade' }),
  /** queued, installing, installed or failed. */
  state: text().notNull(),
  error: text(),
  filesDone: integer().notNull().default(0),
  filesTotal: integer().notNull().default(0),
  bytesDone: bigint({ mode: 'number' }).notNull().default(0),
  bytesTotal: bigint({ mode: 'number' }).notNull().default(0),
  files: jsonb().$type<ModpackFileRecord[]>().notNull().default([]),
  /** Paths of client-only files (env.server unsupported, client-overrides/) that were not installed. */
  skipped: jsonb().$type<string[]>().notNull().default([]),
  conflicts: jsonb().$type<ModpackConflictRecord[]>().notNull().default([]),
  /** Who asked for the current or last run. */
  actorId: bigint({ mode: 'number' }),
  started: timestamp({ withTimezone: true }).notNull().defaultNow(),
  finished: timestamp({ withTimezone: true }),
});
