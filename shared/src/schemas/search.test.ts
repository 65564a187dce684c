import { describe, expect, it } from 'vitest';
import { FACET_COUNT_FIELDS, facetsParam } from '../constants/search.js';
import { ProjectResultSchema, SearchProjectsQuerySchema, SearchResultsSchema } from './search.js';

const hit = {
  project_id: 'AABBCCDD',
  project_type: 'mod',
  slug: 'sodium',
  author: 'jellysquid',
  title: 'Sodium',
  description: 'A modern rendering engine.',
  categories: ['optimization', 'fabric'],
  display_categories: ['optimization', 'fabric'],
  versions: ['1.20.1', '1.21'],
  downloads: 1000,
  follows: 10,
  icon_url: '',
  date_created: '2024-01-01T00:00:00.000Z',
  date_modified: '2024-02-01T00:00:00.000Z',
  latest_version: 'IIJJKKLL',
  license: 'MIT',
  client_side: 'required',
  server_side: 'unsupported',
  gallery: [],
  featured_gallery: null,
  color: 8703084,
  all_project_types: ['mod'],
  environment: ['client_only'],
  disclosure_types: [],
  author_id: 'EEFFGGHH',
  organization: null,
  organization_id: null,
};

describe('search wire schemas', () => {
  it('carry every field of the v2 ProjectResult', () => {
    expect(Object.keys(ProjectResultSchema.shape).sort()).toEqual(Object.keys(hit).sort());
    expect(ProjectResultSchema.parse(hit)).toEqual(hit);
  });

  it('accept results with and without the additive facet counts', () => {
    const page = { hits: [hit], offset: 0, limit: 10, total_hits: 1 };
    expect(SearchResultsSchema.parse(page)).toEqual(page);
    const counts = Object.fromEntries(FACET_COUNT_FIELDS.map((field) => [field, {}]));
    counts.loaders = { fabric: 1 };
    expect(SearchResultsSchema.parse({ ...page, facet_counts: counts }).facet_counts?.loaders).toEqual({ fabric: 1 });
    expect(SearchResultsSchema.safeParse({ ...page, facet_counts: { ...counts, loaders: { fabric: 'one' } } }).success).toBe(false);
  });

  it('read query parameters as the v2 operation does', () => {
    expect(SearchProjectsQuerySchema.parse({})).toEqual({ offset: 0, limit: 10 });
    expect(SearchProjectsQuerySchema.parse({ offset: '20', limit: '0', index: 'downloads' })).toEqual({ offset: 20, limit: 0, index: 'downloads' });
    expect(SearchProjectsQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
    expect(SearchProjectsQuerySchema.safeParse({ offset: '-1' }).success).toBe(false);
  });

  it('build the facets parameter from OR-groups, leaving out empty ones', () => {
    expect(facetsParam([['categories:fabric'], [], ['versions:1.20.1', 'versions:1.21']])).toBe('[["categories:fabric"],["versions:1.20.1","versions:1.21"]]');
    expect(facetsParam([[], []])).toBeUndefined();
  });
});
