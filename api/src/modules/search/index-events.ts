import type postgres from 'postgres';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';

/**
 * "The search index of this prefix changed." Writers of the index (the sync's batches, a full
 * reindex) send it from their transaction, after Meilisearch applied their tasks: PostgreSQL
 * delivers it to every process at commit, and the writer's own process hears it at once after
 * the commit (before its call returns). What was computed from the index before is stale.
 */
type Listener = (indexPrefix: string) => void;

// Process-wide on purpose: every cache of search answers in this process must hear it.
const listeners = new Set<Listener>();

export const SEARCH_INDEX_CHANNEL = 'search_index_changed';

export function onSearchIndexChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitSearchIndexChange(indexPrefix: string): void {
  for (const listener of listeners) listener(indexPrefix);
}

/** Sent inside the writer's transaction (delivered at commit). */
export async function notifySearchIndexChange(tx: Executor, indexPrefix: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${SEARCH_INDEX_CHANNEL}, ${indexPrefix})`);
}

/** Relays the changes other processes made; returns a function that stops listening. */
export async function relaySearchIndexNotifications(client: postgres.Sql): Promise<() => Promise<void>> {
  const { unlisten } = await client.listen(SEARCH_INDEX_CHANNEL, (payload) => emitSearchIndexChange(payload));
  return unlisten;
}
