import { describe, expect, it } from 'vitest';
import { createVersionCache } from './version-cache.js';

describe('version cache', () => {
  it('evicts every version of a changed project and nothing else', () => {
    const cache = createVersionCache();
    cache.set(11, 1, 'a', cache.generation(1));
    cache.set(12, 1, 'b', cache.generation(1));
    cache.set(21, 2, 'c', cache.generation(2));
    cache.evict([1]);
    expect([cache.get(11), cache.get(12), cache.get(21)]).toEqual([undefined, undefined, 'c']);
    expect(cache.size).toBe(1);
  });

  it('refuses copies built from data read before a change', () => {
    const cache = createVersionCache();
    const before = cache.generation(7);
    cache.evict([7]);
    cache.set(70, 7, 'stale', before);
    expect(cache.get(70)).toBeUndefined();
    cache.set(70, 7, 'fresh', cache.generation(7));
    expect(cache.get(70)).toBe('fresh');
  });

  it('keeps the JSON it holds under its size, dropping the least recently used first', () => {
    const cache = createVersionCache(10);
    cache.set(1, 1, 'aaaa', 0);
    cache.set(2, 2, 'bbbb', 0);
    cache.get(1);
    cache.set(3, 3, 'cccc', 0);
    expect([cache.get(1), cache.get(2), cache.get(3)]).toEqual(['aaaa', undefined, 'cccc']);
    // Replacing an entry counts only its new text; one larger than the whole cache is not kept.
    cache.set(1, 1, 'aaaaaa', 0);
    expect([cache.get(1), cache.get(3)]).toEqual(['aaaaaa', 'cccc']);
    cache.set(4, 4, 'x'.repeat(11), 0);
    expect([cache.get(4), cache.size]).toEqual([undefined, 2]);
  });

  it('forgets a dropped version in its project, so a later eviction still works', () => {
    const cache = createVersionCache(4);
    cache.set(1, 1, 'aaaa', 0);
    cache.set(2, 1, 'bbbb', 0);
    expect(cache.get(1)).toBeUndefined();
    cache.evict([1]);
    expect(cache.size).toBe(0);
    cache.set(3, 1, 'cc', cache.generation(1));
    expect(cache.get(3)).toBe('cc');
  });
});
