import type { FacetDistribution, MultiSearchQuery, MultiSearchResult, RecordAny } from 'meilisearch';
import { FACET_COUNT_FIELDS, type FacetCountField, type SearchSort } from '@cairn/shared/constants/search';
import { compileGroups, groupMentions } from './filter.js';
import type { SearchRequest } from './query.js';

/**
 * Turns a parsed request into one Meilisearch multi-search (hits, total and every facet count
 * in a single round trip) and reads the answer back (pure).
 */

/** Where each counted field lives in the index. */
const FACET_ATTRIBUTE: Readonly<Record<FacetCountField, string>> = {
  categories: 'cat',
  license: 'license',
  open_source: 'oss',
  versions: 'kg',
  loaders: 'kl',
  project_type: 'kt',
  client_side: 'kc',
  server_side: 'ks',
};

/** Project-level fields are counted over main documents; the others over the key fields of all documents. */
const PROJECT_LEVEL: ReadonlySet<FacetCountField> = new Set(['categories', 'license', 'open_source']);

const SORT: Readonly<Record<SearchSort, string[] | undefined>> = {
  relevance: undefined,
  downloads: ['downloads:desc'],
  follows: ['follows:desc'],
  newest: ['created:desc'],
  updated: ['modified:desc'],
  title: ['title_sort:asc'],
  trending: ['trending:desc'],
};

export type FacetCounts = Record<FacetCountField, Record<string, number>>;

export interface SearchPlan {
  queries: MultiSearchQuery[];
  read(results: ReadonlyArray<MultiSearchResult<RecordAny>>): { hits: RecordAny[]; total: number; facetCounts: FacetCounts };
}

const MAIN = 'main = true';

export function planSearch(request: SearchRequest, indexUid: string): SearchPlan {
  const base = { indexUid, q: request.text, matchingStrategy: 'all' as const };
  const all = compileGroups(request.groups);
  const queries: MultiSearchQuery[] = [];
  /** Which query answers which facet fields. */
  const facetSources: Array<{ query: number; fields: FacetCountField[] }> = [];

  // Fields filtered by their own groups are counted without them (disjunctive counts).
  const active = FACET_COUNT_FIELDS.filter((field) => request.groups.some((group) => groupMentions(group, field)));
  const sharedProject = FACET_COUNT_FIELDS.filter((f) => PROJECT_LEVEL.has(f) && !active.includes(f));
  const sharedVersion = FACET_COUNT_FIELDS.filter((f) => !PROJECT_LEVEL.has(f) && !active.includes(f));

  // Hits. Page mode gives an exact total; an offset that is not a multiple of the limit needs
  // a separate counting query for it.
  const aligned = request.limit > 0 && request.offset % request.limit === 0;
  const hitsQuery: MultiSearchQuery = {
    ...base,
    filter: [MAIN, ...all],
    sort: SORT[request.sort],
    attributesToRetrieve: ['hit'],
    ...(aligned ? { page: request.offset / request.limit + 1, hitsPerPage: request.limit } : { offset: request.offset, limit: request.limit }),
  };
  queries.push(hitsQuery);
  let totalFrom = 0;
  if (!aligned) {
    totalFrom = queries.push({ ...base, filter: [MAIN, ...all], page: 1, hitsPerPage: 0 }) - 1;
  }
  if (sharedProject.length) {
    const target = queries[totalFrom]!;
    target.facets = sharedProject.map((f) => FACET_ATTRIBUTE[f]);
    facetSources.push({ query: totalFrom, fields: sharedProject });
  }
  if (sharedVersion.length) {
    const index = queries.push({ ...base, filter: all, limit: 0, facets: sharedVersion.map((f) => FACET_ATTRIBUTE[f]) }) - 1;
    facetSources.push({ query: index, fields: sharedVersion });
  }
  for (const field of active) {
    const filter = compileGroups(request.groups.filter((group) => !groupMentions(group, field)));
    const index = queries.push({
      ...base,
      filter: PROJECT_LEVEL.has(field) ? [MAIN, ...filter] : filter,
      limit: 0,
      facets: [FACET_ATTRIBUTE[field]],
    }) - 1;
    facetSources.push({ query: index, fields: [field] });
  }

  return {
    queries,
    read(results) {
      const hitsResult = results[0]!;
      const totalResult = results[totalFrom]!;
      const total = totalResult.totalHits ?? totalResult.estimatedTotalHits ?? 0;
      const facetCounts = Object.fromEntries(FACET_COUNT_FIELDS.map((f) => [f, {}])) as FacetCounts;
      for (const source of facetSources) {
        const distribution: FacetDistribution = results[source.query]!.facetDistribution ?? {};
        for (const field of source.fields) facetCounts[field] = { ...distribution[FACET_ATTRIBUTE[field]] };
      }
      return { hits: request.limit === 0 ? [] : hitsResult.hits, total, facetCounts };
    },
  };
}
