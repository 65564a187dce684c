import type { Executor } from '../db/client.js';
import { searchOutbox } from '../db/schema/catalogue.js';
import { emitCatalogueChange } from './catalogue-events.js';

/**
 * Records that these projects' search documents are stale. Call it with the transaction that
 * makes the change (create, edit, status change, new/edited/deleted version, delete, download
 * or follower totals), so the index never misses a committed change; the search indexer
 * consumes the rows. A trigger on the table notifies `catalogue_changed` at commit, which
 * evicts cached public copies (see lib/catalogue-events.ts).
 */
export async function recordSearchChange(tx: Executor, projectIds: readonly number[]): Promise<void> {
  const unique = [...new Set(projectIds)];
  if (unique.length === 0) return;
  await tx.insert(searchOutbox).values(unique.map((projectId) => ({ projectId })));
  // Evict cached copies now; the commit's notification evicts again (and in other processes).
  emitCatalogueChange(unique);
}
