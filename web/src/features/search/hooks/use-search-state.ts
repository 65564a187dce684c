import { useCallback, useMemo } from 'react';
import { useUrlSearchParams } from '../../../lib/use-url-search-params';
import { paramFor, type FilterGroup } from '../utils/filter-groups';
import { parseSearchParams, toSearchParams, type SearchState } from '../utils/search-state';

interface UpdateOptions {
  /** Back to the top of the page (new filters, another page of results). */
  scrollToTop?: boolean;
}

/**
 * The search state lives in the URL. Updates replace the current history entry (one entry per
 * visit to a search page, not per keystroke), show at once, and build on the latest state, so a
 * debounced update never overwrites a newer one.
 */
export function useSearchState(groups: readonly FilterGroup[]) {
  const [params, setParams] = useUrlSearchParams();
  const state = useMemo(() => parseSearchParams(params), [params]);
  const update = useCallback(
    (change: (current: SearchState) => SearchState, { scrollToTop = false }: UpdateOptions = {}) => {
      setParams(toSearchParams(change(state), paramFor(groups), params));
      if (scrollToTop) window.scrollTo({ top: 0 });
    },
    [groups, params, setParams, state],
  );
  return [state, update] as const;
}
