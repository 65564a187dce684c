import type { Database } from '../../db/client.js';
import type { SearchClient } from '../../lib/search-client.js';
import { loadSearchDocuments } from './document-source.js';
import { createIndexIfMissing, ensureIndex, liveIndexUid, nextIndexUid } from './index-settings.js';
import { lockSearchWriter } from './indexer.js';
import { finishedTask, waitForTasks } from './tasks.js';
import { emitSearchIndexChange, notifySearchIndexChange } from './index-events.js';
import { countSearchableProjects, listGameVersionOrder, listSearchableProjectIds } from './search.repository.js';

export interface ReindexProgress {
  phase: 'reading' | 'indexing' | 'swapping';
  done: number;
  total: number;
}

export interface ReindexResult {
  projects: number;
  documents: number;
  seconds: number;
}

/** Projects read and sent per batch. */
const BATCH_SIZE = 1000;
/** A full build may take a while on a large catalogue. */
const BUILD_TIMEOUT_MS = 30 * 60_000;

/**
 * Rebuilds the search index from PostgreSQL into a fresh index and swaps it with the live one
 * atomically (searches see the old index until the swap, then the new one). Incremental sync
 * waits meanwhile (same advisory lock); changes made during the rebuild stay in the outbox
 * and are applied to the new index afterwards.
 */
export async function reindexAll(
  deps: { db: Database; search: SearchClient; indexPrefix: string },
  onProgress: (progress: ReindexProgress) => void = () => {},
): Promise<ReindexResult> {
  const { db, search, indexPrefix } = deps;
  const started = performance.now();
  const live = liveIndexUid(indexPrefix);
  const next = nextIndexUid(indexPrefix);
  const result = await db.transaction(async (tx) => {
    await lockSearchWriter(tx, indexPrefix);
    // A previous rebuild may have been interrupted (the task fails harmlessly when there is none).
    await finishedTask(search, (await search.deleteIndex(next)).taskUid, BUILD_TIMEOUT_MS);
    // The live index only has to exist for the swap; its settings do not matter any more.
    await createIndexIfMissing(search, live);
    await ensureIndex(search, next);

    const total = await countSearchableProjects(db);
    const tasks: number[] = [];
    let projects = 0;
    let documents = 0;
    let after = 0;
    const gameVersionOrder = await listGameVersionOrder(db);
    const readBatch = async () => {
      const ids = await listSearchableProjectIds(db, after, BATCH_SIZE);
      if (ids.length) after = ids.at(-1)!;
      return { ids, documents: await loadSearchDocuments(db, ids, { gameVersionOrder }) };
    };
    onProgress({ phase: 'reading', done: 0, total });
    // Read the next batch from PostgreSQL while the current one is being sent (if sending
    // fails, the read ahead is abandoned: its failure must not surface as unhandled).
    let pending = readBatch();
    for (;;) {
      const batch = await pending;
      if (batch.ids.length === 0) break;
      pending = readBatch();
      pending.catch(() => {});
      if (batch.documents.length) tasks.push((await search.index(next).addDocuments(batch.documents, { primaryKey: 'id' })).taskUid);
      projects += batch.ids.length;
      documents += batch.documents.length;
      onProgress({ phase: 'reading', done: projects, total });
    }

    let indexed = 0;
    onProgress({ phase: 'indexing', done: 0, total: tasks.length });
    for (const uid of tasks) {
      await waitForTasks(search, [uid], BUILD_TIMEOUT_MS);
      onProgress({ phase: 'indexing', done: ++indexed, total: tasks.length });
    }

    onProgress({ phase: 'swapping', done: 0, total: 1 });
    await waitForTasks(search, [(await search.swapIndexes([{ indexes: [live, next], rename: false }])).taskUid]);
    await notifySearchIndexChange(tx, indexPrefix);
    await waitForTasks(search, [(await search.deleteIndex(next)).taskUid]);
    onProgress({ phase: 'swapping', done: 1, total: 1 });
    return { projects, documents, seconds: (performance.now() - started) / 1000 };
  });
  emitSearchIndexChange(indexPrefix);
  return result;
}
