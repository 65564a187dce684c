import type { Settings } from 'meilisearch';
import { searchErrorCode, type SearchClient } from '../../lib/search-client.js';
import { finishedTask, waitForTasks } from './tasks.js';

/** The live index is `<prefix>projects`; a full reindex builds `<prefix>projects_next` and swaps. */
export function liveIndexUid(prefix: string): string {
  return `${prefix}projects`;
}

export function nextIndexUid(prefix: string): string {
  return `${prefix}projects_next`;
}

const equalityOnly = (attributePatterns: string[]) => ({
  attributePatterns,
  features: { facetSearch: false, filter: { equality: true, comparison: false } },
});

/**
 * Index settings (see documents.ts for the fields). Filterable attributes say exactly which
 * filter features they need: equality for tokens and keys, comparison only for numbers — less
 * to build at indexing time.
 */
export const INDEX_SETTINGS = {
  searchableAttributes: ['title', 'slug', 'author', 'summary', 'tsummary'],
  filterableAttributes: [
    equalityOnly([
      'pid', 'main', 'title', 'author', 'cat', 'license', 'oss', 'disc', 'dep',
      'l', 'g', 't', 'e', 'p', 'x', 'u', 'vt', 'kl', 'kg', 'kt', 'kc', 'ks', 'kcat', 'klic', 'koss',
    ]),
    {
      attributePatterns: ['downloads', 'follows', 'created', 'modified'],
      features: { facetSearch: false, filter: { equality: true, comparison: true } },
    },
  ],
  // Alphabetical, as Meilisearch returns them (so an up-to-date index compares equal).
  // `main` puts main documents before counting documents in every order (see plan.ts).
  sortableAttributes: ['created', 'downloads', 'follows', 'main', 'modified', 'title_sort', 'trending'],
  // `sort` first: an explicit sort order (index=downloads…) orders all matches; relevance
  // (sorting by `main` only) ranks by text, then downloads and follows break ties.
  rankingRules: ['sort', 'words', 'typo', 'proximity', 'attribute', 'exactness', 'downloads:desc', 'follows:desc'],
  // What searches and the sync read back. Meilisearch turns every displayed field of a hit
  // into JSON before picking the requested ones, so the filter fields stay undisplayed.
  displayedAttributes: ['id', 'hit'],
  typoTolerance: {
    enabled: true,
    minWordSizeForTypos: { oneTypo: 4, twoTypos: 8 },
    disableOnAttributes: ['slug'],
    disableOnNumbers: true,
  },
  synonyms: {
    modloader: ['mod loader'],
    'mod loader': ['modloader'],
    neoforge: ['neo forge'],
    'neo forge': ['neoforge'],
    resourcepack: ['resource pack', 'texture pack'],
    'resource pack': ['resourcepack', 'texture pack'],
    'texture pack': ['resource pack', 'resourcepack'],
    datapack: ['data pack'],
    'data pack': ['datapack'],
    modpack: ['mod pack'],
    'mod pack': ['modpack'],
    shaders: ['shaderpack', 'shader pack'],
    shaderpack: ['shader pack', 'shaders'],
  },
  // Whole catalogue reachable by offset, and every game version in a count.
  pagination: { maxTotalHits: 1_000_000 },
  faceting: { maxValuesPerFacet: 2000 },
  proximityPrecision: 'byAttribute',
  facetSearch: false,
  prefixSearch: 'indexingTime',
} as const satisfies Settings;

/** Meilisearch returns settings in its own canonical form; compare the parts we set. */
function differs(current: Settings, wanted: Settings): boolean {
  for (const [key, value] of Object.entries(wanted)) {
    const actual = (current as Record<string, unknown>)[key];
    if (!matches(actual, value)) return true;
  }
  return false;
}

function matches(actual: unknown, wanted: unknown): boolean {
  if (Array.isArray(wanted)) {
    return Array.isArray(actual) && actual.length === wanted.length && wanted.every((w, i) => matches(actual[i], w));
  }
  if (wanted && typeof wanted === 'object') {
    if (!actual || typeof actual !== 'object') return false;
    return Object.entries(wanted).every(([k, v]) => matches((actual as Record<string, unknown>)[k], v));
  }
  return actual === wanted;
}

/**
 * Creates the index if needed and applies the settings when they differ (idempotent: an
 * up-to-date index gets no task). Resolves once Meilisearch has applied them.
 */
export async function ensureIndex(client: SearchClient, uid: string): Promise<void> {
  let current: Settings | undefined;
  try {
    current = await client.index(uid).getSettings();
  } catch (error) {
    if (!isIndexNotFound(error)) throw error;
    // Fails harmlessly when another process created it meanwhile.
    await finishedTask(client, (await client.createIndex(uid, { primaryKey: 'id' })).taskUid, 60_000);
  }
  if (current && !differs(current, INDEX_SETTINGS)) return;
  await waitForTasks(client, [(await client.index(uid).updateSettings(INDEX_SETTINGS)).taskUid], 600_000);
}

/** Creates the index (with the settings) unless it exists; an existing one is left as it is. */
export async function createIndexIfMissing(client: SearchClient, uid: string): Promise<void> {
  try {
    await client.getRawIndex(uid);
  } catch (error) {
    if (!isIndexNotFound(error)) throw error;
    await ensureIndex(client, uid);
  }
}

export function isIndexNotFound(error: unknown): boolean {
  return searchErrorCode(error) === 'index_not_found';
}
