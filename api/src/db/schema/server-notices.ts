import { bigint, boolean, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { serverNodes, servers } from './servers.js';
import { users } from './users.js';

/** Notices staff show on server panels, where they show, and which servers dismissed them. */

export const serverNotices = pgTable('server_notices', {
  id: bigint({ mode: 'number' }).primaryKey(),
  level: text().$type<'info' | 'warning' | 'critical' | 'survey'>().notNull(),
  title: text(),
  message: text().notNull(),
  dismissable: boolean().notNull(),
  /** Null: shown from its creation. */
  begins: timestamp({ withTimezone: true }),
  /** Null: shown until deleted. */
  expires: timestamp({ withTimezone: true }),
  /** Shown on every server's panel. */
  assignedAll: boolean().notNull().default(false),
  created: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const serverNoticeNodes = pgTable(
  'server_notice_nodes',
  {
    noticeId: bigint({ mode: 'number' })
      .notNull()
      .references(() => serverNotices.id, { onDelete: 'cascade' }),
    nodeId: bigint({ mode: 'number' })
      .notNull()
      .references(() => serverNodes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.nodeId] }), index('server_notice_nodes_node_idx').on(t.nodeId)],
);

export const serverNoticeServers = pgTable(
  'server_notice_servers',
  {
    noticeId: bigint({ mode: 'number' })
      .notNull()
      .references(() => serverNotices.id, { onDelete: 'cascade' }),
    serverId: text()
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.serverId] }), index('server_notice_servers_server_idx').on(t.serverId)],
);

/** One row per server whose customer dismissed the notice (dismissing again changes nothing). */
export const serverNoticeDismissals = pgTable(
  'server_notice_dismissals',
  {
    noticeId: bigint({ mode: 'number' })
      .notNull()
      .references(() => serverNotices.id, { onDelete: 'cascade' }),
    serverId: text()
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.serverId] })],
);
