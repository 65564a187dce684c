import { describe, expect, it } from 'vitest';
import { RANGE_IDS, RANGE_RESOLUTION, rangeWindow } from './ranges';

// Wednesday 2026-05-13 15:20 UTC.
const now = new Date('2026-05-13T15:20:00Z');
const iso = (range: Parameters<typeof rangeWindow>[0], since?: Date) => {
  const w = rangeWindow(range, now, since);
  return [w.start.toISOString(), w.end.toISOString(), w.resolutionMinutes];
};

describe('analytics ranges', () => {
  it('lists the nineteen ranges, each with a whole-hour bucket size', () => {
    expect(RANGE_IDS).toHaveLength(19);
    for (const id of RANGE_IDS) expect(RANGE_RESOLUTION[id] % 60).toBe(0);
  });

  it('maps each range to its window and bucket size, starting on a whole bucket', () => {
    expect(iso('previous30Minutes')).toEqual(['2026-05-13T14:00:00.000Z', '2026-05-13T15:20:00.000Z', 60]);
    expect(iso('previous24Hours')).toEqual(['2026-05-12T15:00:00.000Z', '2026-05-13T15:20:00.000Z', 60]);
    expect(iso('today')).toEqual(['2026-05-13T00:00:00.000Z', '2026-05-13T15:20:00.000Z', 60]);
    expect(iso('yesterday')).toEqual(['2026-05-12T00:00:00.000Z', '2026-05-13T00:00:00.000Z', 60]);
    expect(iso('thisWeek')).toEqual(['2026-05-11T00:00:00.000Z', '2026-05-13T15:20:00.000Z', 360]);
    expect(iso('lastWeek')).toEqual(['2026-05-04T00:00:00.000Z', '2026-05-11T00:00:00.000Z', 360]);
    expect(iso('previous7Days')).toEqual(['2026-05-06T12:00:00.000Z', '2026-05-13T15:20:00.000Z', 360]);
    expect(iso('thisMonth')).toEqual(['2026-05-01T00:00:00.000Z', '2026-05-13T15:20:00.000Z', 1440]);
    expect(iso('lastMonth')).toEqual(['2026-04-01T00:00:00.000Z', '2026-05-01T00:00:00.000Z', 1440]);
    expect(iso('previous30Days')).toEqual(['2026-04-13T00:00:00.000Z', '2026-05-13T15:20:00.000Z', 1440]);
    expect(iso('thisQuarter')).toEqual(['2026-04-01T00:00:00.000Z', '2026-05-13T15:20:00.000Z', 1440]);
    expect(iso('lastQuarter')).toEqual(['2026-01-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z', 1440]);
    expect(iso('thisYear')).toEqual(['2026-01-01T00:00:00.000Z', '2026-05-13T15:20:00.000Z', 10080]);
    expect(iso('lastYear')).toEqual(['2025-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', 10080]);
    expect(iso('previousTwoYears')[2]).toBe(10080);
    expect(iso('allTime', new Date('2024-02-03T00:00:00Z'))).toEqual(['2024-02-03T00:00:00.000Z', '2026-05-13T15:20:00.000Z', 43200]);
  });

  it('takes last quarter across a year boundary and a Sunday into the week that started on Monday', () => {
    const february = new Date('2026-02-10T00:00:00Z');
    expect(rangeWindow('lastQuarter', february).start.toISOString()).toBe('2025-10-01T00:00:00.000Z');
    const sunday = new Date('2026-05-17T12:00:00Z');
    expect(rangeWindow('thisWeek', sunday).start.toISOString()).toBe('2026-05-11T00:00:00.000Z');
  });
});
