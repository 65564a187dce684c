import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { paramFor, type FilterGroup } from '../utils/filter-groups';
import { parseSearchParams, toSearchParams, type SearchState } from '../utils/search-state';

export interface UpdateOptions {
  /** Back to the top of the page (new filters, another page of results). */
  scrollToTop?: boolean;
}

/**
 * The search state lives in the URL. Updates replace the current history entry (one entry per
 * visit to a search page, not per keystroke) and are computed from the URL as it is at that
 * moment, so a debounced update never overwrites a newer one.
 */
export function useSearchState(groups: readonly FilterGroup[]) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseSearchParams(params), [params]);
  const update = useCallback(
    (change: (current: SearchState) => SearchState, { scrollToTop = false }: UpdateOptions = {}) => {
      setParams((current) => toSearchParams(change(parseSearchParams(current)), paramFor(groups), current), {
        replace: true,
        preventScrollReset: true,
      });
      if (scrollToTop) window.scrollTo({ top: 0 });
    },
    [groups, setParams],
  );
  return [state, update] as const;
}
