import { describe, expect, it } from 'vitest';
import {
  clearFilters,
  effectivePageSize,
  EMPTY_SEARCH_STATE,
  nextViewMode,
  parseSearchParams,
  parseTerm,
  toggleFilter,
  toSearchParams,
  withPage,
  withQuery,
  type FilterParam,
  type FilterTerm,
  type SearchState,
} from './search-state';

const params = (text: string) => new URLSearchParams(text);
/** Loaders go in `g`, like the real filter groups of a mod search put them. */
const paramOf = (term: FilterTerm): FilterParam | undefined =>
  term.field === 'open_source' ? 'l' : term.field === 'project_id' ? 'pid' : ['fabric', 'forge', 'quilt'].includes(term.value) ? 'g' : undefined;
const write = (state: SearchState, current?: string) => toSearchParams(state, paramOf, current === undefined ? undefined : params(current)).toString();

describe('search URL ⇄ state', () => {
  it('has no parameters for the default state', () => {
    expect(parseSearchParams(params(''))).toEqual(EMPTY_SEARCH_STATE);
    expect(write(EMPTY_SEARCH_STATE)).toBe('');
  });

  it('reads every parameter', () => {
    const state = parseSearchParams(
      params('q=lantern&f=categories:magic&f=categories!=cursed&g=categories:fabric&v=1.20.1&v=1.21&e=client&l=open_source:true&pid=project_id!=AAAA&h=true&s=downloads&m=50&page=3'),
    );
    expect(state).toEqual({
      query: 'lantern',
      filters: [
        { field: 'categories', value: 'magic', negative: false },
        { field: 'categories', value: 'cursed', negative: true },
        { field: 'categories', value: 'fabric', negative: false },
        { field: 'open_source', value: 'true', negative: false },
        { field: 'project_id', value: 'AAAA', negative: true },
        { field: 'versions', value: '1.20.1', negative: false },
        { field: 'versions', value: '1.21', negative: false },
        { field: 'environment', value: 'client', negative: false },
      ],
      showAllVersions: true,
      sort: 'downloads',
      pageSize: 50,
      page: 3,
    });
  });

  it('round-trips: writing what was read gives the same URL, in a stable order', () => {
    const url = 'q=lantern&f=categories%3Amagic&f=categories%21%3Dcursed&g=categories%3Afabric&v=1.20.1&e=server&l=open_source%3Atrue&h=true&s=newest&m=10&page=2';
    expect(write(parseSearchParams(params(url)))).toBe(url);
    const shuffled = 'page=2&s=newest&g=categories:fabric&q=lantern&f=categories:magic&v=1.20.1';
    expect(parseSearchParams(params(write(parseSearchParams(params(shuffled)))))).toEqual(parseSearchParams(params(shuffled)));
  });

  it('puts each filter in its parameter whatever parameter it came from', () => {
    // An old link with the loader in `f`.
    expect(write(parseSearchParams(params('f=categories:fabric&f=categories:magic')))).toBe('f=categories%3Amagic&g=categories%3Afabric');
  });

  it('leaves out defaults and keeps parameters it does not manage', () => {
    const state = { ...EMPTY_SEARCH_STATE, sort: 'relevance' as const, pageSize: 20, page: 1, query: '   ' };
    expect(write(state, 'hl=de-DE&sid=abc')).toBe('hl=de-DE&sid=abc');
    expect(write(withQuery(state, 'x'), 'hl=de-DE')).toBe('q=x&hl=de-DE');
  });

  it('understands legacy parameters', () => {
    expect(parseSearchParams(params('l=true')).filters).toEqual([{ field: 'open_source', value: 'true', negative: false }]);
    expect(parseSearchParams(params('nf=categories:forge')).filters).toEqual([{ field: 'categories', value: 'forge', negative: true }]);
    expect(parseSearchParams(params('o=40&m=20')).page).toBe(3);
    expect(parseSearchParams(params('o=0')).page).toBe(1);
    expect(parseSearchParams(params('o=40&page=5')).page).toBe(5);
    expect(parseSearchParams(params('v=versions:1.20.1')).filters).toEqual([{ field: 'versions', value: '1.20.1', negative: false }]);
    expect(parseSearchParams(params('s=date_modified')).sort).toBe('updated');
    // Writing them back uses the current names.
    expect(write(parseSearchParams(params('l=true&o=20&m=10')))).toBe('l=open_source%3Atrue&m=10&page=3');
  });

  it('falls back to defaults on broken values', () => {
    const state = parseSearchParams(params('s=sideways&m=-4&page=zero&e=everywhere&f=nonsense&h=yes'));
    expect(state).toEqual(EMPTY_SEARCH_STATE);
    expect(parseSearchParams(params('m=5000')).pageSize).toBe(100);
  });

  it('keeps the last of a value both required and excluded', () => {
    expect(parseSearchParams(params('f=categories:magic&f=categories!=magic')).filters).toEqual([{ field: 'categories', value: 'magic', negative: true }]);
  });

  it('keeps the new sorts', () => {
    expect(parseSearchParams(params('s=title')).sort).toBe('title');
    expect(parseSearchParams(params('s=trending')).sort).toBe('trending');
  });
});

