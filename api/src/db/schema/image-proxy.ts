import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What the image proxy knows about one external image URL, until `expires`: the re-encoded
 * image (a blob in the file store) or the failure it met (answered again without fetching).
 */
export const imageProxyEntries = pgTable(
  'image_proxy_entries',
  {
    /** sha-256 (hex) of the URL as requested. */
    urlHash: text().primaryKey(),
    /** FileStore key of the re-encoded image; null for a failure. */
    blobKey: text(),
    contentType: text(),
    /** For a failure: the answer's status, code and description. */
    failureStatus: integer(),
    failureCode: text(),
    failureDescription: text(),
    fetched: timestamp({ withTimezone: true }).notNull(),
    expires: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('image_proxy_entries_expires_idx').on(t.expires), index('image_proxy_entries_blob_idx').on(t.blobKey)],
);
