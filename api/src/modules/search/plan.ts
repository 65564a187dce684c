import type { FacetDistribution, MultiSearchQuery, MultiSearchResult, RecordAny } from 'meilisearch';
import { FACET_COUNT_FIELDS, type FacetCountField, type SearchSort } from '@cairn/shared/constants/search';
import { compileGroups, groupMentions } from './filter.js';
import type { SearchRequest } from './query.js';

/**
 * Turns a parsed request into one Meilisearch multi-search (hits, total and every facet count
 * in a single round trip) and reads the answer back (pure).
 *
 * The first query runs over all documents that pass every filter (main and counting ones,
 * see documents.ts): sorted main documents first, its first page is the page of hits; the
 * distribution of `main` gives the total; and the key fields of every counted field without
 * a filter of its own give those counts. Each field with a filter of its own gets one more
 * query, without that filter, that counts only it (disjunctive counts).
 */

/** The key field each counted field is counted over (one document per project and value). */
const FACET_ATTRIBUTE: Readonly<Record<FacetCountField, string>> = {
  categories: 'kcat',
  license: 'klic',
  open_source: 'koss',
  versions: 'kg',
  loaders: 'kl',
  project_type: 'kt',
  client_side: 'kc',
  server_side: 'ks',
};

/** Main documents before counting documents (which have no `main` and are never hits), then the requested order. */
const MAIN_FIRST = 'main:desc';

const SORT: Readonly<Record<SearchSort, string[]>> = {
  relevance: [MAIN_FIRST],
  downloads: [MAIN_FIRST, 'downloads:desc'],
  follows: [MAIN_FIRST, 'follows:desc'],
  newest: [MAIN_FIRST, 'created:desc'],
  updated: [MAIN_FIRST, 'modified:desc'],
  title: [MAIN_FIRST, 'title_sort:asc'],
  trending: [MAIN_FIRST, 'trending:desc'],
};

export type FacetCounts = Record<FacetCountField, Record<string, number>>;

/** What a search's text and filters decide, whatever the page: the total and every facet count. */
export interface FacetSummary {
  total: number;
  facetCounts: FacetCounts;
}

export interface SearchPlan {
  queries: MultiSearchQuery[];
  /** The main documents of the page (their `hit`), the total and the facet counts. */
  read(results: ReadonlyArray<MultiSearchResult<RecordAny>>): { hits: RecordAny[]; total: number; facetCounts: FacetCounts };
}

const filterOf = (expressions: string[]) => (expressions.length ? expressions : undefined);
const HIT_ONLY = ['hit'];

/**
 * What a search's total and facet counts depend on: its text and filters, not its page or order
 * (the key of the facet cache, facet-cache.ts).
 */
export function facetKey(request: SearchRequest): string {
  return JSON.stringify([request.text, compileGroups(request.groups)]);
}

/**
 * With `known` (the total and counts of the same text and filters, from the facet cache) the plan
 * is one query asking for the page's hits only.
 */
export function planSearch(request: SearchRequest, indexUid: string, known?: FacetSummary): SearchPlan {
  const { text, groups } = request;
  // The page of hits: with `known`, all the plan asks; otherwise its first query, which also counts.
  const page: MultiSearchQuery = {
    indexUid,
    q: text,
    matchingStrategy: 'all',
    filter: filterOf(compileGroups(groups)),
    sort: SORT[request.sort],
    offset: request.offset,
    limit: request.limit,
    attributesToRetrieve: HIT_ONLY,
  };
  const hitsOf = (results: ReadonlyArray<MultiSearchResult<RecordAny>>) => results[0]!.hits.filter((hit) => hit.hit !== undefined);
  if (known) return { queries: [page], read: (results) => ({ hits: hitsOf(results), total: known.total, facetCounts: known.facetCounts }) };
  // Fields filtered by their own groups are counted without them (disjunctive counts).
  const active = FACET_COUNT_FIELDS.filter((field) => groups.some((group) => groupMentions(group, field)));
  const facets = ['main'];
  for (const field of FACET_COUNT_FIELDS) if (!active.includes(field)) facets.push(FACET_ATTRIBUTE[field]);

  const queries: MultiSearchQuery[] = [{ ...page, facets }];
  for (const field of active) {
    queries.push({
      indexUid,
      q: text,
      matchingStrategy: 'all',
      filter: filterOf(compileGroups(groups.filter((group) => !groupMentions(group, field)))),
      limit: 0,
      facets: [FACET_ATTRIBUTE[field]],
    });
  }

  return {
    queries,
    read(results) {
      const first = results[0]!;
      const facetCounts = {} as FacetCounts;
      const countsOf = (distribution: FacetDistribution | undefined, field: FacetCountField) => ({ ...distribution?.[FACET_ATTRIBUTE[field]] });
      for (const field of FACET_COUNT_FIELDS) {
        const at = active.indexOf(field);
        facetCounts[field] = countsOf((at < 0 ? first : results[at + 1]!).facetDistribution, field);
      }
      return {
        // A page past the main documents reaches counting documents: those are no hits.
        hits: hitsOf(results),
        total: first.facetDistribution?.main?.true ?? 0,
        facetCounts,
      };
    },
  };
}