describe('filter terms', () => {
  it('parses included and excluded terms', () => {
    expect(parseTerm('categories:fabric')).toEqual({ field: 'categories', value: 'fabric', negative: false });
    expect(parseTerm('categories!=fabric')).toEqual({ field: 'categories', value: 'fabric', negative: true });
    expect(parseTerm('versions:1.20.1-pre1')).toEqual({ field: 'versions', value: '1.20.1-pre1', negative: false });
    expect(parseTerm('no operator')).toBeUndefined();
  });
});

describe('state changes', () => {
  const magic = { field: 'categories', value: 'magic' };

  it('toggles, excludes and clears an option, going back to page 1', () => {
    const start = { ...EMPTY_SEARCH_STATE, page: 4 };
    const selected = toggleFilter(start, magic);
    expect(selected.filters).toEqual([{ ...magic, negative: false }]);
    expect(selected.page).toBe(1);
    expect(toggleFilter(selected, magic).filters).toEqual([]);
    const excluded = toggleFilter(selected, magic, true);
    expect(excluded.filters).toEqual([{ ...magic, negative: true }]);
    expect(toggleFilter(excluded, magic, true).filters).toEqual([]);
    expect(toggleFilter(excluded, magic).filters).toEqual([{ ...magic, negative: false }]);
  });

  it('clears all filters but keeps the query and sort', () => {
    const state = { ...parseSearchParams(params('q=x&s=downloads&f=categories:magic&v=1.20&pid=project_id!=AAAA')), page: 2 };
    const cleared = clearFilters(state, (term) => term.field === 'project_id');
    expect(cleared.filters).toEqual([{ field: 'project_id', value: 'AAAA', negative: true }]);
    expect(cleared.query).toBe('x');
    expect(cleared.sort).toBe('downloads');
    expect(cleared.page).toBe(1);
  });

  it('clamps the page', () => {
    expect(withPage(EMPTY_SEARCH_STATE, 0).page).toBe(1);
    expect(withPage(EMPTY_SEARCH_STATE, 2.7).page).toBe(2);
  });
});

describe('view modes and page sizes', () => {
  it('cycles list → grid → gallery', () => {
    expect(nextViewMode('list')).toBe('grid');
    expect(nextViewMode('grid')).toBe('gallery');
    expect(nextViewMode('gallery')).toBe('list');
  });

  it('snaps the page size to the nearest option of the mode', () => {
    expect(effectivePageSize(20, 'list')).toBe(20);
    expect(effectivePageSize(20, 'grid')).toBe(18);
    expect(effectivePageSize(20, 'gallery')).toBe(20);
    expect(effectivePageSize(50, 'grid')).toBe(48);
    expect(effectivePageSize(96, 'list')).toBe(100);
    expect(effectivePageSize(12, 'gallery')).toBe(10);
    expect(effectivePageSize(7, 'list')).toBe(5);
  });
});
