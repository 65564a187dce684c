import { describe, expect, it } from 'vitest';
import { detectCardBrand, formatCardNumber, isExpired, parseExpiry, passesLuhn } from './card';
import { formatBillingAmount, yearlySavingPercent } from './money';

describe('card checks', () => {
  it('accepts the test cards and rejects a mistyped digit by the Luhn checksum', () => {
    for (const number of ['4242424242424242', '5555555555554444', '378282246310005', '6011111111111117', '3056930009020004', '3566002020360505', '6200000000000005'])
      expect(passesLuhn(number)).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('42424242x4242424')).toBe(false);
  });

  it('tells the brand from the leading digits', () => {
    expect(detectCardBrand('4242 4242')).toBe('visa');
    expect(detectCardBrand('5555555555554444')).toBe('mastercard');
    expect(detectCardBrand('2223003122003222')).toBe('mastercard');
    expect(detectCardBrand('378282246310005')).toBe('amex');
    expect(detectCardBrand('6011111111111117')).toBe('discover');
    expect(detectCardBrand('3056930009020004')).toBe('diners');
    expect(detectCardBrand('3566002020360505')).toBe('jcb');
    expect(detectCardBrand('6200000000000005')).toBe('unionpay');
    expect(detectCardBrand('6280000360000002')).toBe('eftpos');
    expect(detectCardBrand('9999')).toBe('unknown');
  });

  it('reads MM/YY and MM/YYYY expiry dates and knows when a card has expired', () => {
    expect(parseExpiry('04/30')).toEqual({ month: 4, year: 2030 });
    expect(parseExpiry(' 12 / 2031 ')).toEqual({ month: 12, year: 2031 });
    expect(parseExpiry('13/30')).toBeUndefined();
    expect(parseExpiry('0430')).toBeUndefined();
    const now = new Date(2026, 10, 26);
    expect(isExpired({ month: 11, year: 2026 }, now)).toBe(false);
    expect(isExpired({ month: 10, year: 2026 }, now)).toBe(true);
  });

  it('groups the digits as typed, Amex as 4-6-5', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
  });
});

describe('billing amounts', () => {
  it('floors US dollars to cents with a dollar sign and formats other currencies by Intl', () => {
    expect(formatBillingAmount(499, 'USD', 'en-US')).toBe('$4.99');
    expect(formatBillingAmount(-499, 'USD', 'en-US')).toBe('-$4.99');
    expect(formatBillingAmount(123456, 'USD', 'en-US')).toBe('$1,234.56');
    expect(formatBillingAmount(500, 'JPY', 'en-US')).toBe('¥500');
    expect(formatBillingAmount(499, 'EUR', 'en-US')).toBe('€4.99');
  });

  it("writes amounts in the reader's locale", () => {
    expect(formatBillingAmount(123456, 'USD', 'de-DE')).toBe('1.234,56\u00a0$');
    expect(formatBillingAmount(-499, 'USD', 'de-DE')).toBe('-4,99\u00a0$');
    expect(formatBillingAmount(499, 'EUR', 'de-DE')).toBe('4,99\u00a0€');
    expect(formatBillingAmount(500, 'JPY', 'de-DE')).toBe('500\u00a0¥');
  });

  it('shows how much yearly billing saves', () => {
    expect(yearlySavingPercent(499, 4999)).toBe(16);
    expect(yearlySavingPercent(600, 7200)).toBe(0);
  });
});
