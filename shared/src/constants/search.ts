/**
 * Vocabulary of `GET /v2/search`: sort orders (`index`), facet fields and the fields whose
 * values are counted in `facet_counts`.
 */

/** Sort orders; `relevance` is the default. `title` and `trending` are Cairn additions. */
export const SEARCH_SORTS = ['relevance', 'downloads', 'follows', 'newest', 'updated', 'title', 'trending'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** Older spellings of sort orders that clients still send. */
export const SEARCH_SORT_ALIASES: Readonly<Record<string, SearchSort>> = {
  date_created: 'newest',
  date_modified: 'updated',
};

/** Fields counted in `facet_counts`, each under the other active filters. */
export const FACET_COUNT_FIELDS = [
  'categories',
  'versions',
  'project_type',
  'loaders',
  'client_side',
  'server_side',
  'license',
  'open_source',
] as const;
export type FacetCountField = (typeof FACET_COUNT_FIELDS)[number];

/** Largest page size. */
export const SEARCH_MAX_LIMIT = 100;
export const SEARCH_DEFAULT_LIMIT = 10;

/**
 * Builds the `facets` parameter from OR-groups that are combined with AND:
 * `facetsParam([['categories:fabric'], ['versions:1.20.1', 'versions:1.21']])`.
 * Empty groups are dropped; no groups gives undefined (no parameter).
 */
export function facetsParam(groups: ReadonlyArray<ReadonlyArray<string>>): string | undefined {
  const kept = groups.filter((group) => group.length > 0);
  return kept.length ? JSON.stringify(kept) : undefined;
}
