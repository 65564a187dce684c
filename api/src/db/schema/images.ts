import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { projects, versions } from './catalogue.js';
import { users } from './users.js';

/**
 * Images uploaded for markdown text (project descriptions, version changelogs, thread
 * messages, reports). One is `attached` once the text of its item was saved with its URL;
 * images the saved text no longer shows are deleted, and ones never attached are swept after a day.
 */
export const uploadedImages = pgTable(
  'uploaded_images',
  {
    id: bigint({ mode: 'number' }).primaryKey(),
    /** FileStore key (content address with extension). */
    blobKey: text().notNull(),
    size: integer().notNull(),
    ownerId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    context: text().notNull(),
    // A deleted item leaves its images without one; the sweep removes them.
    projectId: bigint({ mode: 'number' }).references(() => projects.id, { onDelete: 'set null' }),
    versionId: bigint({ mode: 'number' }).references(() => versions.id, { onDelete: 'set null' }),
    threadMessageId: bigint({ mode: 'number' }),
    reportId: bigint({ mode: 'number' }),
    attached: boolean().notNull().default(false),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('uploaded_images_project_idx').on(t.projectId),
    index('uploaded_images_version_idx').on(t.versionId),
    index('uploaded_images_blob_idx').on(t.blobKey),
    index('uploaded_images_unattached_idx').on(t.created).where(sql`not ${t.attached}`),
  ],
);
