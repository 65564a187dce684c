import type { Executor } from '../../db/client.js';
import { isBlobReferenced, listReferencedBlobKeys } from './blob-references.js';
import type { FileStore } from './file-store.js';

/**
 * A blob younger than this is left alone: its upload may still be on its way to the row that
 * will refer to it (the bytes are stored before the transaction that records them commits).
 */
export const ORPHAN_BLOB_GRACE_MS = 60 * 60 * 1000;

/**
 * Removes stored blobs no row refers to: what an API process killed between storing an upload
 * and committing its row left behind. Answers how many were removed.
 */
export async function sweepOrphanBlobs(db: Executor, files: FileStore, graceMs = ORPHAN_BLOB_GRACE_MS): Promise<number> {
  const cutoff = Date.now() - graceMs;
  const candidates: string[] = [];
  for await (const blob of files.list()) if (blob.modifiedAt < cutoff) candidates.push(blob.key);
  if (candidates.length === 0) return 0;
  const referenced = new Set(await listReferencedBlobKeys(db));
  let removed = 0;
  for (const key of candidates) {
    // Checked once more just before deleting, to narrow the window for a row committed since.
    if (referenced.has(key) || (await isBlobReferenced(db, key))) continue;
    await files.delete(key);
    removed += 1;
  }
  return removed;
}
