/**
 * Searches shaped like real traffic over the synthetic catalogue's own vocabulary (its titles,
 * summaries, categories, loaders and game versions; seed/synthetic-catalogue.ts): popular
 * terms, prefixes as typed while searching, typos, a project's number, or no text (browsing),
 * with 0–3 filters, mostly first pages, sometimes a later page or another order. Deterministic
 * for a seed, so the API and Meilisearch get the same sequence.
 */
const TERMS = ['synthetic', 'project', 'generated', 'benchmarks', 'synthetic project', 'generated project'];
const PREFIXES = ['syn', 'synth', 'proj', 'projec', 'gen', 'genera', 'bench'];
const TYPOS = ['synthtic', 'sinthetic', 'projetc', 'poject', 'generted', 'benchmrks'];
const CATEGORIES = ['utility', 'technology', 'adventure', 'magic', 'decoration', 'optimization'];
const LOADERS = ['fabric', 'forge', 'quilt', 'neoforge', 'paper', 'datapack'];
const GAME_VERSIONS = ['1.20.1', '1.20.2', '1.20.4', '1.20.6', '1.21', '1.21.1'];
const ORDERS = ['downloads', 'newest', 'updated', 'follows'];

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function searchMix(count: number, seed: number, catalogueSize: number): Record<string, string>[] {
  const next = random(seed);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!;
  const searches: Record<string, string>[] = [];
  for (let i = 0; i < count; i++) {
    const roll = next();
    const query =
      roll < 0.25 ? '' : roll < 0.55 ? pick(TERMS) : roll < 0.75 ? pick(PREFIXES) : roll < 0.9 ? pick(TYPOS) : String(1 + Math.floor(next() * catalogueSize));
    const groups: string[][] = [];
    const filters = Math.floor(next() * 4);
    const fields = [
      () => [`categories:${pick(CATEGORIES)}`],
      () => [`categories:${pick(LOADERS)}`, ...(next() < 0.3 ? [`categories:${pick(LOADERS)}`] : [])],
      () => [`versions:${pick(GAME_VERSIONS)}`, ...(next() < 0.3 ? [`versions:${pick(GAME_VERSIONS)}`] : [])],
      () => ['project_type:mod'],
    ];
    for (const field of fields.sort(() => next() - 0.5).slice(0, filters)) groups.push([...new Set(field())]);
    const params: Record<string, string> = {};
    if (query) params.query = query;
    if (groups.length) params.facets = JSON.stringify(groups);
    const page = next();
    if (page > 0.8) params.offset = String(20 * (1 + Math.floor(next() * 3)));
    if (next() < 0.3) params.index = pick(ORDERS);
    searches.push(params);
  }
  return searches;
}
