import { eq, lte } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { imageProxyEntries } from '../../db/schema/image-proxy.js';

export type ImageProxyEntry = typeof imageProxyEntries.$inferSelect;

const entryColumns = {
  urlHash: imageProxyEntries.urlHash,
  blobKey: imageProxyEntries.blobKey,
  contentType: imageProxyEntries.contentType,
  failureStatus: imageProxyEntries.failureStatus,
  failureCode: imageProxyEntries.failureCode,
  failureDescription: imageProxyEntries.failureDescription,
  fetched: imageProxyEntries.fetched,
  expires: imageProxyEntries.expires,
};

export async function findEntry(db: Executor, urlHash: string): Promise<ImageProxyEntry | undefined> {
  const [row] = await db.select(entryColumns).from(imageProxyEntries).where(eq(imageProxyEntries.urlHash, urlHash)).limit(1);
  return row;
}

/** Writes the entry, answering the blob key the replaced entry had (if any). */
export async function upsertEntry(db: Database, entry: ImageProxyEntry): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [previous] = await tx
      .select({ blobKey: imageProxyEntries.blobKey })
      .from(imageProxyEntries)
      .where(eq(imageProxyEntries.urlHash, entry.urlHash))
      .for('update');
    const { urlHash: _key, ...rest } = entry;
    await tx.insert(imageProxyEntries).values(entry).onConflictDoUpdate({ target: imageProxyEntries.urlHash, set: rest });
    return previous?.blobKey ?? null;
  });
}

/** Deletes the entries expired at `before`, answering the blob keys they held. */
export async function deleteExpiredEntries(db: Executor, before: Date): Promise<string[]> {
  const rows = await db.delete(imageProxyEntries).where(lte(imageProxyEntries.expires, before)).returning({ blobKey: imageProxyEntries.blobKey });
  return rows.flatMap((row) => (row.blobKey ? [row.blobKey] : []));
}
