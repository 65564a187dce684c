import { decodeBase62 } from '../../lib/ids.js';

/**
 * Serialized v2 Project objects of publicly visible projects, so the hottest read of the API —
 * a launcher resolving a project — costs no database round trip. Only projects anyone may see
 * are cached (the object does not depend on who asks); any change to a project evicts it
 * (lib/catalogue-events.ts). Least recently used entries go first past `maxEntries`.
 *
 * Each eviction bumps the project's generation: a copy built from data read before a change
 * is not stored once that change's eviction has arrived.
 */
export interface ProjectCache {
  /** The cached JSON for an id or slug (case-insensitive), if any. */
  get(idOrSlug: string): string | undefined;
  /** Read before loading the data to cache. */
  generation(projectId: number): number;
  set(projectId: number, slug: string, json: string, generation: number): void;
  evict(projectIds: readonly number[]): void;
  readonly size: number;
}

export function createProjectCache(maxEntries = 20_000): ProjectCache {
  const byId = new Map<number, { slug: string; json: string }>();
  const idBySlug = new Map<string, number>();
  // Generations of evicted projects; bounded like the entries (old ones are harmless to forget
  // once no load that started before them can still be running).
  const generations = new Map<number, number>();

  const remove = (id: number) => {
    const entry = byId.get(id);
    if (!entry) return;
    byId.delete(id);
    if (idBySlug.get(entry.slug) === id) idBySlug.delete(entry.slug);
  };

  return {
    get(idOrSlug) {
      let id = idBySlug.get(idOrSlug.toLowerCase());
      if (id === undefined) {
        const decoded = decodeBase62(idOrSlug);
        if (decoded !== undefined && decoded <= BigInt(Number.MAX_SAFE_INTEGER)) id = Number(decoded);
      }
      const entry = id === undefined ? undefined : byId.get(id);
      if (!entry || id === undefined) return undefined;
      // Refresh recency (a Map keeps insertion order).
      byId.delete(id);
      byId.set(id, entry);
      return entry.json;
    },
    generation: (projectId) => generations.get(projectId) ?? 0,
    set(projectId, slug, json, generation) {
      if ((generations.get(projectId) ?? 0) !== generation) return;
      remove(projectId);
      const key = slug.toLowerCase();
      byId.set(projectId, { slug: key, json });
      idBySlug.set(key, projectId);
      while (byId.size > maxEntries) remove(byId.keys().next().value!);
    },
    evict(projectIds) {
      for (const id of projectIds) {
        remove(id);
        const next = (generations.get(id) ?? 0) + 1;
        generations.delete(id); // re-inserted last, so the oldest generations are forgotten first
        generations.set(id, next);
      }
      while (generations.size > maxEntries * 4) generations.delete(generations.keys().next().value!);
    },
    get size() {
      return byId.size;
    },
  };
}
