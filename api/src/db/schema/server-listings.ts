import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { projects } from './catalogue.js';
import { servers } from './servers.js';
import { users } from './users.js';

/**
 * Public server listings (docs/api/server-listings.md): a game server's address with what its
 * owner says of it, its moderation status, and what the worker's last status ping read. A listing
 * of a server hosted here points at it (`server_id`), and its address follows that server.
 */
export const serverListings = pgTable(
  'server_listings',
  {
    id: bigint({ mode: 'number' }).primaryKey(),
    ownerId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The hosted server it was listed from; its deletion deletes the listing. */
    serverId: text().references(() => servers.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    summary: text().notNull(),
    description: text().notNull().default(''),
    host: text().notNull(),
    port: integer().notNull(),
    gameVersion: text().notNull(),
    loader: text().notNull(),
    modpackId: bigint({ mode: 'number' }).references(() => projects.id, { onDelete: 'set null' }),
    region: text(),
    status: text().$type<'processing' | 'approved' | 'rejected' | 'withheld'>().notNull().default('processing'),
    moderationMessage: text(),
    /** The last status ping: when, whether it was answered, and what it read. */
    checked: timestamp({ withTimezone: true }),
    online: boolean().notNull().default(false),
    lastOnline: timestamp({ withTimezone: true }),
    playersOnline: integer(),
    playersMax: integer(),
    versionName: text(),
    motd: text(),
    pingError: text(),
    /** Set by the ping job after the operator's limit of unanswered hours; cleared by an answer. */
    hiddenReason: text(),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('server_listings_owner_idx').on(t.ownerId),
    index('server_listings_status_idx').on(t.status),
    uniqueIndex('server_listings_server_idx').on(t.serverId).where(sql`${t.serverId} is not null`),
  ],
);
