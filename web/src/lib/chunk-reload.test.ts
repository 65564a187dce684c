import { describe, expect, it } from 'vitest';
import { isNewBuild } from './build-watch';
import { claimChunkReload, isChunkLoadError } from './chunk-reload';

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (key: string) => map.get(key) ?? null, setItem: (key: string, value: string) => void map.set(key, value) };
}

describe('chunk load failures', () => {
  it('recognises the browsers’ dynamic import errors', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('reloads at most once per path per 10 seconds', () => {
    const storage = memoryStorage();
    expect(claimChunkReload('/mods', 1_000, storage)).toBe(true);
    expect(claimChunkReload('/mods', 5_000, storage)).toBe(false);
    expect(claimChunkReload('/plugins', 5_000, storage)).toBe(true);
    expect(claimChunkReload('/mods', 10_999, storage)).toBe(false);
    expect(claimChunkReload('/mods', 11_000, storage)).toBe(true);
  });
});

describe('new build detection', () => {
  it('reloads only for a known, different build', () => {
    expect(isNewBuild('abc', 'def')).toBe(true);
    expect(isNewBuild('abc', 'abc')).toBe(false);
    expect(isNewBuild('abc', undefined)).toBe(false);
    expect(isNewBuild('dev', 'def')).toBe(false);
  });
});
