import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/errors.js';
import { parseFilters } from './legacy-filters.js';
import { parseFacets, parseSearchRequest, parseSort } from './query.js';

function badRequestText(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).statusCode).toBe(400);
    return (error as ApiError).description;
  }
  throw new Error('expected a 400');
}

describe('parseFacets', () => {
  it('reads OR-groups combined with AND, with every operator and v2 alias', () => {
    const groups = parseFacets(
      JSON.stringify([
        ['categories:forge', 'categories:adventure'],
        ['versions:1.17.1', 'versions = 1.18'],
        ['project_type:mod'],
        ['downloads >= 100', 'follows<5'],
        ['license != mit'],
        ['title:Sodium Extra', 'name:Other'],
        ['open_source:TRUE'],
      ]),
    );
    expect(groups).toEqual([
      [[{ field: 'loaders', op: '=', value: 'forge' }], [{ field: 'categories', op: '=', value: 'adventure' }]],
      [[{ field: 'game_versions', op: '=', value: '1.17.1' }], [{ field: 'game_versions', op: '=', value: '1.18' }]],
      [[{ field: 'project_types', op: '=', value: 'mod' }]],
      [[{ field: 'downloads', op: '>=', value: 100 }], [{ field: 'follows', op: '<', value: 5 }]],
      [[{ field: 'license', op: '!=', value: 'mit' }]],
      [[{ field: 'title', op: '=', value: 'Sodium Extra' }], [{ field: 'title', op: '=', value: 'Other' }]],
      [[{ field: 'open_source', op: '=', value: true }]],
    ]);
  });

  it('takes an array entry as conditions that must all hold, and drops empty groups', () => {
    expect(parseFacets('[[["categories:fabric","versions:1.21"],"categories:quilt"],[]]')).toEqual([
      [
        [
          { field: 'loaders', op: '=', value: 'fabric' },
          { field: 'game_versions', op: '=', value: '1.21' },
        ],
        [{ field: 'loaders', op: '=', value: 'quilt' }],
      ],
    ]);
  });

  it('keeps everything after the operator as the value (colons and spaces included)', () => {
    expect(parseFacets('[["title: Mods: The Sequel "]]')).toEqual([[[{ field: 'title', op: '=', value: 'Mods: The Sequel' }]]]);
  });

  it.each([
    ['not json', 'not valid JSON'],
    ['{"a":1}', 'expected an array of OR-groups'],
    ['["categories:forge"]', 'facets[0]: expected an array of facet strings, got string "categories:forge"'],
    ['[[1]]', 'facets[0][0]: expected a facet string or a non-empty array of facet strings, got number 1'],
    ['[[[]]]', 'facets[0][0]: expected a facet string or a non-empty array'],
    ['[["colour:red"]]', "facets[0][0]: unknown facet field 'colour'"],
    ['[["categories"]]', "facets[0][0]: 'categories' is not a facet"],
    ['[["versions:"]]', "facets[0][0]: 'versions' has no value"],
    ['[["versions>1.20"]]', "facets[0][0]: '>' only applies to numeric fields"],
    ['[["downloads>many"]]', "facets[0][0]: 'downloads' compares numbers, but 'many' is not a number"],
    ['[["open_source:maybe"]]', "'open_source' is true or false, not 'maybe'"],
    ['[["client_side:sometimes"]]', "'client_side' is one of required, optional, unsupported, unknown, not 'sometimes'"],
    ['[["environment:everywhere"]]', "'environment' is one of client_and_server"],
  ])('refuses %s, saying where and what', (raw, message) => {
    expect(badRequestText(() => parseFacets(raw))).toContain(message);
  });

  it('refuses more than 1024 conditions', () => {
    const many = JSON.stringify([Array.from({ length: 1025 }, (_, i) => `versions:1.${i}`)]);
    expect(badRequestText(() => parseFacets(many))).toContain('more than 1024 conditions');
  });
});

