import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { projects } from './catalogue.js';
import { users } from './users.js';

/**
 * Users' collections of projects. The automatic "Following" list is not stored here: it is the
 * user's `project_follows` rows, shown as a collection by the API and the site.
 */

const id = () => bigint({ mode: 'number' });
const created = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const collections = pgTable(
  'collections',
  {
    id: id().primaryKey(),
    userId: id()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text(),
    /** `listed`, `unlisted`, `private` or `rejected` (set by moderators). */
    status: text().notNull().default('listed'),
    /** FileStore keys of the 96 px icon and the original upload. */
    iconKey: text(),
    rawIconKey: text(),
    color: integer(),
    created: created(),
    updated: created(),
  },
  (t) => [index('collections_user_idx').on(t.userId)],
);

export const collectionProjects = pgTable(
  'collection_projects',
  {
    collectionId: id()
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    projectId: id()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** When the project was added: the collection page's default sort. */
    added: created(),
  },
  (t) => [primaryKey({ columns: [t.collectionId, t.projectId] }), index('collection_projects_project_idx').on(t.projectId)],
);
