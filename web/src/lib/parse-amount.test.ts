import { describe, expect, it } from 'vitest';
import { parseAmount } from './parse-amount';

describe('parseAmount', () => {
  it('reads English amounts into minor units', () => {
    expect(parseAmount('12', 'en-US', 2)).toBe(1200);
    expect(parseAmount(' 12.5 ', 'en-US', 2)).toBe(1250);
    expect(parseAmount('$1,200.05', 'en-US', 2)).toBe(120_005);
    expect(parseAmount('1,234,567', 'en-US', 2)).toBe(123_456_700);
    expect(parseAmount('0.07', 'en-US', 2)).toBe(7);
    expect(parseAmount('12.50 $', 'en-US', 2)).toBe(1250);
  });

  it('refuses what is not an amount', () => {
    for (const text of ['', 'ten', '1.234', '-5', '1,2', '12.', '1e3', '$', '$12$', '12,50', '1,23,456', '12 50']) expect(parseAmount(text, 'en-US', 2)).toBeUndefined();
    for (const text of ['', '12,505', '1.23.4', '1,234', '12,', '1.234,5.0', '$12,50$', '12..5']) expect(parseAmount(text, 'de-DE', 2)).toBeUndefined();
  });

  it('reads German amounts, with a decimal comma and dots between thousands', () => {
    expect(parseAmount('12,50', 'de-DE', 2)).toBe(1250);
    expect(parseAmount('12,5', 'de-DE', 2)).toBe(1250);
    expect(parseAmount('1.234', 'de-DE', 2)).toBe(123_400);
    expect(parseAmount('1.234.567,89', 'de-DE', 2)).toBe(123_456_789);
    expect(parseAmount('12,50 $', 'de-DE', 2)).toBe(1250);
    expect(parseAmount('12,50\u00a0€', 'de-DE', 2)).toBe(1250);
    expect(parseAmount('$ 0,07', 'de-DE', 2)).toBe(7);
  });

  it('also reads unambiguous English amounts in German', () => {
    expect(parseAmount('12.50', 'de-DE', 2)).toBe(1250);
    expect(parseAmount('1,200.05', 'de-DE', 2)).toBe(120_005);
    expect(parseAmount('$0.07', 'de-DE', 2)).toBe(7);
  });

  it('accepts a typed space where the locale groups with a no-break space', () => {
    expect(parseAmount('1 234,56', 'fr-FR', 2)).toBe(123_456);
    expect(parseAmount('1\u202f234,56 €', 'fr-FR', 2)).toBe(123_456);
  });

  it('takes no decimals for a currency without minor units', () => {
    expect(parseAmount('500', 'en-US', 0)).toBe(500);
    expect(parseAmount('¥1,200', 'en-US', 0)).toBe(1200);
    expect(parseAmount('1.200 ¥', 'de-DE', 0)).toBe(1200);
    expect(parseAmount('12.50', 'de-DE', 0)).toBeUndefined();
    expect(parseAmount('500.5', 'en-US', 0)).toBeUndefined();
    expect(parseAmount('500,5', 'de-DE', 0)).toBeUndefined();
  });

  it('refuses amounts too large to count exactly', () => {
    expect(parseAmount('999999999999999999', 'en-US', 2)).toBeUndefined();
  });
});
