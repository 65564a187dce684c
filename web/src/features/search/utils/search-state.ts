import { SEARCH_SORT_ALIASES, SEARCH_SORTS, type SearchSort } from '@cairn/shared/constants/search';

/**
 * The state of a search page and its URL form (web-screens §2.2). One URL is one search: it can be
 * shared, reloaded and stepped through with Back. Defaults are left out of the URL, and older
 * links (`o` offset, `nf` negative filters, `l=true`) are still understood.
 *
 * URL parameters:
 * - `q` query text;
 * - `f`, `g`, `l`, `pid` filter terms `field:value` or, excluded, `field!=value` (repeatable);
 *   `f` holds categories, features and performance impact, `g` loaders, platforms and
 *   resolutions, `l` the license filter, `pid` project ids;
 * - `v` game versions and `e` environments (`client`, `server`), plain values (repeatable);
 * - `h=true` shows every kind of game version in the filter, not only releases;
 * - `s` sort (absent: relevance), `m` page size (absent: 20), `page` (absent: 1).
 * Every other parameter (`hl`, server context `sid`/`shi`…) is left as it is.
 */

export type ViewMode = 'list' | 'grid' | 'gallery';

/** Page sizes offered per view mode; a new mode snaps the size to its nearest option. */
export const PAGE_SIZES: Readonly<Record<ViewMode, readonly number[]>> = {
  list: [5, 10, 15, 20, 50, 100],
  grid: [6, 12, 18, 24, 48, 96],
  gallery: [6, 10, 16, 20, 50, 100],
};
const DEFAULT_PAGE_SIZE = 20;
const DEFAULT_SORT: SearchSort = 'relevance';

/** One filter: `field` is the search facet field (`categories`, `versions`, `environment`, …). */
export interface FilterTerm {
  field: string;
  value: string;
  /** Excluded rather than required. */
  negative: boolean;
}

export interface SearchState {
  query: string;
  filters: FilterTerm[];
  /** Show snapshots and older kinds of game version in the version filter. */
  showAllVersions: boolean;
  sort: SearchSort;
  /** As asked for in the URL; `effectivePageSize` fits it to the view mode. */
  pageSize: number;
  page: number;
}

export const EMPTY_SEARCH_STATE: SearchState = {
  query: '',
  filters: [],
  showAllVersions: false,
  sort: DEFAULT_SORT,
  pageSize: DEFAULT_PAGE_SIZE,
  page: 1,
};

/** URL parameter of each kind of filter. */
export type FilterParam = 'f' | 'g' | 'v' | 'e' | 'l' | 'pid';

const TERM_PARAMS = ['f', 'g', 'l', 'pid'] as const;
/** Parameters this module writes; all others pass through untouched. */
const MANAGED_PARAMS = ['q', 'f', 'g', 'v', 'e', 'l', 'pid', 'h', 's', 'm', 'page', 'o', 'nf'];

const ENVIRONMENT_VALUES = ['client', 'server'] as const;

/** `categories:fabric` / `categories!=fabric` / `open_source:true`. */
export function parseTerm(text: string): FilterTerm | undefined {
  const match = /^([a-z_]+)\s*(!=|:|=)\s*(.+)$/.exec(text.trim());
  if (!match) return undefined;
  const [, field = '', operator, value = ''] = match;
  return { field, value: value.trim(), negative: operator === '!=' };
}

export function formatTerm(term: FilterTerm): string {
  return `${term.field}${term.negative ? '!=' : ':'}${term.value}`;
}

function sameTerm(a: FilterTerm, b: FilterTerm): boolean {
  return a.field === b.field && a.value === b.value && a.negative === b.negative;
}

/** Whether two terms concern the same value, included or excluded. */
export function sameValue(a: Pick<FilterTerm, 'field' | 'value'>, b: Pick<FilterTerm, 'field' | 'value'>): boolean {
  return a.field === b.field && a.value === b.value;
}

function positiveInt(text: string | null): number | undefined {
  if (text === null || !/^\d+$/.test(text)) return undefined;
  const value = Number(text);
  return value > 0 ? value : undefined;
}

function parseSort(text: string | null): SearchSort {
  if (!text) return DEFAULT_SORT;
  if ((SEARCH_SORTS as readonly string[]).includes(text)) return text as SearchSort;
  return SEARCH_SORT_ALIASES[text] ?? DEFAULT_SORT;
}

function addUnique(filters: FilterTerm[], term: FilterTerm | undefined): void {
  if (!term || !term.value) return;
  // A value is either required or excluded, never both: the later one in the URL wins.
  const index = filters.findIndex((existing) => sameValue(existing, term));
  if (index >= 0) filters.splice(index, 1);
  filters.push(term);
}

