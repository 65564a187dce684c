import type { Version } from '@cairn/shared/schemas/versions';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { filterVersions, pageParam, parseVersionFilter, versionFilterParams, type VersionFilter } from '../utils/versions';

/** The `l` / `g` / `c` / `page` filter of the Versions and Changelog tabs, kept in the URL. */
export function useVersionFilter(versions: readonly Version[]) {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => parseVersionFilter(params), [params]);
  const page = pageParam(params);
  const filtered = useMemo(() => filterVersions(versions, filter), [versions, filter]);
  const replace = (next: VersionFilter, nextPage: number) =>
    setParams((current) => versionFilterParams(next, nextPage, current), { replace: true, preventScrollReset: true });
  return {
    filter,
    page,
    filtered,
    setFilter: (next: VersionFilter) => replace(next, 1),
    setPage: (next: number) => {
      replace(filter, next);
      window.scrollTo({ top: 0 });
    },
  };
}
