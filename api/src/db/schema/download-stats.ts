import { bigint, date, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { projects } from './catalogue.js';

/**
 * Counted downloads per project and UTC day, incremented with every counted download (the
 * same transaction that bumps the totals). Search ranks "trending" by the last 7 days.
 */
export const projectDownloadDays = pgTable(
  'project_download_days',
  {
    projectId: bigint({ mode: 'number' })
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    downloads: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.day] }), index('project_download_days_day_idx').on(t.day)],
);
