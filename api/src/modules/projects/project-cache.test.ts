import { describe, expect, it } from 'vitest';
import { encodeBase62 } from '../../lib/ids.js';
import { createProjectCache } from './project-cache.js';

const entry = (json: string) => ({ json, originalLanguage: 'en-US', translations: [] });

describe('project cache', () => {
  it('finds entries by base62 id or case-insensitive slug', () => {
    const cache = createProjectCache();
    cache.set(4242424242, 'Sodium-Lite', entry('{"a":1}'), cache.generation(4242424242));
    expect(cache.get('sodium-lite')?.json).toBe('{"a":1}');
    expect(cache.get(encodeBase62(4242424242))?.json).toBe('{"a":1}');
    expect(cache.get('other')?.json).toBeUndefined();
    // What language negotiation needs comes with it, so the original is answered without a query.
    cache.set(7, 'seven', { json: '{}', originalLanguage: 'de-DE', translations: ['fr-FR'] }, cache.generation(7));
    expect(cache.get('seven')).toMatchObject({ id: 7, originalLanguage: 'de-DE', translations: ['fr-FR'] });
  });

  it('evicts on change and refuses copies built before the change', () => {
    const cache = createProjectCache();
    const before = cache.generation(7);
    cache.evict([7]);
    cache.set(7, 'seven', entry('stale'), before);
    expect(cache.get('seven')?.json).toBeUndefined();
    cache.set(7, 'seven', entry('fresh'), cache.generation(7));
    expect(cache.get('seven')?.json).toBe('fresh');
    cache.evict([7]);
    expect(cache.get('seven')?.json).toBeUndefined();
  });

  it('drops the least recently used entries past its size', () => {
    const cache = createProjectCache(2);
    cache.set(1, 'one', entry('1'), 0);
    cache.set(2, 'two', entry('2'), 0);
    cache.get('one');
    cache.set(3, 'three', entry('3'), 0);
    expect([cache.get('one')?.json, cache.get('two')?.json, cache.get('three')?.json]).toEqual(['1', undefined, '3']);
    expect(cache.size).toBe(2);
  });

  it('forgets the old slug when a project is renamed', () => {
    const cache = createProjectCache();
    cache.set(9, 'old-name', entry('a'), 0);
    cache.set(9, 'new-name', entry('b'), 0);
    expect(cache.get('old-name')?.json).toBeUndefined();
    expect(cache.get('new-name')?.json).toBe('b');
  });
});
