import type { ProjectType } from '@cairn/shared/constants/project-types';
import type { SearchRequest } from '../api/search-queries';
import { facetsQuery } from './facets';
import type { FilterGroup } from './filter-groups';
import { effectivePageSize, type SearchState, type ViewMode } from './search-state';

/** The API request of a search page in a given state (the route loader prefetches exactly this). */
export function searchRequest(type: ProjectType, state: SearchState, groups: readonly FilterGroup[], mode: ViewMode): SearchRequest {
  const limit = effectivePageSize(state.pageSize, mode);
  return {
    query: state.query.trim() || undefined,
    facets: facetsQuery(type, state, groups),
    index: state.sort,
    offset: (state.page - 1) * limit,
    limit,
  };
}