/** Reads a search page URL. Unknown or broken values fall back to the defaults. */
export function parseSearchParams(params: URLSearchParams): SearchState {
  const filters: FilterTerm[] = [];
  for (const param of TERM_PARAMS) {
    for (const text of params.getAll(param)) {
      // Legacy `l=true`: open source only.
      if (param === 'l' && text === 'true') addUnique(filters, { field: 'open_source', value: 'true', negative: false });
      else addUnique(filters, parseTerm(text));
    }
  }
  // Legacy `nf`: filters to exclude, written as positive terms.
  for (const text of params.getAll('nf')) {
    const term = parseTerm(text);
    if (term) addUnique(filters, { ...term, negative: true });
  }
  for (const text of params.getAll('v')) {
    const term = parseTerm(text);
    addUnique(filters, term?.field === 'versions' ? term : { field: 'versions', value: text.trim(), negative: false });
  }
  for (const text of params.getAll('e')) {
    const value = text.trim().toLowerCase();
    if ((ENVIRONMENT_VALUES as readonly string[]).includes(value)) addUnique(filters, { field: 'environment', value, negative: false });
  }

  const pageSize = Math.min(positiveInt(params.get('m')) ?? DEFAULT_PAGE_SIZE, 100);
  let page = positiveInt(params.get('page'));
  // Legacy `o`: an offset into the results.
  const offset = params.get('o');
  if (page === undefined && offset !== null && /^\d+$/.test(offset)) page = Math.floor(Number(offset) / pageSize) + 1;

  return {
    query: params.get('q') ?? '',
    filters,
    showAllVersions: params.get('h') === 'true',
    sort: parseSort(params.get('s')),
    pageSize,
    page: page ?? 1,
  };
}

/**
 * Writes `state` into a copy of `current` (keeping the parameters it does not manage), in a
 * stable order, without defaults. `paramOf` says which parameter a filter belongs in (from the
 * filter groups of the page's project type); filters it does not know go in `f`.
 */
export function toSearchParams(
  state: SearchState,
  paramOf: (term: FilterTerm) => FilterParam | undefined,
  current: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const params = new URLSearchParams(current);
  for (const key of MANAGED_PARAMS) params.delete(key);
  const managed = new URLSearchParams();
  if (state.query.trim()) managed.set('q', state.query);
  const byParam: Record<FilterParam, string[]> = { f: [], g: [], v: [], e: [], l: [], pid: [] };
  for (const term of state.filters) {
    const param = term.field === 'versions' && !term.negative ? 'v' : term.field === 'environment' ? 'e' : (paramOf(term) ?? 'f');
    byParam[param].push(param === 'v' || param === 'e' ? term.value : formatTerm(term));
  }
  for (const key of ['f', 'g', 'v', 'e', 'l', 'pid'] as const) for (const value of byParam[key]) managed.append(key, value);
  if (state.showAllVersions) managed.set('h', 'true');
  if (state.sort !== DEFAULT_SORT) managed.set('s', state.sort);
  if (state.pageSize !== DEFAULT_PAGE_SIZE) managed.set('m', String(state.pageSize));
  if (state.page > 1) managed.set('page', String(state.page));
  // Search parameters first, then whatever else the URL carried.
  for (const [key, value] of params) managed.append(key, value);
  return managed;
}

/** The page size used for `mode`: the option nearest to the one asked for (the smaller on a tie). */
export function effectivePageSize(pageSize: number, mode: ViewMode): number {
  const options = PAGE_SIZES[mode];
  return options.reduce((best, option) => (Math.abs(option - pageSize) < Math.abs(best - pageSize) ? option : best), options[0] ?? DEFAULT_PAGE_SIZE);
}

/** The next view mode of the cycling button: list → grid → gallery → list. */
export function nextViewMode(mode: ViewMode): ViewMode {
  return mode === 'list' ? 'grid' : mode === 'grid' ? 'gallery' : 'list';
}

// ---- state changes (each returns a new state; filter changes go back to page 1) ----

export function withQuery(state: SearchState, query: string): SearchState {
  return { ...state, query, page: 1 };
}

/**
 * Cycles one option of a filter: not selected → selected. Selected or excluded → cleared.
 * `exclude` asks for the excluded form instead (or clears it when already excluded).
 */
export function toggleFilter(state: SearchState, term: Omit<FilterTerm, 'negative'>, exclude = false): SearchState {
  const existing = state.filters.find((f) => sameValue(f, term));
  const others = state.filters.filter((f) => !sameValue(f, term));
  const wanted = { ...term, negative: exclude };
  const filters = existing && existing.negative === exclude ? others : [...others, wanted];
  return { ...state, filters, page: 1 };
}

export function removeFilter(state: SearchState, term: FilterTerm): SearchState {
  return { ...state, filters: state.filters.filter((f) => !sameTerm(f, term)), page: 1 };
}

/** Clears every filter, keeping the query text and sort ("Clear all filters"). */
export function clearFilters(state: SearchState, keep: (term: FilterTerm) => boolean = () => false): SearchState {
  return { ...state, filters: state.filters.filter(keep), page: 1 };
}

export function withSort(state: SearchState, sort: SearchSort): SearchState {
  return { ...state, sort, page: 1 };
}

export function withPageSize(state: SearchState, pageSize: number): SearchState {
  return { ...state, pageSize, page: 1 };
}

export function withShowAllVersions(state: SearchState, showAllVersions: boolean): SearchState {
  return { ...state, showAllVersions };
}

export function withPage(state: SearchState, page: number): SearchState {
  return { ...state, page: Math.max(1, Math.floor(page)) };
}
