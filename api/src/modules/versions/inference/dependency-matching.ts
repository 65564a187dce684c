import type { DeclaredDependency } from './manifest.js';

/** Ids manifests use for the game, the runtime and the loaders themselves: never catalogue projects. */
const PLATFORM_IDS = new Set([
  'minecraft', 'java', 'fabricloader', 'fabric-loader', 'quilt_loader', 'quilt-loader', 'forge', 'neoforge', 'fml', 'javafml',
  'bukkit', 'spigot', 'paper', 'folia', 'purpur', 'bungeecord', 'waterfall', 'velocity',
]);

/** Slugs a declared id may be catalogued under ("fabric_api" is looked up as itself and as "fabric-api"). */
export function slugCandidates(id: string): string[] {
  const lower = id.trim().toLowerCase();
  if (!lower || PLATFORM_IDS.has(lower)) return [];
  return [...new Set([lower, lower.replaceAll('_', '-')])];
}

export interface MatchedDependency<P> {
  project: P;
  type: DeclaredDependency['type'];
}

/**
 * Declared dependencies whose id is the slug of a known project (`bySlug`, lower-case slugs).
 * A project named twice keeps its first (most binding) declaration; `self` is left out.
 */
export function matchDependencies<P>(declared: readonly DeclaredDependency[], bySlug: ReadonlyMap<string, P>, self?: P): Array<MatchedDependency<P>> {
  const matched = new Map<P, MatchedDependency<P>>();
  for (const dependency of declared) {
    const project = slugCandidates(dependency.id).map((slug) => bySlug.get(slug)).find((p) => p !== undefined);
    if (project === undefined || project === self || matched.has(project)) continue;
    matched.set(project, { project, type: dependency.type });
  }
  return [...matched.values()];
}
