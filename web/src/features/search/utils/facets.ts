import { facetsParam } from '@cairn/shared/constants/search';
import type { ProjectType } from '@cairn/shared/constants/project-types';
import type { FacetCounts } from '@cairn/shared/schemas/search';
import { groupOf, type FilterGroup, type FilterOption } from './filter-groups';
import { formatTerm, type FilterTerm, type SearchState } from './search-state';

/**
 * Search state → the `facets` parameter of `GET /v2/search`: an AND of OR-groups.
 * - first `["project_type:{type}"]`;
 * - the selected options of an `or` group (loaders, game versions, resolutions) form one group;
 * - each selected option of an `and` group (categories, features, performance impact, license)
 *   is a group of its own;
 * - each exclusion is a group of its own (`["categories!=cursed"]`);
 * - environments become side facets: client only = client side required or optional and server
 *   side optional or unsupported; server only mirrored; both = both sides required.
 * Filters no group knows (an old link, a hidden `pid`) are applied each on their own.
 */
export function buildFacets(type: ProjectType, state: Pick<SearchState, 'filters'>, groups: readonly FilterGroup[]): string[][] {
  const facets: string[][] = [[`project_type:${type}`]];
  const orGroups = new Map<FilterGroup, string[]>();
  let client = false;
  let server = false;

  for (const term of state.filters) {
    if (term.field === 'environment') {
      if (term.value === 'client') client = true;
      if (term.value === 'server') server = true;
      continue;
    }
    const group = groupOf(groups, term);
    if (group && group.combine === 'or' && !term.negative) {
      orGroups.set(group, [...(orGroups.get(group) ?? []), formatTerm(term)]);
    } else {
      facets.push([formatTerm(term)]);
    }
  }
  // One group per OR filter, in the sidebar's order.
  for (const group of groups) {
    const terms = orGroups.get(group);
    if (terms) facets.push(terms);
  }
  if (client && server) facets.push(['client_side:required'], ['server_side:required']);
  else if (client) facets.push(['client_side:optional', 'client_side:required'], ['server_side:optional', 'server_side:unsupported']);
  else if (server) facets.push(['server_side:optional', 'server_side:required'], ['client_side:optional', 'client_side:unsupported']);
  return facets;
}

/**
 * Whether the facets depend on the filter groups (and so on the tag lists): only required
 * options that a group may combine with OR do. Without them the search can start at once.
 */
export function facetsNeedGroups(state: Pick<SearchState, 'filters'>): boolean {
  return state.filters.some((term) => !term.negative && !['environment', 'open_source', 'project_id'].includes(term.field));
}

/** The `facets` query parameter (JSON text). */
export function facetsQuery(type: ProjectType, state: Pick<SearchState, 'filters'>, groups: readonly FilterGroup[]): string {
  return facetsParam(buildFacets(type, state, groups)) ?? '[]';
}

/**
 * How many projects an option would match with the other filters unchanged, from the API's
 * `facet_counts`; undefined where the API gives no count for that kind of option.
 */
export function optionCount(counts: FacetCounts | undefined, group: FilterGroup, option: FilterOption): number | undefined {
  if (!counts || !group.countField) return undefined;
  const byValue = counts[group.countField];
  // Loaders are also counted among categories (the API lumps them together in v2).
  const count = byValue[option.value] ?? (group.countField === 'loaders' ? counts.categories[option.value] : undefined);
  return count ?? 0;
}

/** The filters shown as chips: everything selected, in the order chosen. */
export function activeChips(state: Pick<SearchState, 'filters'>): FilterTerm[] {
  return state.filters.filter((term) => term.field !== 'project_id');
}
