import type { SearchClient } from '../../lib/search-client.js';
import { isSearchUnavailable, searchErrorCode } from '../../lib/search-client.js';
import { serviceUnavailable } from '../../lib/errors.js';
import { liveIndexUid } from './index-settings.js';
import { facetKey, planSearch, type FacetCounts, type SearchPlan } from './plan.js';
import type { FacetCache } from './facet-cache.js';
import { createSearchResultCache, type SearchResultCache } from './search-result-cache.js';
import { parseSearchRequest, type RawSearchParams, type SearchRequest } from './query.js';

export interface SearchOutcome {
  request: SearchRequest;
  /** The stored hits (serialized ProjectResults with relative image paths, see search.mapper.ts). */
  hits: string[];
  total: number;
  facetCounts: FacetCounts;
}

const EMPTY_COUNTS = (): FacetCounts => ({
  categories: {},
  versions: {},
  project_type: {},
  loaders: {},
  client_side: {},
  server_side: {},
  license: {},
  open_source: {},
});

/**
 * Project search: one Meilisearch multi-search per request (hits, total, facet counts), or the
 * answer of an identical search made less than SEARCH_CACHE_MS ago (see search-result-cache.ts).
 * Totals and facet counts depend only on the text and filters: once a search computed them,
 * its other pages and orders ask for hits only until the index changes (facet-cache.ts).
 */
export function createSearchService(deps: { search: SearchClient; indexPrefix: string; cache?: SearchResultCache; facets?: FacetCache }) {
  const uid = liveIndexUid(deps.indexPrefix);
  const cache = deps.cache ?? createSearchResultCache(0);
  // Without a facet cache (one that hears of index changes), every search counts its facets.
  const facets = deps.facets;

  async function run(request: SearchRequest, plan: SearchPlan): Promise<SearchOutcome> {
    try {
      const { results } = await deps.search.multiSearchJson(JSON.stringify({ queries: plan.queries }));
      const { hits, total, facetCounts } = plan.read(results);
      return { request, hits: hits.map((h) => h.hit as string), total, facetCounts };
    } catch (error) {
      // Nothing indexed yet: an empty catalogue.
      if (searchErrorCode(error) === 'index_not_found') return { request, hits: [], total: 0, facetCounts: EMPTY_COUNTS() };
      if (isSearchUnavailable(error)) {
        throw serviceUnavailable('Search is temporarily unavailable; please try again shortly.', 'search_unavailable');
      }
      throw error;
    }
  }

  return {
    /** The answer as JSON text, written by `render`; identical searches share it for a moment. */
    async searchProjectsJson(params: RawSearchParams, render: (outcome: SearchOutcome) => string): Promise<string> {
      const request = parseSearchRequest(params);
      const key = facetKey(request);
      const generation = facets?.generation() ?? 0;
      const known = facets?.get(key);
      const plan = planSearch(request, uid, known);
      // The queries (page included) are everything the answer depends on.
      return cache.get(JSON.stringify(plan.queries), async () => {
        const outcome = await run(request, plan);
        if (!known) facets?.set(key, { total: outcome.total, facetCounts: outcome.facetCounts }, generation);
        return render(outcome);
      });
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
