import type postgres from 'postgres';
import type { Logger } from '../../embedded/process-utils.js';
import { CATALOGUE_CHANNEL } from '../../lib/catalogue-events.js';
import type { SearchIndexer } from './indexer.js';

const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 30_000;

export interface SearchSync {
  /** Drain now (coalesced with a drain already running). */
  kick(): void;
  /** Resolves once a drain has succeeded and none is running or waiting to retry. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The fast path of incremental sync, run by the worker: a LISTEN on the channel the outbox
 * trigger notifies drains the outbox as soon as a change commits (so edits are searchable within about a
 * second), and a failed drain — Meilisearch down — is retried with backoff until it
 * succeeds. The periodic `search-sync` job is the safety net behind it.
 */
export async function startSearchSync(deps: { sql: postgres.Sql; indexer: SearchIndexer; log: Logger }): Promise<SearchSync> {
  const { indexer, log } = deps;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryDelay = RETRY_MIN_MS;
  let failing = false;
  /** Called after every drain attempt. */
  let settled: Array<() => void> = [];

  const run = async () => {
    do {
      again = false;
      try {
        await indexer.drain();
        if (failing) log.info('Search sync recovered; pending changes are applied.');
        failing = false;
        retryDelay = RETRY_MIN_MS;
      } catch (error) {
        if (!failing) log.warn(`Search sync failed, retrying until it succeeds: ${(error as Error).message}`);
        failing = true;
        if (!stopped) {
          retryTimer = setTimeout(() => {
            retryTimer = undefined;
            kick();
          }, retryDelay);
          retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS);
        }
        return;
      }
    } while (again && !stopped);
  };

  function kick(): void {
    if (stopped) return;
    if (retryTimer) {
      clearTimeout(retryTimer);
      retryTimer = undefined;
    }
    if (running) {
      again = true;
      return;
    }
    running = run().finally(() => {
      running = undefined;
      const waiting = settled;
      settled = [];
      for (const resolve of waiting) resolve();
    });
  }

  // The `search_outbox` insert trigger notifies this channel at commit. The second callback
  // runs on every (re)connection, which also catches up on changes made while disconnected.
  const listener = await deps.sql.listen(CATALOGUE_CHANNEL, () => kick(), kick);

  return {
    kick,
    async idle() {
      while (!stopped && (running || retryTimer)) await new Promise<void>((resolve) => settled.push(resolve));
    },
    async stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = undefined;
      for (const resolve of settled.splice(0)) resolve();
      await listener.unlisten().catch(() => {});
      while (running) await running;
    },
  };
}
