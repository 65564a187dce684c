import { describe, expect, it } from 'vitest';
import { encodeBase62 } from '../../lib/ids.js';
import { createProjectCache } from './project-cache.js';

describe('project cache', () => {
  it('finds entries by base62 id or case-insensitive slug', () => {
    const cache = createProjectCache();
    cache.set(4242424242, 'Sodium-Lite', '{"a":1}', cache.generation(4242424242));
    expect(cache.get('sodium-lite')).toBe('{"a":1}');
    expect(cache.get(encodeBase62(4242424242))).toBe('{"a":1}');
    expect(cache.get('other')).toBeUndefined();
  });

  it('evicts on change and refuses copies built before the change', () => {
    const cache = createProjectCache();
    const before = cache.generation(7);
    cache.evict([7]);
    cache.set(7, 'seven', 'stale', before);
    expect(cache.get('seven')).toBeUndefined();
    cache.set(7, 'seven', 'fresh', cache.generation(7));
    expect(cache.get('seven')).toBe('fresh');
    cache.evict([7]);
    expect(cache.get('seven')).toBeUndefined();
  });

  it('drops the least recently used entries past its size', () => {
    const cache = createProjectCache(2);
    cache.set(1, 'one', '1', 0);
    cache.set(2, 'two', '2', 0);
    cache.get('one');
    cache.set(3, 'three', '3', 0);
    expect([cache.get('one'), cache.get('two'), cache.get('three')]).toEqual(['1', undefined, '3']);
    expect(cache.size).toBe(2);
  });

  it('forgets the old slug when a project is renamed', () => {
    const cache = createProjectCache();
    cache.set(9, 'old-name', 'a', 0);
    cache.set(9, 'new-name', 'b', 0);
    expect(cache.get('old-name')).toBeUndefined();
    expect(cache.get('new-name')).toBe('b');
  });
});
