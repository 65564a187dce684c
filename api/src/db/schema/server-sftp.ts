import { bigint, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { servers } from './servers.js';
import { users } from './users.js';

/**
 * SFTP logins to game servers (docs/api/servers.md, "SFTP"): one per server and user, pushed to
 * the server's node, which checks them. The password itself is never stored, only its scrypt hash.
 */
export const serverSftpLogins = pgTable(
  'server_sftp_logins',
  {
    serverId: text()
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The login name, `<username>.<server id>` when the login was made; unique as nodes need it. */
    username: text().notNull(),
    /** `scrypt$N$r$p$salt$key` (shared/src/schemas/node-agent.ts, SFTP_PASSWORD_HASH_PATTERN); null: no password. */
    passwordHash: text(),
    /** OpenSSH public key lines, normalised to `type base64 [comment]`. */
    publicKeys: text().array().notNull().default([]),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.serverId, t.userId] }), uniqueIndex('server_sftp_logins_username_idx').on(t.username)],
);
