import { describe, expect, it } from 'vitest';
import { createVersionCache, type VersionCache } from './version-cache.js';

const json = (text: string) => Buffer.from(text);
const text = (cache: VersionCache, versionId: number) => cache.get(versionId)?.toString();

describe('version cache', () => {
  it('evicts every version of a changed project and nothing else', () => {
    const cache = createVersionCache();
    cache.set(11, 1, json('a'), cache.generation(1));
    cache.set(12, 1, json('b'), cache.generation(1));
    cache.set(21, 2, json('c'), cache.generation(2));
    cache.evict([1]);
    expect([text(cache, 11), text(cache, 12), text(cache, 21)]).toEqual([undefined, undefined, 'c']);
    expect(cache.size).toBe(1);
  });

  it('refuses copies built from data read before a change', () => {
    const cache = createVersionCache();
    const before = cache.generation(7);
    cache.evict([7]);
    cache.set(70, 7, json('stale'), before);
    expect(text(cache, 70)).toBeUndefined();
    cache.set(70, 7, json('fresh'), cache.generation(7));
    expect(text(cache, 70)).toBe('fresh');
  });

  it('keeps the bytes it holds under its size, dropping the least recently used first', () => {
    const cache = createVersionCache(10);
    cache.set(1, 1, json('aaaa'), 0);
    cache.set(2, 2, json('bbbb'), 0);
    cache.get(1);
    cache.set(3, 3, json('cccc'), 0);
    expect([text(cache, 1), text(cache, 2), text(cache, 3)]).toEqual(['aaaa', undefined, 'cccc']);
    // Replacing an entry counts only its new bytes; one larger than the whole cache is not kept.
    cache.set(1, 1, json('aaaaaa'), 0);
    expect([text(cache, 1), text(cache, 3)]).toEqual(['aaaaaa', 'cccc']);
    cache.set(4, 4, json('x'.repeat(11)), 0);
    expect([text(cache, 4), cache.size]).toEqual([undefined, 2]);
  });

  it('forgets a dropped version in its project, so a later eviction still works', () => {
    const cache = createVersionCache(4);
    cache.set(1, 1, json('aaaa'), 0);
    cache.set(2, 1, json('bbbb'), 0);
    expect(text(cache, 1)).toBeUndefined();
    cache.evict([1]);
    expect(cache.size).toBe(0);
    cache.set(3, 1, json('cc'), cache.generation(1));
    expect(text(cache, 3)).toBe('cc');
  });
});
