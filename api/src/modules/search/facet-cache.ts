import { LRUCache } from 'lru-cache';
import type { FacetSummary } from './plan.js';

/** Summaries kept at most, and the longest one is trusted without hearing of index changes. */
const MAX_ENTRIES = 2_000;
const MAX_AGE_MS = 60_000;

export interface FacetCache {
  get(key: string): FacetSummary | undefined;
  /** Read before asking the index: a summary computed across an index change is not kept. */
  generation(): number;
  set(key: string, summary: FacetSummary, generation: number): void;
  /** The index changed: every summary is stale. */
  invalidate(): void;
}

/**
 * Totals and facet counts of searches, by their text and filters (see `facetKey`): the first page
 * of a search computes them, later pages and other sort orders reuse them and ask the index for
 * hits only. Emptied whenever the index changes; an entry older than a minute is dropped in case
 * a change notice was lost (a dropped database connection).
 */
export function createFacetCache(): FacetCache {
  const entries = new LRUCache<string, FacetSummary>({ max: MAX_ENTRIES, ttl: MAX_AGE_MS, allowStale: false });
  let generation = 0;
  return {
    get: (key) => entries.get(key),
    generation: () => generation,
    set(key, summary, since) {
      if (since === generation) entries.set(key, summary);
    },
    invalidate() {
      generation += 1;
      entries.clear();
    },
  };
}