describe('parseFilters (legacy filter strings)', () => {
  it('gives AND precedence over OR and turns the expression into alternatives', () => {
    expect(parseFilters('categories = forge AND versions = "1.20.1" OR categories = fabric', 'filters')).toEqual([
      [
        { field: 'loaders', op: '=', value: 'forge' },
        { field: 'game_versions', op: '=', value: '1.20.1' },
      ],
      [{ field: 'loaders', op: '=', value: 'fabric' }],
    ]);
  });

  it('pushes NOT into the conditions and expands IN / NOT IN', () => {
    expect(parseFilters("NOT (downloads > 10 OR license = 'MIT') AND versions IN [1.20, `1.21`]", 'filters')).toEqual([
      [
        { field: 'downloads', op: '<=', value: 10 },
        { field: 'license', op: '!=', value: 'MIT' },
        { field: 'game_versions', op: '=', value: '1.20' },
      ],
      [
        { field: 'downloads', op: '<=', value: 10 },
        { field: 'license', op: '!=', value: 'MIT' },
        { field: 'game_versions', op: '=', value: '1.21' },
      ],
    ]);
    expect(parseFilters('categories NOT IN [magic, fabric]', 'filters')).toEqual([
      [
        { field: 'categories', op: '!=', value: 'magic' },
        { field: 'loaders', op: '!=', value: 'fabric' },
      ],
    ]);
  });

  it('accepts lower-case keywords', () => {
    expect(parseFilters('versions = 1.20 or not versions = 1.19', 'version')).toEqual([
      [{ field: 'game_versions', op: '=', value: '1.20' }],
      [{ field: 'game_versions', op: '!=', value: '1.19' }],
    ]);
  });

  it.each([
    ['categories = "forge', 'unterminated quoted value starting at character 14'],
    ['categories EXISTS', 'EXISTS is not supported'],
    ['(categories = forge', "expected ')'"],
    ['categories = forge versions = 1.20', 'unexpected text at character 20'],
    ['categories IN []', 'IN needs at least one value'],
    ['= forge', 'expected a field name at character 1'],
  ])('refuses %s', (raw, message) => {
    expect(badRequestText(() => parseFilters(raw, 'filters'))).toContain(`filters: ${message}`);
  });

  it('refuses filters that expand to more than 64 alternatives', () => {
    const wide = Array.from({ length: 7 }, (_, i) => `(versions = 1.${i} OR versions = 2.${i})`).join(' AND ');
    expect(badRequestText(() => parseFilters(wide, 'filters'))).toContain('more than 64 alternatives');
  });
});

describe('parseSearchRequest', () => {
  it('applies defaults and combines facets with the legacy strings', () => {
    expect(parseSearchRequest({})).toEqual({ text: '', groups: [], sort: 'relevance', offset: 0, limit: 10 });
    const request = parseSearchRequest({ query: '  sodium ', facets: '[["versions:1.21"]]', filters: 'categories = fabric', version: 'versions = 1.21.1', limit: 0, offset: 5 });
    expect(request.text).toBe('sodium');
    expect(request.groups).toHaveLength(3);
    expect(request).toMatchObject({ limit: 0, offset: 5 });
  });

  it('checks the page bounds', () => {
    expect(badRequestText(() => parseSearchRequest({ limit: 101 }))).toBe('limit: must be an integer from 0 to 100');
    expect(badRequestText(() => parseSearchRequest({ offset: -1 }))).toBe('offset: must be a non-negative integer');
  });

  it('knows every sort and the older spellings', () => {
    for (const sort of ['relevance', 'downloads', 'follows', 'newest', 'updated', 'title', 'trending']) expect(parseSort(sort)).toBe(sort);
    expect(parseSort('date_created')).toBe('newest');
    expect(parseSort('date_modified')).toBe('updated');
    expect(badRequestText(() => parseSort('popularity'))).toBe(
      "index: unknown sort 'popularity'; use one of relevance, downloads, follows, newest, updated, title, trending",
    );
  });
});
