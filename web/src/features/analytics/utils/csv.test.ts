import { describe, expect, it } from 'vitest';
import { analyticsCsv, centsAsDecimal } from './csv';
import { alignSeries, countryTotals } from './series';

const window = { start: new Date('2026-05-01T00:00:00Z'), end: new Date('2026-05-04T00:00:00Z'), resolutionMinutes: 1440 };
const day = (d: number) => String(Date.UTC(2026, 4, d) / 1000);
const projects = [
  { id: 'A', title: 'Beacon' },
  { id: 'B', title: 'Anvil, "the" forge' },
  { id: 'C', title: 'Hidden' },
];

describe('analytics data', () => {
  it('puts points into the window buckets and leaves out projects the API omitted', () => {
    const aligned = alignSeries(window, projects, { A: { [day(1)]: 5, [day(3)]: 2, [day(9)]: 100 }, B: { [String(Number(day(2)) + 3600)]: 7 } });
    expect(aligned.timestamps).toEqual([Number(day(1)), Number(day(2)), Number(day(3))]);
    expect(aligned.series.map((s) => [s.project.id, s.values, s.total])).toEqual([
      ['A', [5, 0, 2], 7],
      ['B', [0, 7, 0], 7],
    ]);
  });

  it('writes one CSV row per bucket and one column per project, quoting where needed', () => {
    const aligned = alignSeries(window, projects, { A: { [day(1)]: 5, [day(3)]: 2 }, B: { [day(2)]: 7 } });
    expect(analyticsCsv(aligned)).toBe(
      ['time,Beacon,"Anvil, ""the"" forge"', '2026-05-01T00:00:00.000Z,5,0', '2026-05-02T00:00:00.000Z,0,7', '2026-05-03T00:00:00.000Z,2,0', ''].join('\r\n'),
    );
    expect(analyticsCsv(alignSeries(window, projects.slice(0, 1), { A: { [day(1)]: 1999 } }), centsAsDecimal).split('\r\n')[1]).toBe('2026-05-01T00:00:00.000Z,19.99');
  });

  it('adds up countries over the visible projects, largest first', () => {
    const data = { A: { US: 3, DE: 5 }, B: { US: 4, FR: 0 } };
    expect(countryTotals(data)).toEqual([
      { code: 'US', value: 7 },
      { code: 'DE', value: 5 },
    ]);
    expect(countryTotals(data, (id) => id !== 'A')).toEqual([{ code: 'US', value: 4 }]);
  });
});
