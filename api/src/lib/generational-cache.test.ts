import { describe, expect, it } from 'vitest';
import { createGenerationalCache } from './generational-cache.js';

describe('generational cache', () => {
  it('drops a value loaded before its group was evicted', () => {
    const cache = createGenerationalCache<number, { v: string }>({ maxEntries: 10, maxGenerations: 10 });
    const before = cache.generation(1);
    cache.evict([1]);
    cache.set(10, 1, { v: 'stale' }, before);
    expect(cache.get(10)).toBeUndefined();
    cache.set(10, 1, { v: 'fresh' }, cache.generation(1));
    expect(cache.get(10)).toEqual({ v: 'fresh' });
  });

  it('evicts every entry of a group and nothing else', () => {
    const removed: number[] = [];
    const cache = createGenerationalCache<number, { v: number }>({ maxEntries: 10, maxGenerations: 10, onRemove: (key) => removed.push(key) });
    cache.set(1, 7, { v: 1 }, 0);
    cache.set(2, 7, { v: 2 }, 0);
    cache.set(3, 8, { v: 3 }, 0);
    cache.evict([7]);
    expect([cache.get(1), cache.get(2), cache.get(3)]).toEqual([undefined, undefined, { v: 3 }]);
    expect(removed.sort()).toEqual([1, 2]);
  });

  it('keeps within its byte budget, least recently used first', () => {
    const cache = createGenerationalCache<number, Buffer>({ maxBytes: 10, sizeOf: (b) => b.length, maxGenerations: 10 });
    cache.set(1, 1, Buffer.alloc(4), 0);
    cache.set(2, 2, Buffer.alloc(4), 0);
    cache.get(1);
    cache.set(3, 3, Buffer.alloc(4), 0);
    expect(cache.get(2)).toBeUndefined();
    expect(cache.get(1)).toBeDefined();
    cache.set(4, 4, Buffer.alloc(11), 0);
    expect(cache.get(4)).toBeUndefined();
    expect(cache.size).toBe(2);
  });
});
