import { describe, expect, it } from 'vitest';
import { SearchResultsSchema, type ProjectResult } from '@cairn/shared/schemas/search';
import { toSearchHitJson, toSearchResultsJson } from './search.mapper.js';

const stored: ProjectResult = {
  project_id: 'AbCdEf12',
  project_type: 'mod',
  slug: 'lanterns',
  author: 'ann',
  title: '/r/lanterns ":"/ ["/',
  description: 'Lights.',
  categories: ['decoration', 'fabric'],
  display_categories: ['decoration', 'fabric'],
  versions: ['1.21'],
  downloads: 3,
  follows: 1,
  icon_url: '',
  date_created: '2024-01-01T00:00:00.000Z',
  date_modified: '2024-01-02T00:00:00.000Z',
  latest_version: 'XyZ01234',
  license: 'MIT',
  client_side: 'required',
  server_side: 'optional',
  gallery: [],
  featured_gallery: null,
  color: null,
  all_project_types: ['mod'],
  environment: ['client_and_server'],
  disclosure_types: [],
  author_id: 'AuThOr12',
  organization: null,
  organization_id: null,
};

describe('search hits as served', () => {
  it('prefixes the CDN to relative image paths and leaves hits without images as stored', () => {
    const withImages = { ...stored, icon_url: '/icon.webp', gallery: ['/a.webp', '/b.webp'], featured_gallery: '/b.webp' };
    expect(JSON.parse(toSearchHitJson(JSON.stringify(withImages), 'https://cdn.example'))).toEqual({
      ...withImages,
      icon_url: 'https://cdn.example/icon.webp',
      gallery: ['https://cdn.example/a.webp', 'https://cdn.example/b.webp'],
      featured_gallery: 'https://cdn.example/b.webp',
    });
    const plain = JSON.stringify({ ...stored, title: 'Lanterns' });
    expect(toSearchHitJson(plain, 'https://cdn.example')).toBe(plain);
    // A text value that looks like a path is left alone either way.
    expect(JSON.parse(toSearchHitJson(JSON.stringify(stored), 'https://cdn.example'))).toEqual(stored);
  });

  it('splices the stored hits into the v2 SearchResults', () => {
    const facetCounts = { categories: { decoration: 1 }, versions: {}, project_type: {}, loaders: {}, client_side: {}, server_side: {}, license: {}, open_source: {} };
    const json = toSearchResultsJson({ hits: [JSON.stringify(stored), JSON.stringify({ ...stored, slug: 'more' })], total: 7, facetCounts }, { offset: 5, limit: 2 }, '');
    expect(SearchResultsSchema.parse(JSON.parse(json))).toEqual({ hits: [stored, { ...stored, slug: 'more' }], offset: 5, limit: 2, total_hits: 7, facet_counts: facetCounts });
    expect(JSON.parse(toSearchResultsJson({ hits: [], total: 0, facetCounts }, { offset: 0, limit: 10 }, ''))).toMatchObject({ hits: [], total_hits: 0 });
  });
});
