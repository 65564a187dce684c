import { describe, expect, it } from 'vitest';
import { breakdownTotals } from './series';
import { MAX_NAMED_SOURCES, sourceSlices } from './sources';

describe('breakdownTotals', () => {
  it('adds the visible projects up per value, largest first, dropping zeros', () => {
    const data = { A: { website: 5, CairnApp: 7, unknown: 0 }, B: { website: 4, packsync: 1 }, C: { CairnApp: 100 } };
    expect(breakdownTotals(data, (id) => id !== 'C')).toEqual([
      { key: 'website', value: 9 },
      { key: 'CairnApp', value: 7 },
      { key: 'packsync', value: 1 },
    ]);
  });
});

describe('sourceSlices', () => {
  it('colours the first named sources, keeps unknown grey and gathers the rest', () => {
    const rows = ['a', 'unknown', 'b', 'c', 'd', 'e', 'f', 'g'].map((key, i) => ({ key, value: 100 - i }));
    const { slices, colorOf } = sourceSlices(rows);
    expect(slices.map((s) => [s.key, s.value, s.sources])).toEqual([
      ['a', 100, 1],
      ['unknown', 99, 1],
      ['b', 98, 1],
      ['c', 97, 1],
      ['d', 96, 1],
      ['e', 95, 1],
      [undefined, 94 + 93, 2],
    ]);
    expect(MAX_NAMED_SOURCES).toBe(5);
    expect(colorOf('unknown')).toBe('var(--color-text-muted)');
    expect(new Set(['a', 'b', 'c', 'd', 'e'].map(colorOf)).size).toBe(5);
    expect(colorOf('f')).toBe(colorOf('g'));
    expect(colorOf('f')).toBe(slices.at(-1)!.color);
  });

  it('has no "other" slice when every source has a colour', () => {
    expect(sourceSlices([{ key: 'website', value: 3 }]).slices).toEqual([{ key: 'website', value: 3, color: 'var(--color-brand)', sources: 1 }]);
    expect(sourceSlices([]).slices).toEqual([]);
  });
});
