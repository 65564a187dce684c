import { parseId } from '../../lib/ids.js';
import { createGenerationalCache } from '../../lib/generational-cache.js';
import { cacheLookupsOf } from '../../observability/metrics.js';

/**
 * Serialized v2 Project objects of publicly visible projects, so the hottest read of the API —
 * a launcher resolving a project — costs no database round trip. Only projects anyone may see
 * are cached (the object does not depend on who asks); any change to a project evicts it
 * (lib/catalogue-events.ts). Least recently used entries go first past `maxEntries`.
 */
export interface ProjectCache {
  /** The cached project for an id or slug (case-insensitive), if any. */
  get(idOrSlug: string): CachedProject | undefined;
  /** Read before loading the data to cache. */
  generation(projectId: number): number;
  set(projectId: number, slug: string, project: Omit<CachedProject, 'id'>, generation: number): void;
  evict(projectIds: readonly number[]): void;
  readonly size: number;
}

/** The serialized project in its original language, and what language negotiation needs to know of it. */
export interface CachedProject {
  id: number;
  json: string;
  originalLanguage: string;
  /** Languages of its translations (the original's not included). */
  translations: readonly string[];
}

export function createProjectCache(maxEntries = 20_000): ProjectCache {
  const idBySlug = new Map<string, number>();
  const lookups = cacheLookupsOf('project');
  const entries = createGenerationalCache<number, CachedProject & { slug: string }>({
    maxEntries,
    maxGenerations: maxEntries * 4,
    lookups,
    onRemove: (id, entry) => {
      if (idBySlug.get(entry.slug) === id) idBySlug.delete(entry.slug);
    },
  });

  return {
    get(idOrSlug) {
      const id = idBySlug.get(idOrSlug.toLowerCase()) ?? parseId(idOrSlug);
      if (id !== undefined) return entries.get(id);
      lookups.misses++;
      return undefined;
    },
    generation: (projectId) => entries.generation(projectId),
    set(projectId, slug, project, generation) {
      if (entries.generation(projectId) !== generation) return;
      const key = slug.toLowerCase();
      entries.set(projectId, projectId, { ...project, id: projectId, slug: key }, generation);
      idBySlug.set(key, projectId);
    },
    evict: (projectIds) => entries.evict(projectIds),
    get size() {
      return entries.size;
    },
  };
}
