import { describe, it, expect } from 'vitest';
import { CATEGORIES } from '../constants/categories.js';
import { sortCategories } from './categories.js';

const tag = (header: string, name: string) => ({ header, name });

describe('sortCategories', () => {
  it('orders performance impact from potato to screenshot', () => {
    const input = ['screenshot', 'low', 'high', 'potato', 'medium'].map((n) => tag('performance impact', n));
    expect(sortCategories(input).map((t) => t.name)).toEqual(['potato', 'low', 'medium', 'high', 'screenshot']);
  });

  it('orders resolutions numerically', () => {
    const input = ['512x+', '16x', '128x', '8x-', '64x', '32x', '256x', '48x'].map((n) => tag('resolutions', n));
    expect(sortCategories(input).map((t) => t.name)).toEqual(['8x-', '16x', '32x', '48x', '64x', '128x', '256x', '512x+']);
  });

  it('orders other tags by header, then name', () => {
    const input = [
      tag('performance impact', 'low'),
      tag('features', 'shadows'),
      tag('categories', 'realistic'),
      tag('resolutions', '16x'),
      tag('features', 'bloom'),
      tag('categories', 'cartoon'),
    ];
    expect(sortCategories(input)).toEqual([
      tag('categories', 'cartoon'),
      tag('categories', 'realistic'),
      tag('features', 'bloom'),
      tag('features', 'shadows'),
      tag('resolutions', '16x'),
      tag('performance impact', 'low'),
    ]);
  });

  it('puts unknown headers and names last', () => {
    const input = [tag('zzz', 'a'), tag('aaa', 'b'), tag('performance impact', 'extreme'), tag('performance impact', 'low')];
    expect(sortCategories(input)).toEqual([
      tag('performance impact', 'low'),
      tag('performance impact', 'extreme'),
      tag('aaa', 'b'),
      tag('zzz', 'a'),
    ]);
  });

  it('returns a new array, keeps extra fields, and is stable', () => {
    const input = [
      { header: 'categories', name: 'magic', projectType: 'modpack' },
      { header: 'categories', name: 'adventure', projectType: 'mod' },
      { header: 'categories', name: 'magic', projectType: 'mod' },
    ];
    const sorted = sortCategories(input);
    expect(sorted).not.toBe(input);
    expect(input[0]?.name).toBe('magic');
    expect(sorted.map((t) => `${t.name}/${t.projectType}`)).toEqual(['adventure/mod', 'magic/modpack', 'magic/mod']);
  });

  it('sorts the real shader tags into display order', () => {
    const shader = sortCategories(CATEGORIES.filter((c) => c.projectType === 'shader'));
    expect(shader.filter((c) => c.header === 'performance impact').map((c) => c.name)).toEqual([
      'potato', 'low', 'medium', 'high', 'screenshot',
    ]);
    expect(shader[0]?.header).toBe('categories');
    expect(shader.at(-1)?.header).toBe('performance impact');
  });
});
