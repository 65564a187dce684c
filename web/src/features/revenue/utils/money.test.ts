import { describe, expect, it } from 'vitest';
import { amountProblem, formatCents } from './money';

describe('revenue money', () => {
  it('writes cents as dollars with two decimals and thousands separators', () => {
    expect(formatCents(0, 'en-US')).toBe('$0.00');
    expect(formatCents(5, 'en-US')).toBe('$0.05');
    expect(formatCents(115, 'en-US')).toBe('$1.15');
    expect(formatCents(123_456_789, 'en-US')).toBe('$1,234,567.89');
    expect(formatCents(-199, 'en-US')).toBe('-$1.99');
  });

  it('writes cents in the German currency style', () => {
    expect(formatCents(5, 'de-DE')).toBe('0,05\u00a0$');
    expect(formatCents(123_456_789, 'de-DE')).toBe('1.234.567,89\u00a0$');
  });

  it('names the first problem of an amount', () => {
    const limits = { min: 500, max: 10_000, available: 8000 };
    expect(amountProblem(undefined, limits)).toBe('invalid');
    expect(amountProblem(0, limits)).toBe('invalid');
    expect(amountProblem(499, limits)).toBe('belowMinimum');
    expect(amountProblem(8001, limits)).toBe('aboveAvailable');
    expect(amountProblem(10_001, { ...limits, available: 20_000 })).toBe('aboveMaximum');
    expect(amountProblem(500, limits)).toBeUndefined();
    expect(amountProblem(8000, limits)).toBeUndefined();
  });
});
