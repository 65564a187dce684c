import { LRUCache } from 'lru-cache';

/** Answers kept at most (JSON characters; a page of 20 hits is ~15,000). */
const MAX_CHARS = 16 * 1024 * 1024;

export interface SearchResultCache {
  /** The answer for `key`: cached, being computed by a concurrent identical request, or computed now by `compute`. */
  get(key: string, compute: () => Promise<string>): Promise<string>;
}

/**
 * Answers of identical searches, kept for `ttlMs` and shared by concurrent identical requests.
 * The browse pages' default searches are most of the traffic; a cached answer is at most `ttlMs`
 * older than the index, which keeps "published → searchable" within a second. Failures are not
 * kept. `ttlMs` 0 turns it off.
 */
export function createSearchResultCache(ttlMs: number, maxChars = MAX_CHARS): SearchResultCache {
  if (ttlMs <= 0) return { get: (_key, compute) => compute() };
  const cache = new LRUCache<string, string, () => Promise<string>>({
    ttl: ttlMs,
    maxSize: maxChars,
    sizeCalculation: (value, key) => value.length + key.length,
    // An expired answer is never served while its replacement is computed.
    allowStale: false,
    fetchMethod: (_key, _stale, { context }) => context(),
    // A search in flight whose entry a full cache pushes out still answers its callers (the
    // cache would otherwise reject them with "evicted": a 500 under a varied load).
    ignoreFetchAbort: true,
  });
  return {
    async get(key, compute) {
      const answer = await cache.fetch(key, { context: compute });
      // fetchMethod always yields a string or throws.
      return answer!;
    },
  };
}
