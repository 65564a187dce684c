import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { encodeBase62 } from '../../lib/ids.js';
import type { SearchClient } from '../../lib/search-client.js';
import { loadSearchDocuments } from './document-source.js';
import { indexedProjectId } from './document-fields.js';
import { quote } from './filter.js';
import { ensureIndex, liveIndexUid } from './index-settings.js';
import * as repo from './search.repository.js';
import { waitForTasks } from './tasks.js';
import { emitSearchIndexChange, notifySearchIndexChange } from './index-events.js';

/**
 * Incremental sync: applies the change records of `search_outbox` to the live index in
 * batches. A batch's rows are deleted only after Meilisearch confirmed both of its tasks, so
 * nothing is lost when Meilisearch is down (the rows wait) or the process dies (they are
 * applied again; writes are idempotent).
 */

export interface SearchIndexerDeps {
  db: Database;
  search: SearchClient;
  indexPrefix: string;
}

/** Outbox rows (≈ projects) per batch. */
const BATCH_SIZE = 500;
/** Documents of one batch's projects read back at most (a project has a handful). */
const EXISTING_DOCUMENTS_LIMIT = 100_000;
/** How long the game-version release order is reused before it is read again. */
const GAME_VERSION_ORDER_TTL_MS = 10 * 60_000;
/** Arbitrary constant naming the search writer's advisory lock (with the index prefix). */
const LOCK_KEY = 731_820_455;

/**
 * Serializes writers of the same indexes across processes (the worker's fast path, its
 * periodic job, a CLI reindex): a change is never overwritten by an older read of it.
 */
export async function lockSearchWriter(tx: Executor, indexPrefix: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KEY}, hashtext(${indexPrefix}))`);
}

/**
 * Writes the current documents of these projects into an index and removes their documents
 * that are no longer current (counting documents that no longer exist, projects that are no
 * longer searchable or were deleted). Writers hold the advisory lock and wait for their
 * tasks, so the index holds every earlier write when it is read here; usually a write is a
 * single task. Resolves once Meilisearch has applied it.
 */
export async function writeProjects(
  db: Executor,
  search: SearchClient,
  indexUid: string,
  projectIds: readonly number[],
  options: { gameVersionOrder?: Map<string, number> } = {},
): Promise<void> {
  const index = search.index(indexUid);
  const [documents, existing] = await Promise.all([
    loadSearchDocuments(db, projectIds, options),
    index.getDocuments<{ id: string }>({
      filter: `pid IN [${projectIds.map((id) => quote(indexedProjectId(encodeBase62(id)))).join(', ')}]`,
      fields: ['id'],
      limit: EXISTING_DOCUMENTS_LIMIT,
    }),
  ]);
  if (existing.total > existing.results.length) throw new Error(`More than ${EXISTING_DOCUMENTS_LIMIT} documents for ${projectIds.length} projects`);
  const current = new Set(documents.map((d) => d.id));
  const obsolete = existing.results.map((d) => d.id).filter((id) => !current.has(id));
  const tasks: number[] = [];
  if (documents.length) tasks.push((await index.addDocuments(documents, { primaryKey: 'id' })).taskUid);
  if (obsolete.length) tasks.push((await index.deleteDocuments(obsolete)).taskUid);
  await waitForTasks(search, tasks);
}

export function createSearchIndexer(deps: SearchIndexerDeps) {
  const { db, search, indexPrefix } = deps;
  const uid = liveIndexUid(indexPrefix);
  let ensured = false;
  let gameVersionOrder: { value: Map<string, number>; until: number } | undefined;
  const releaseOrder = async (tx: Executor) => {
    if (!gameVersionOrder || gameVersionOrder.until < Date.now()) {
      gameVersionOrder = { value: await repo.listGameVersionOrder(tx), until: Date.now() + GAME_VERSION_ORDER_TTL_MS };
    }
    return gameVersionOrder.value;
  };

  /** Applies one batch; false when the outbox was empty. */
  async function applyBatch(): Promise<number> {
    return db.transaction(async (tx) => {
      await lockSearchWriter(tx, indexPrefix);
      const rows = await repo.listOutboxRows(tx, BATCH_SIZE);
      if (rows.length === 0) return 0;
      if (!ensured) {
        await ensureIndex(search, uid);
        ensured = true;
      }
      await writeProjects(tx, search, uid, [...new Set(rows.map((r) => r.projectId))], { gameVersionOrder: await releaseOrder(tx) });
      await repo.deleteOutboxRows(tx, rows.map((r) => r.id));
      await notifySearchIndexChange(tx, indexPrefix);
      return rows.length;
    });
  }

  return {
    indexUid: uid,

    /** Applies every pending change; resolves with the number of change records applied. */
    async drain(): Promise<number> {
      let applied = 0;
      for (;;) {
        const count = await applyBatch().catch((error: unknown) => {
          ensured = false;
          throw error;
        });
        if (count === 0) return applied;
        emitSearchIndexChange(indexPrefix);
        applied += count;
      }
    },

    /** Change records not yet applied. */
    pending: () => repo.countOutboxRows(db),
  };
}

export type SearchIndexer = ReturnType<typeof createSearchIndexer>;
