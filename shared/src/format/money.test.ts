import { describe, it, expect } from 'vitest';
import { formatMinorUnits, formatMoney } from './money.js';

describe('formatMoney', () => {
  it('shows dollars with two decimals and thousands separators', () => {
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(4.5)).toBe('$4.50');
    expect(formatMoney(1234.56)).toBe('$1,234.56');
    expect(formatMoney(1_234_567.8)).toBe('$1,234,567.80');
  });

  it('floors to whole cents', () => {
    expect(formatMoney(1.999)).toBe('$1.99');
    expect(formatMoney(0.009)).toBe('$0.00');
    expect(formatMoney(49.99)).toBe('$49.99');
  });

  it('keeps exact cent values exact despite binary floating point', () => {
    expect(formatMoney(1.15)).toBe('$1.15');
    expect(formatMoney(0.29)).toBe('$0.29');
    expect(formatMoney(4.35)).toBe('$4.35');
    expect(formatMoney(1.005)).toBe('$1.00');
  });

  it('floors the magnitude of negative amounts', () => {
    expect(formatMoney(-1.999)).toBe('-$1.99');
    expect(formatMoney(-1234.5)).toBe('-$1,234.50');
    expect(formatMoney(-0.001)).toBe('$0.00');
  });

  it('shows junk as zero', () => {
    expect(formatMoney(Number.NaN)).toBe('$0.00');
  });
});

describe('formatMinorUnits', () => {
  it('divides by the currency minor unit', () => {
    expect(formatMinorUnits(499, 'USD')).toBe('$4.99');
    expect(formatMinorUnits(4999, 'usd')).toBe('$49.99');
    expect(formatMinorUnits(600, 'USD')).toBe('$6.00');
    expect(formatMinorUnits(123456, 'USD')).toBe('$1,234.56');
    expect(formatMinorUnits(499, 'EUR')).toBe('€4.99');
    expect(formatMinorUnits(500, 'JPY')).toBe('¥500');
  });
});

// Intl separates an amount from its currency sign with a no-break space.
const NBSP = '\u00a0';

describe('money in German', () => {
  it('floors to the cent in the German currency style', () => {
    expect(formatMoney(0, 'de-DE')).toBe(`0,00${NBSP}$`);
    expect(formatMoney(1234.5, 'de-DE')).toBe(`1.234,50${NBSP}$`);
    expect(formatMoney(1.999, 'de-DE')).toBe(`1,99${NBSP}$`);
    expect(formatMoney(1.15, 'de-DE')).toBe(`1,15${NBSP}$`);
    expect(formatMoney(-1.999, 'de-DE')).toBe(`-1,99${NBSP}$`);
    expect(formatMoney(-0.001, 'de-DE')).toBe(`0,00${NBSP}$`);
    expect(formatMoney(Number.NaN, 'de-DE')).toBe(`0,00${NBSP}$`);
  });

  it('formats minor units in the German currency style', () => {
    expect(formatMinorUnits(123456, 'USD', 'de-DE')).toBe(`1.234,56${NBSP}$`);
    expect(formatMinorUnits(499, 'EUR', 'de-DE')).toBe(`4,99${NBSP}€`);
    expect(formatMinorUnits(500, 'JPY', 'de-DE')).toBe(`500${NBSP}¥`);
  });
});
