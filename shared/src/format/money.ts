import { numberFormat } from './intl-cache.js';

/**
 * Money display in US dollars, in the locale's currency style ("$1,234.50" in en-US,
 * "1.234,50 $" in de-DE). Amounts are floored to whole cents so a balance is never shown larger
 * than what can actually be withdrawn: $1.999 reads "$1.99". For negative amounts the magnitude
 * is floored (truncation toward zero), so a debt is not overstated either: -1.999 → "-$1.99".
 */
export function formatMoney(amount: number, locale = 'en-US'): string {
  const formatter = numberFormat(locale, { style: 'currency', currency: 'USD' });
  if (!Number.isFinite(amount)) return formatter.format(0);
  const scaled = Math.abs(amount) * 100;
  // amount*100 can land a hair below the intended integer (1.15*100 = 114.99999999999999);
  // nudging by a few ulps keeps exact cent values exact without rounding up real fractions.
  const cents = Math.floor(scaled + scaled * Number.EPSILON * 8);
  return formatter.format((amount < 0 && cents > 0 ? -cents : cents) / 100);
}

/**
 * Price held in the currency's minor unit (cents for USD, whole yen for JPY), as product
 * prices are stored: formatMinorUnits(499, 'USD') → "$4.99", in de-DE "4,99 $".
 */
export function formatMinorUnits(minorUnits: number, currency: string, locale = 'en-US'): string {
  const formatter = numberFormat(locale, { style: 'currency', currency: currency.toUpperCase() });
  const digits = formatter.resolvedOptions().maximumFractionDigits ?? 2;
  return formatter.format(minorUnits / 10 ** digits);
}
