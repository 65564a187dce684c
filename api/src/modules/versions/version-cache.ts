/**
 * Serialized v2 Version objects (UTF-8 JSON) by version id, so the bulk hash lookups launchers
 * send (up to 1,000 versions per request) are assembled from ready bytes instead of being
 * loaded, serialized and encoded again. A Version object looks the same to everyone, so hidden
 * versions are cached too: who may see which version is decided for every request before
 * anything is read from here. Any change to a project evicts all of its versions
 * (lib/catalogue-events.ts). Least recently used entries go first past `maxBytes`.
 *
 * Each eviction bumps the project's generation: a copy built from data read before a change
 * is not stored once that change's eviction has arrived.
 */
export interface VersionCache {
  get(versionId: number): Buffer | undefined;
  /** Read before loading the data to cache. */
  generation(projectId: number): number;
  set(versionId: number, projectId: number, json: Buffer, generation: number): void;
  evict(projectIds: readonly number[]): void;
  readonly size: number;
}

/** 32 MiB: some 40,000 versions with short changelogs. */
const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;

export function createVersionCache(maxBytes = DEFAULT_MAX_BYTES): VersionCache {
  const entries = new Map<number, { projectId: number; json: Buffer }>();
  const versionsOf = new Map<number, Set<number>>();
  const generations = new Map<number, number>();
  let bytes = 0;

  const remove = (versionId: number) => {
    const entry = entries.get(versionId);
    if (!entry) return;
    entries.delete(versionId);
    bytes -= entry.json.length;
    const siblings = versionsOf.get(entry.projectId);
    siblings?.delete(versionId);
    if (siblings?.size === 0) versionsOf.delete(entry.projectId);
  };

  return {
    get(versionId) {
      const entry = entries.get(versionId);
      if (!entry) return undefined;
      // Refresh recency (a Map keeps insertion order).
      entries.delete(versionId);
      entries.set(versionId, entry);
      return entry.json;
    },
    generation: (projectId) => generations.get(projectId) ?? 0,
    set(versionId, projectId, json, generation) {
      if ((generations.get(projectId) ?? 0) !== generation || json.length > maxBytes) return;
      remove(versionId);
      entries.set(versionId, { projectId, json });
      bytes += json.length;
      let siblings = versionsOf.get(projectId);
      if (!siblings) versionsOf.set(projectId, (siblings = new Set()));
      siblings.add(versionId);
      while (bytes > maxBytes) remove(entries.keys().next().value!);
    },
    evict(projectIds) {
      for (const projectId of projectIds) {
        for (const versionId of versionsOf.get(projectId) ?? []) remove(versionId);
        const next = (generations.get(projectId) ?? 0) + 1;
        generations.delete(projectId); // re-inserted last, so the oldest generations are forgotten first
        generations.set(projectId, next);
      }
      // Old generations are harmless to forget once no load that started before them can still run.
      while (generations.size > 100_000) generations.delete(generations.keys().next().value!);
    },
    get size() {
      return entries.size;
    },
  };
}
