import { SearchResultsSchema, type SearchResults } from '@cairn/shared/schemas/search';
import { recordSearchChange } from '../../src/lib/search-outbox.js';
import { createSearchIndexer } from '../../src/modules/search/indexer.js';
import type { TestContext } from '../harness.js';

/** The indexer of a test context (what the worker runs), to apply outbox changes on demand. */
export function searchIndexer(ctx: TestContext) {
  return createSearchIndexer({ db: ctx.database.db, search: ctx.search, indexPrefix: ctx.config.search.indexPrefix });
}

/** Marks projects as changed and applies every pending change (resolves once Meilisearch applied them). */
export async function syncSearch(ctx: TestContext, changedProjectIds: readonly number[] = []): Promise<void> {
  await recordSearchChange(ctx.database.db, changedProjectIds);
  await searchIndexer(ctx).drain();
}

export type SearchParams = Record<string, string | number | unknown[] | undefined>;

/** GET /v2/search with the given parameters (arrays are sent as JSON, e.g. facets). */
export async function search(ctx: TestContext, params: SearchParams = {}) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    query.set(key, Array.isArray(value) ? JSON.stringify(value) : String(value));
  }
  return ctx.app.inject({ method: 'GET', url: `/v2/search?${query}` });
}

/** A successful search, parsed with the shared schema. */
export async function searchOk(ctx: TestContext, params: SearchParams = {}): Promise<SearchResults> {
  const response = await search(ctx, params);
  if (response.statusCode !== 200) throw new Error(`search answered ${response.statusCode}: ${response.body}`);
  return SearchResultsSchema.parse(response.json());
}
