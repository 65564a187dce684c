/**
 * What changed between two versions, as pure functions over loaded rows (the loading is in
 * version-diffs.service.ts). Publication order is decided by the database (timestamps carry
 * microseconds a JavaScript date would drop), so lists arrive here already ordered.
 */

export interface DiffFileRow {
  filename: string;
  sha1: string;
  sha512: string;
  size: number;
  primary: boolean;
  fileType: string | null;
}

/** A dependency row whose project is resolved (from the row, else from its version). */
export interface DiffDependencyRow {
  projectId: number | null;
  versionId: number | null;
  fileName: string | null;
  dependencyType: string;
}

export interface AddedRemoved<T> {
  added: T[];
  removed: T[];
}

export interface Changes<T> extends AddedRemoved<T> {
  changed: Array<{ from: T; to: T }>;
}

/** Values present in only one of the two lists, each list sorted. */
export function diffValues(from: readonly string[], to: readonly string[]): AddedRemoved<string> {
  const before = new Set(from);
  const after = new Set(to);
  return {
    added: [...after].filter((v) => !before.has(v)).sort(),
    removed: [...before].filter((v) => !after.has(v)).sort(),
  };
}

/** Matches entries by key; `differs` decides whether a matched pair counts as changed. */
function diffByKey<T>(from: readonly T[], to: readonly T[], key: (item: T) => string, differs: (a: T, b: T) => boolean): Changes<T> {
  const before = new Map(from.map((item) => [key(item), item]));
  const after = new Map(to.map((item) => [key(item), item]));
  const out: Changes<T> = { added: [], removed: [], changed: [] };
  for (const [k, item] of after) {
    const old = before.get(k);
    if (!old) out.added.push(item);
    else if (differs(old, item)) out.changed.push({ from: old, to: item });
  }
  for (const [k, item] of before) if (!after.has(k)) out.removed.push(item);
  return out;
}

/** Files matched by name (names are unique per version, ignoring case); changed when the bytes, primary flag or type differ. */
export function diffFiles(from: readonly DiffFileRow[], to: readonly DiffFileRow[]): Changes<DiffFileRow> {
  return diffByKey(
    from,
    to,
    (f) => f.filename.toLowerCase(),
    (a, b) => a.sha512 !== b.sha512 || a.sha1 !== b.sha1 || a.primary !== b.primary || a.fileType !== b.fileType,
  );
}

/** What a dependency is about: its project, else the file it names, else its version. */
function dependencyKey(d: DiffDependencyRow): string {
  if (d.projectId !== null) return `project:${d.projectId}`;
  if (d.fileName !== null) return `file:${d.fileName.toLowerCase()}`;
  return `version:${d.versionId}`;
}

/**
 * Declared dependencies matched by project (else file name); changed when the type or the
 * version differs. A version may name the same project twice (two versions of it declared
 * incompatible, say): then, on both sides, the key also carries the version, so nothing is lost.
 */
export function diffDependencies(from: readonly DiffDependencyRow[], to: readonly DiffDependencyRow[]): Changes<DiffDependencyRow> {
  const counts = new Map<string, number>();
  for (const list of [from, to]) {
    const seen = new Map<string, number>();
    for (const d of list) seen.set(dependencyKey(d), (seen.get(dependencyKey(d)) ?? 0) + 1);
    for (const [k, n] of seen) counts.set(k, Math.max(n, counts.get(k) ?? 0));
  }
  const key = (d: DiffDependencyRow) => (counts.get(dependencyKey(d))! > 1 ? `${dependencyKey(d)}@${d.versionId}` : dependencyKey(d));
  const tagged = (list: readonly DiffDependencyRow[]) => list.map((d) => ({ d, k: key(d) }));
  const result = diffByKey(
    tagged(from),
    tagged(to),
    (t) => t.k,
    (a, b) => a.d.dependencyType !== b.d.dependencyType || a.d.versionId !== b.d.versionId,
  );
  return {
    added: result.added.map((t) => t.d),
    removed: result.removed.map((t) => t.d),
    changed: result.changed.map(({ from: a, to: b }) => ({ from: a.d, to: b.d })),
  };
}

/** A mod inside a modpack: a project version known by its hash, else a file of the pack. */
export interface PackMod {
  projectId: number | null;
  versionId: number | null;
  fileName: string | null;
}

export interface ModUpdate {
  projectId: number;
  from: PackMod;
  to: PackMod;
}

export interface ModChanges {
  added: PackMod[];
  removed: PackMod[];
  updated: ModUpdate[];
}

const modKey = (m: PackMod) => (m.projectId !== null ? `project:${m.projectId}` : `file:${(m.fileName ?? '').toLowerCase()}`);

/** Mods matched by project (else file name); a project present in both with another version is updated. */
export function diffMods(from: readonly PackMod[], to: readonly PackMod[]): ModChanges {
  const result = diffByKey(from, to, modKey, (a, b) => a.versionId !== b.versionId);
  return {
    added: result.added,
    removed: result.removed,
    updated: result.changed.map(({ from: a, to: b }) => ({ projectId: a.projectId!, from: a, to: b })),
  };
}

/**
 * At most `limit` entries of a list given newest first, returned oldest first, and whether
 * some were left out. The newest are kept: they are closest to the version compared to.
 */
export function keepNewest<T>(newestFirst: readonly T[], limit: number): { items: T[]; truncated: boolean } {
  return { items: newestFirst.slice(0, limit).reverse(), truncated: newestFirst.length > limit };
}
