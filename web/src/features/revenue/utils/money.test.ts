import { describe, expect, it } from 'vitest';
import { amountProblem, formatCents, parseDollars } from './money';

describe('revenue money', () => {
  it('writes cents as dollars with two decimals and thousands separators', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(115)).toBe('$1.15');
    expect(formatCents(123_456_789)).toBe('$1,234,567.89');
    expect(formatCents(-199)).toBe('-$1.99');
  });

  it('reads typed dollars into whole cents and refuses anything else', () => {
    expect(parseDollars('12')).toBe(1200);
    expect(parseDollars(' 12.5 ')).toBe(1250);
    expect(parseDollars('$1,200.05')).toBe(120_005);
    expect(parseDollars('0.07')).toBe(7);
    for (const text of ['', 'ten', '1.234', '-5', '1,2', '12.', '1e3']) expect(parseDollars(text)).toBeUndefined();
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
