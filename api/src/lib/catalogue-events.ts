import type postgres from 'postgres';

/**
 * "This project's public data changed." Emitted in-process by the search outbox writer (at the
 * time of the write) and, for changes made by other processes, relayed from PostgreSQL's
 * `catalogue_changed` notifications (sent at commit by a trigger on `search_outbox`). Caches
 * of public catalogue data subscribe to evict what changed.
 */
type Listener = (projectIds: readonly number[]) => void;

// Process-wide on purpose: every cache in this process must hear about every change.
const listeners = new Set<Listener>();

export function onCatalogueChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitCatalogueChange(projectIds: readonly number[]): void {
  if (projectIds.length === 0) return;
  for (const listener of listeners) listener(projectIds);
}

export const CATALOGUE_CHANNEL = 'catalogue_changed';

/** Relays committed changes from any process; returns a function that stops listening. */
export async function relayCatalogueNotifications(sql: postgres.Sql): Promise<() => Promise<void>> {
  const { unlisten } = await sql.listen(CATALOGUE_CHANNEL, (payload) => {
    const id = Number(payload);
    if (Number.isSafeInteger(id)) emitCatalogueChange([id]);
  });
  return unlisten;
}
