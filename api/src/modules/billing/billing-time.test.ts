import { describe, expect, it } from 'vitest';
import { addInterval, prorate } from './billing-time.js';

describe('billing periods', () => {
  it('adds months and years, clamping month ends', () => {
    expect(addInterval(new Date('2026-01-31T10:00:00Z'), 'monthly').toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addInterval(new Date('2026-03-15T00:00:00Z'), 'monthly').toISOString()).toBe('2026-04-15T00:00:00.000Z');
    expect(addInterval(new Date('2028-02-29T00:00:00Z'), 'yearly').toISOString()).toBe('2029-02-28T00:00:00.000Z');
  });

  it('prorates by the unused part of the current period', () => {
    const periodStart = new Date('2026-01-01T00:00:00Z');
    const periodEnd = new Date('2026-01-31T00:00:00Z');
    const now = new Date('2026-01-16T00:00:00Z');
    // Half of 499 unused (249 credit, floored): a yearly 4999 costs 4750 now.
    expect(prorate({ oldAmount: 499, newAmount: 4999, periodStart, periodEnd, now })).toBe(4750);
    // Downgrades cost nothing now.
    expect(prorate({ oldAmount: 4999, newAmount: 499, periodStart, periodEnd, now })).toBe(0);
    // After the period nothing is credited.
    expect(prorate({ oldAmount: 600, newAmount: 2400, periodStart, periodEnd, now: new Date('2026-02-05T00:00:00Z') })).toBe(2400);
  });
});
