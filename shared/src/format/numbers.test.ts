import { describe, it, expect } from 'vitest';
import { formatCompactNumber, formatNumber } from './numbers.js';

describe('formatNumber', () => {
  it('uses comma thousands below 10,000', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(7)).toBe('7');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(1234)).toBe('1,234');
    expect(formatNumber(9999)).toBe('9,999');
  });

  it('uses one-decimal thousands from 10,000', () => {
    expect(formatNumber(10000)).toBe('10.0k');
    expect(formatNumber(12345)).toBe('12.3k');
    expect(formatNumber(12399)).toBe('12.3k');
    expect(formatNumber(999999)).toBe('999.9k');
  });

  it('uses two-decimal millions from 1,000,000', () => {
    expect(formatNumber(1e6)).toBe('1.00M');
    expect(formatNumber(1234567)).toBe('1.23M');
    expect(formatNumber(1239999)).toBe('1.23M');
    expect(formatNumber(9999999)).toBe('9.99M');
    expect(formatNumber(1_234_567_890)).toBe('1,234.56M');
  });

  it('truncates fractions and handles negatives and junk', () => {
    expect(formatNumber(1234.9)).toBe('1,234');
    expect(formatNumber(-12345)).toBe('-12.3k');
    expect(formatNumber(-0.5)).toBe('0');
    expect(formatNumber(Number.NaN)).toBe('0');
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('0');
  });
});

describe('formatCompactNumber', () => {
  it('keeps small numbers whole', () => {
    expect(formatCompactNumber(0)).toBe('0');
    expect(formatCompactNumber(950)).toBe('950');
    expect(formatCompactNumber(999.9)).toBe('999');
  });

  it('uses K, M, G and T with at most one truncated decimal', () => {
    expect(formatCompactNumber(1000)).toBe('1K');
    expect(formatCompactNumber(1500)).toBe('1.5K');
    expect(formatCompactNumber(999_999)).toBe('999.9K');
    expect(formatCompactNumber(2_000_000)).toBe('2M');
    expect(formatCompactNumber(3_250_000_000)).toBe('3.2G');
    expect(formatCompactNumber(1e12)).toBe('1T');
    expect(formatCompactNumber(4_560e12)).toBe('4,560T');
  });

  it('keeps the sign', () => {
    expect(formatCompactNumber(-1500)).toBe('-1.5K');
  });
});

// Intl separates a number from its unit with a no-break space.
const NBSP = '\u00a0';

describe('formatNumber in German', () => {
  it('groups whole numbers with dots and keeps every digit where German has no short unit', () => {
    expect(formatNumber(0, 'de-DE')).toBe('0');
    expect(formatNumber(1234, 'de-DE')).toBe('1.234');
    expect(formatNumber(1234.9, 'de-DE')).toBe('1.234');
    expect(formatNumber(12345, 'de-DE')).toBe('12.345');
    expect(formatNumber(-12345, 'de-DE')).toBe('-12.345');
    expect(formatNumber(Number.NaN, 'de-DE')).toBe('0');
  });

  it('shortens millions and billions with two truncated decimals', () => {
    expect(formatNumber(1e6, 'de-DE')).toBe(`1,00${NBSP}Mio.`);
    expect(formatNumber(1234567, 'de-DE')).toBe(`1,23${NBSP}Mio.`);
    expect(formatNumber(9999999, 'de-DE')).toBe(`9,99${NBSP}Mio.`);
    expect(formatNumber(1_239_999_999, 'de-DE')).toBe(`1,23${NBSP}Mrd.`);
  });
});

describe('formatCompactNumber in German', () => {
  it('uses the German short units with at most one truncated decimal', () => {
    expect(formatCompactNumber(950, 'de-DE')).toBe('950');
    expect(formatCompactNumber(1500, 'de-DE')).toBe('1.500');
    expect(formatCompactNumber(2_000_000, 'de-DE')).toBe(`2${NBSP}Mio.`);
    expect(formatCompactNumber(2_990_000, 'de-DE')).toBe(`2,9${NBSP}Mio.`);
    expect(formatCompactNumber(3_250_000_000, 'de-DE')).toBe(`3,2${NBSP}Mrd.`);
    expect(formatCompactNumber(-2_000_000, 'de-DE')).toBe(`-2${NBSP}Mio.`);
  });
});
