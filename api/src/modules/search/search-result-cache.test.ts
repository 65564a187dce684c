import { describe, expect, it } from 'vitest';
import { createSearchResultCache } from './search-result-cache.js';

const later = (value: string, ms: number) => () => new Promise<string>((resolve) => setTimeout(() => resolve(value), ms));

describe('search answer cache', () => {
  it('shares one computation between concurrent identical searches', async () => {
    const cache = createSearchResultCache(1000);
    let runs = 0;
    const compute = () => {
      runs += 1;
      return later('answer', 10)();
    };
    expect(await Promise.all([cache.get('q', compute), cache.get('q', compute)])).toEqual(['answer', 'answer']);
    expect(runs).toBe(1);
  });

  it('still answers a search whose entry was pushed out of a full cache while it ran', async () => {
    const cache = createSearchResultCache(1000, 100);
    const slow = cache.get('slow', later('slow answer', 30));
    // Other searches fill the cache meanwhile, evicting the one in flight.
    for (let i = 0; i < 10; i += 1) await cache.get(`fast ${i}`, later('x'.repeat(60), 1));
    await expect(slow).resolves.toBe('slow answer');
  });

  it('does not keep failures', async () => {
    const cache = createSearchResultCache(1000);
    await expect(cache.get('q', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('q', later('back', 1))).toBe('back');
  });
});
