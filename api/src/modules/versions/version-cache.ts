import { createGenerationalCache, type GenerationalCache } from '../../lib/generational-cache.js';
import { cacheLookupsOf } from '../../observability/metrics.js';

/**
 * Serialized v2 Version objects (UTF-8 JSON) by version id, so the bulk hash lookups launchers
 * send (up to 1,000 versions per request) are assembled from ready bytes instead of being
 * loaded, serialized and encoded again. A Version object looks the same to everyone, so hidden
 * versions are cached too: who may see which version is decided for every request before
 * anything is read from here. Any change to a project evicts all of its versions
 * (lib/catalogue-events.ts); entries are grouped by project for that.
 */
export type VersionCache = GenerationalCache<number, Buffer>;

/** 32 MiB: some 40,000 versions with short changelogs. */
const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;

export function createVersionCache(maxBytes = DEFAULT_MAX_BYTES): VersionCache {
  return createGenerationalCache<number, Buffer>({ maxBytes, sizeOf: (json) => json.length, maxGenerations: 100_000, lookups: cacheLookupsOf('version') });
}
