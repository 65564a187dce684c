import type { Version } from '@cairn/shared/schemas/versions';
import { useMemo } from 'react';
import { useUrlSearchParams } from '../../../lib/use-url-search-params';
import { filterVersions, pageParam, parseVersionFilter, versionFilterParams, type VersionFilter } from '../utils/versions';

/** The `l` / `g` / `c` / `page` filter of the Versions and Changelog tabs, kept in the URL. */
export function useVersionFilter(versions: readonly Version[]) {
  const [params, setParams] = useUrlSearchParams();
  const filter = useMemo(() => parseVersionFilter(params), [params]);
  const page = pageParam(params);
  const filtered = useMemo(() => filterVersions(versions, filter), [versions, filter]);
  return {
    filter,
    page,
    filtered,
    setFilter: (next: VersionFilter) => setParams(versionFilterParams(next, 1, params)),
    setPage: (next: number) => {
      setParams(versionFilterParams(filter, next, params));
      window.scrollTo({ top: 0 });
    },
  };
}
