import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { NotificationBody } from '@cairn/shared/schemas/notifications';
import type { ThreadMessageBody } from '@cairn/shared/schemas/threads';

/** A thread message as stored: the v2 kinds plus `thread_reopen`, which v2 answers convert. */
export type StoredMessageBody = ThreadMessageBody | { type: 'thread_reopen' };
import { projects, versions } from './catalogue.js';
import { users } from './users.js';

/**
 * Trust and safety: reports, the conversation threads of projects and reports, their messages,
 * users' notifications, moderators' review locks and the public log of moderation decisions.
 */

const id = () => bigint({ mode: 'number' });
const created = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** A user's report of a project, version or user. At most one open report per reporter and item. */
export const reports = pgTable(
  'reports',
  {
    id: id().primaryKey(),
    /** One of the report types of the tags (`spam`, `copyright`…). */
    reportType: text().notNull(),
    /** `project`, `version` or `user`. */
    itemType: text().notNull(),
    /** Id of the reported item; the matching foreign key below removes the report with it. */
    itemId: id().notNull(),
    projectId: id().references(() => projects.id, { onDelete: 'cascade' }),
    versionId: id().references(() => versions.id, { onDelete: 'cascade' }),
    userId: id().references(() => users.id, { onDelete: 'cascade' }),
    reporterId: id()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text().notNull(),
    closed: boolean().notNull().default(false),
    created: created(),
  },
  (t) => [
    uniqueIndex('reports_open_item_idx').on(t.reporterId, t.itemType, t.itemId).where(sql`not ${t.closed}`),
    index('reports_reporter_idx').on(t.reporterId),
    index('reports_open_idx').on(t.created).where(sql`not ${t.closed}`),
  ],
);

/** The conversation of a project (with moderators), of a report, or between users. */
export const threads = pgTable(
  'threads',
  {
    id: id().primaryKey(),
    /** `project`, `report` or `direct_message`. */
    type: text().notNull(),
    projectId: id().references(() => projects.id, { onDelete: 'cascade' }),
    reportId: id().references(() => reports.id, { onDelete: 'cascade' }),
    created: created(),
  },
  (t) => [uniqueIndex('threads_project_idx').on(t.projectId), uniqueIndex('threads_report_idx').on(t.reportId)],
);

export const threadMessages = pgTable(
  'thread_messages',
  {
    id: id().primaryKey(),
    threadId: id()
      .notNull()
      .references(() => threads.id, { onDelete: 'cascade' }),
    /** Null for messages of deleted accounts and of the system. */
    authorId: id().references(() => users.id, { onDelete: 'set null' }),
    body: jsonb().$type<StoredMessageBody>().notNull(),
    /** Moderators' messages: shown without the author to everyone but moderators. */
    hideIdentity: boolean().notNull().default(false),
    created: created(),
  },
  (t) => [index('thread_messages_thread_idx').on(t.threadId, t.created)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: id().primaryKey(),
    userId: id()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: jsonb().$type<NotificationBody>().notNull(),
    read: boolean().notNull().default(false),
    created: created(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.created)],
);

/** A moderator's claim on reviewing a project; a lock past `expiresAt` no longer holds. */
export const moderationLocks = pgTable('moderation_locks', {
  projectId: id()
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  moderatorId: id()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  lockedAt: created(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * Moderation decisions for the public log and the review-time figures: no moderator identity is
 * kept here. `queuedAt` is when the reviewed project entered the queue (null for reports).
 */
export const moderationDecisions = pgTable(
  'moderation_decisions',
  {
    id: id().primaryKey(),
    /** `project`, `version`, `user` or `report`. */
    itemType: text().notNull(),
    itemId: id().notNull(),
    /** The new project status (`approved`, `rejected`, `withheld`…) or `report_closed`. */
    decision: text().notNull(),
    publicReason: text(),
    queuedAt: timestamp({ withTimezone: true }),
    created: created(),
  },
  (t) => [index('moderation_decisions_created_idx').on(t.created), index('moderation_decisions_item_idx').on(t.itemType, t.itemId)],
);
