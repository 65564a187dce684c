import { PROJECT_TYPE_INFO, type ProjectType } from '@cairn/shared/constants/project-types';
import { SEARCH_SORTS, type SearchSort } from '@cairn/shared/constants/search';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useId, useMemo, useState } from 'react';
import { buildTagIndex, cardFromSearchHit } from '../../../components/project-card/card-data';
import { ProjectCardList } from '../../../components/project-card/project-card-list';
import { Pagination } from '../../../components/pagination/pagination';
import { AppLink } from '../../../components/ui/app-link';
import { Button } from '../../../components/ui/button';
import { TabStrip } from '../../../components/ui/tab-strip';
import { FilterIcon, GalleryViewIcon, GridViewIcon, ListViewIcon } from '../../../components/ui/content-icons';
import { Tooltip } from '../../../components/ui/tooltip';
import { CairnMark } from '../../../components/layout/cairn-mark';
import { ProjectTypeIcon } from '../../../components/layout/project-type-icon';
import { DISCOVER_TYPES } from '../../../components/layout/discover';
import { paths } from '../../../config/paths';
import { HttpError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/i18n-provider';
import { ensureMessageAreas } from '../../../lib/i18n/message-areas';
import { useCosmetics } from '../../../lib/preferences';
import type { CategoryTag, LoaderTag } from '@cairn/shared/schemas/tags';
import { searchQueries } from '../api/search-queries';
import { useSearchState } from '../hooks/use-search-state';
import { searchRequest } from '../utils/search-request';
import type { FilterGroup } from '../utils/filter-groups';
import {
  clearFilters,
  effectivePageSize,
  nextViewMode,
  PAGE_SIZES,
  removeFilter,
  toggleFilter,
  withPage,
  withPageSize,
  withQuery,
  withShowAllVersions,
  withSort,
  type ViewMode,
} from '../utils/search-state';
import { FilterChips } from './filter-chips';
import { SearchInput } from './search-input';
import { SkipToSearch } from './skip-to-search';
import './search.css';
import { Select } from '../../../components/ui/input';
import selectField from './select-field.module.css';

// The filters are their own chunk, requested as soon as this module runs: the results (the
// page's largest paint) do not wait for them. Only small screens open them in a sheet, whose
// code loads when it is first opened.
const filterPanel = Promise.all([import('./filter-panel'), ensureMessageAreas(['filters'])]).then(([module]) => module);
const FilterPanel = lazy(() => filterPanel);
const FilterSheet = lazy(() => import('./filter-sheet'));

const VIEW_ICONS = { list: ListViewIcon, grid: GridViewIcon, gallery: GalleryViewIcon } as const;

interface SearchPageProps {
  type: ProjectType;
  groups: readonly FilterGroup[];
  categories: readonly CategoryTag[];
  loaders: readonly LoaderTag[];
}

/** A search page (web-screens §2.2): filters, query, sort, page size, view mode, results, pages. */
export function SearchPage({ type, groups, categories, loaders }: SearchPageProps) {
  const t = useT();
  const headingId = useId();
  const searchInputId = useId();
  const { cosmetics, updateCosmetics } = useCosmetics();
  const mode = cosmetics.searchDisplayMode[type];
  const [state, update] = useSearchState(groups);
  const [sheetOpen, setSheetOpen] = useState(false);
  const request = searchRequest(type, state, groups, mode);
  const { data, error, isFetching, isPlaceholderData } = useQuery(searchQueries.results(request));
  const noHits = data !== undefined && data.hits.length === 0;
  const tags = useMemo(() => buildTagIndex(categories, loaders), [categories, loaders]);
  const plural = t(`search.typePlural.${type}`);
  const commitQuery = useCallback((query: string) => update((s) => withQuery(s, query)), [update]);

  const setMode = (next: ViewMode) => {
    updateCosmetics({ searchDisplayMode: { ...cosmetics.searchDisplayMode, [type]: next } });
    // The page size follows the new mode's options (18 in a grid for 20 in a list).
    const size = effectivePageSize(state.pageSize, next);
    if (size !== request.limit) update((s) => withPageSize(s, size));
  };

  const filterProps = {
    groups,
    state,
    counts: data?.facet_counts,
    onToggle: (term: Parameters<typeof toggleFilter>[1], exclude?: boolean) => update((s) => toggleFilter(s, term, exclude), { scrollToTop: true }),
    onShowAllVersions: (show: boolean) => update((s) => withShowAllVersions(s, show)),
  };

  const pageCount = data ? Math.ceil(data.total_hits / request.limit) : 0;
  const changePage = (page: number) => update((s) => withPage(s, page), { scrollToTop: true });
  const cards = data?.hits.map((hit) => cardFromSearchHit(hit, { tags, dateKind: state.sort === 'newest' ? 'published' : 'updated' })) ?? [];
  const ModeIcon = VIEW_ICONS[mode];
  const next = nextViewMode(mode);

  return (
    <div className={cosmetics.rightSearchLayout ? 'search-page search-page--right' : 'search-page'}>
      <aside className="search-page__sidebar" aria-label={t('search.filters')}>
        <SkipToSearch inputId={searchInputId} />
        <Suspense fallback={null}>
          <FilterPanel {...filterProps} />
        </Suspense>
      </aside>
      <section className="search-page__results" aria-labelledby={headingId}>
        <h1 id={headingId} className="visually-hidden">
          {t('search.title', { type: plural })}
        </h1>
        <TabStrip className="search-types" aria-label={t('search.types')}>
          {DISCOVER_TYPES.map((other) => (
            <AppLink key={other} to={paths.search.getHref(other)} className="search-types__link" aria-current={other === type ? 'page' : undefined}>
              <ProjectTypeIcon type={other} />
              {PROJECT_TYPE_INFO[other].plural}
            </AppLink>
          ))}
        </TabStrip>
        <SearchInput
          id={searchInputId}
          value={state.query}
          placeholder={t('search.placeholder', { type: plural })}
          label={t('search.title', { type: plural })}
          onCommit={commitQuery}
        />
        <div className="search-controls">
          <label className={selectField.selectField}>
            <span>{t('search.sortBy')}</span>
            <Select value={state.sort} onChange={(event) => update((s) => withSort(s, event.target.value as SearchSort), { scrollToTop: true })}>
              {SEARCH_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {t(`search.sort.${sort}`)}
                </option>
              ))}
            </Select>
          </label>
          <label className={selectField.selectField}>
            <span>{t('search.pageSize')}</span>
            <Select value={request.limit} onChange={(event) => update((s) => withPageSize(s, Number(event.target.value)), { scrollToTop: true })}>
              {PAGE_SIZES[mode].map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </Select>
          </label>
          <Button className="search-controls__filters" onClick={() => setSheetOpen(true)}>
            <FilterIcon />
            {t('search.filterResults')}
          </Button>
          <Tooltip content={t(`search.view.${mode}`)}>
            <Button iconOnly variant="transparent" aria-label={t('search.view.switch', { mode: t(`search.view.${next}`) })} onClick={() => setMode(next)}>
              <ModeIcon />
            </Button>
          </Tooltip>
          <div className="search-controls__pages">
            <Pagination page={state.page} pageCount={pageCount} onChange={changePage} label={t('search.pagesTop')} />
          </div>
        </div>
        <FilterChips
          groups={groups}
          state={state}
          onRemove={(term) => update((s) => removeFilter(s, term), { scrollToTop: true })}
          onClear={() => update((s) => clearFilters(s, (term) => term.field === 'project_id'), { scrollToTop: true })}
        />
        <div className="search-results" aria-busy={isFetching && isPlaceholderData}>
          {/* One message: the count for screen readers, or, with nothing to show, the empty state for everyone. */}
          <p className={noHits ? 'search-results__empty' : 'visually-hidden'} role="status">
            {noHits ? t('search.empty') : data && !isPlaceholderData ? t('search.resultCount', { count: data.total_hits }) : ''}
          </p>
          {isFetching && isPlaceholderData && <SearchLoading />}
          {error && !data ? (
            <p className="search-results__error" role="alert">
              {t('search.error')} {error instanceof HttpError ? error.description : ''}
            </p>
          ) : noHits ? null : (
            <ProjectCardList projects={cards} mode={mode} label={t('search.results')} firstPaintMarker="first-result" />
          )}
        </div>
        <Pagination page={state.page} pageCount={pageCount} onChange={changePage} label={t('search.pagesBottom')} />
      </section>
      {sheetOpen && (
        <Suspense fallback={null}>
          <FilterSheet onClose={() => setSheetOpen(false)} title={t('search.filters')}>
            <FilterPanel {...filterProps} />
          </FilterSheet>
        </Suspense>
      )}
    </div>
  );
}

/** Cairn's stones, stacking while results load (still for people who prefer less motion). */
function SearchLoading() {
  const t = useT();
  return (
    <div className="search-loading" role="status">
      <CairnMark className="search-loading__mark" />
      <span>{t('search.loading')}</span>
    </div>
  );
}
