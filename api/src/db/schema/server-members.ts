import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { servers } from './servers.js';
import { users } from './users.js';

/**
 * People a server's owner shares it with (docs/api/server-members.md), and the per-server
 * activity log. The owner is `servers.owner_id` and never has a row here.
 */

export const serverMembers = pgTable(
  'server_members',
  {
    serverId: text()
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `editor` and `limited` are presets of `permissions`; `custom` is any other set. */
    role: text().$type<'editor' | 'limited' | 'custom'>().notNull(),
    /** Named permissions (shared/src/constants/server-permissions.ts). */
    permissions: text().array().notNull(),
    /** False while the invitation waits for an answer: no access until accepted. */
    accepted: boolean().notNull().default(false),
    invitedBy: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.serverId, t.userId] }), index('server_members_user_idx').on(t.userId)],
);

export const serverActivity = pgTable(
  'server_activity',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    serverId: text()
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    /** Null when the actor's account is gone or the node itself acted. */
    actorId: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    kind: text().notNull(),
    action: text().notNull(),
    detail: text().notNull().default(''),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The node's sequence number of an entry it reported (console lines, direct file changes): imported once. */
    agentSeq: bigint({ mode: 'number' }),
  },
  (t) => [
    index('server_activity_page_idx').on(t.serverId, t.created.desc(), t.id.desc()),
    index('server_activity_created_idx').on(t.created),
    uniqueIndex('server_activity_agent_seq_idx')
      .on(t.serverId, t.agentSeq)
      .where(sql`${t.agentSeq} is not null`),
  ],
);
