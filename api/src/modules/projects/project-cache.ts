import { parseId } from '../../lib/ids.js';
import { createGenerationalCache } from '../../lib/generational-cache.js';

/**
 * Serialized v2 Project objects of publicly visible projects, so the hottest read of the API —
 * a launcher resolving a project — costs no database round trip. Only projects anyone may see
 * are cached (the object does not depend on who asks); any change to a project evicts it
 * (lib/catalogue-events.ts). Least recently used entries go first past `maxEntries`.
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
  const idBySlug = new Map<string, number>();
  const entries = createGenerationalCache<number, { slug: string; json: string }>({
    maxEntries,
    maxGenerations: maxEntries * 4,
    onRemove: (id, entry) => {
      if (idBySlug.get(entry.slug) === id) idBySlug.delete(entry.slug);
    },
  });

  return {
    get(idOrSlug) {
      const id = idBySlug.get(idOrSlug.toLowerCase()) ?? parseId(idOrSlug);
      return id === undefined ? undefined : entries.get(id)?.json;
    },
    generation: (projectId) => entries.generation(projectId),
    set(projectId, slug, json, generation) {
      if (entries.generation(projectId) !== generation) return;
      const key = slug.toLowerCase();
      entries.set(projectId, projectId, { slug: key, json }, generation);
      idBySlug.set(key, projectId);
    },
    evict: (projectIds) => entries.evict(projectIds),
    get size() {
      return entries.size;
    },
  };
}
