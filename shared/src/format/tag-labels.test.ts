import { describe, expect, it } from 'vitest';
import { categoryLabel, loaderLabel } from './tag-labels.js';

describe('tag labels', () => {
  it('name loaders as the loader table does, and unknown ones in title case', () => {
    expect(loaderLabel('neoforge')).toBe('NeoForge');
    expect(loaderLabel('minecraft')).toBe('Resource Pack');
    expect(loaderLabel('legacy-fabric')).toBe('Legacy Fabric');
  });

  it('name categories as the category table does, and unknown ones in title case', () => {
    expect(categoryLabel('game-mechanics')).toBe('Game Mechanics');
    expect(categoryLabel('8x-')).toBe('8x or lower');
    expect(categoryLabel('gui')).toBe('GUI');
    expect(categoryLabel('space_travel')).toBe('Space Travel');
  });
});
