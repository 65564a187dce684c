import { LRUCache } from 'lru-cache';
import type { CacheLookups } from '../observability/metrics.js';

/**
 * A least-recently-used cache of ready answers whose entries belong to groups (a project), with
 * a generation per group. Evicting a group removes its entries and bumps its generation; a
 * value loaded from data read before that eviction (`set` with the generation read before the
 * load) is dropped instead of stored, so a racing reload can never bring stale data back.
 */
export interface GenerationalCache<K, V> {
  get(key: K): V | undefined;
  /** Read before loading the data to cache. */
  generation(group: number): number;
  set(key: K, group: number, value: V, generation: number): void;
  evict(groups: readonly number[]): void;
  readonly size: number;
}

export interface GenerationalCacheOptions<K, V> {
  /** Most entries kept (either this or `maxBytes`). */
  maxEntries?: number;
  /** Most bytes kept, as measured by `sizeOf`. */
  maxBytes?: number;
  sizeOf?: (value: V) => number;
  /** Generations remembered; old ones are harmless to forget once no load started before them can still run. */
  maxGenerations: number;
  /** Called whenever an entry leaves (evicted, replaced, pushed out). */
  onRemove?: (key: K, value: V) => void;
  /** Counts every `get` as a hit or a miss (cairn_cache_lookups_total). */
  lookups?: CacheLookups;
}

export function createGenerationalCache<K extends number | string, V extends object>(
  options: GenerationalCacheOptions<K, V>,
): GenerationalCache<K, V> {
  const keysOf = new Map<number, Set<K>>();
  const groupOf = new Map<K, number>();
  const limits = (
    options.maxBytes
      ? { maxSize: options.maxBytes, sizeCalculation: (value: V) => Math.max(1, options.sizeOf!(value)) }
      : { max: options.maxEntries ?? 10_000 }
  ) as LRUCache.Options<K, V, unknown>;
  const entries = new LRUCache<K, V>({
    ...limits,
    dispose: (value, key) => {
      const group = groupOf.get(key);
      groupOf.delete(key);
      const keys = group === undefined ? undefined : keysOf.get(group);
      keys?.delete(key);
      if (keys?.size === 0) keysOf.delete(group!);
      options.onRemove?.(key, value);
    },
  });
  const generations = new LRUCache<number, { value: number }>({ max: options.maxGenerations });
  const generationOf = (group: number) => generations.peek(group)?.value ?? 0;

  return {
    get(key) {
      const value = entries.get(key);
      if (options.lookups) {
        if (value === undefined) options.lookups.misses++;
        else options.lookups.hits++;
      }
      return value;
    },
    generation: generationOf,
    set(key, group, value, generation) {
      if (generationOf(group) !== generation) return;
      if (options.maxBytes && options.sizeOf!(value) > options.maxBytes) return;
      entries.delete(key);
      entries.set(key, value);
      groupOf.set(key, group);
      let keys = keysOf.get(group);
      if (!keys) keysOf.set(group, (keys = new Set()));
      keys.add(key);
    },
    evict(groups) {
      for (const group of groups) {
        for (const key of [...(keysOf.get(group) ?? [])]) entries.delete(key);
        generations.set(group, { value: generationOf(group) + 1 });
      }
    },
    get size() {
      return entries.size;
    },
  };
}
