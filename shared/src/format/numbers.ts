import { numberFormat } from './intl-cache.js';

/**
 * Number display (spec §9). Both helpers truncate toward zero instead of rounding, so a
 * value is never shown larger than it is and never jumps a unit early: 999,999 reads
 * "999.9k", not "1000.0k", and 9,999,999 reads "9.99M", not "10.00M". en-US keeps the
 * spec's exact forms; other locales get their own digits, separators and short units.
 */

const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;

function withCommas(integer: number): string {
  return String(integer).replace(THOUSANDS, ',');
}

function sign(n: number): string {
  return n < 0 ? '-' : '';
}

function formatZero(locale: string): string {
  return locale === 'en-US' ? '0' : numberFormat(locale, { maximumFractionDigits: 0 }).format(0);
}

/**
 * `whole` (already an integer) in the locale's short form, truncated at the last decimal shown
 * (`roundingMode: 'trunc'`), never rounded up. A locale without a short unit at this size (German has none for thousands)
 * shows every digit instead of a number rounded down to look exact.
 */
function localCompact(whole: number, locale: string, minimumFractionDigits: number, maximumFractionDigits: number): string {
  const compact = numberFormat(locale, { notation: 'compact', roundingMode: 'trunc', minimumFractionDigits, maximumFractionDigits });
  const parts = compact.formatToParts(whole);
  if (parts.some((part) => part.type === 'compact')) return parts.map((part) => part.value).join('');
  return numberFormat(locale, { maximumFractionDigits: 0 }).format(whole);
}

/**
 * Download / follower counts: ≥ 1,000,000 → "1.23M"; ≥ 10,000 → "12.3k"; otherwise the whole
 * number with comma separators ("1,234"). Fractions are dropped; non-finite input shows "0".
 * Other locales: "1,23 Mio.", "12.345", "1.234" in de-DE.
 */
export function formatNumber(n: number, locale = 'en-US'): string {
  if (!Number.isFinite(n)) return formatZero(locale);
  const abs = Math.trunc(Math.abs(n));
  if (abs === 0) return formatZero(locale);
  if (locale !== 'en-US') {
    const whole = Math.trunc(n);
    if (abs >= 1_000_000) return localCompact(whole, locale, 2, 2);
    if (abs >= 10_000) return localCompact(whole, locale, 1, 1);
    return numberFormat(locale, { maximumFractionDigits: 0 }).format(whole);
  }
  if (abs >= 1_000_000) {
    const hundredths = Math.trunc(abs / 10_000); // integer arithmetic: no float artefacts
    return `${sign(n)}${withCommas(Math.trunc(hundredths / 100))}.${String(hundredths % 100).padStart(2, '0')}M`;
  }
  if (abs >= 10_000) {
    const tenths = Math.trunc(abs / 100);
    return `${sign(n)}${Math.trunc(tenths / 10)}.${tenths % 10}k`;
  }
  return `${sign(n)}${withCommas(abs)}`;
}

const COMPACT_UNITS = [
  { value: 1e12, suffix: 'T' },
  { value: 1e9, suffix: 'G' },
  { value: 1e6, suffix: 'M' },
  { value: 1e3, suffix: 'K' },
] as const;

/**
 * Short form with at most one decimal, a trailing ".0" dropped: 950 → "950", 1,500 → "1.5K",
 * 2,000,000 → "2M", 3.25e9 → "3.2G", 1e12 → "1T". Truncates like `formatNumber`.
 * Other locales: "1.500", "2 Mio.", "3,2 Mrd." in de-DE.
 */
export function formatCompactNumber(n: number, locale = 'en-US'): string {
  if (!Number.isFinite(n)) return formatZero(locale);
  const abs = Math.trunc(Math.abs(n));
  if (abs === 0) return formatZero(locale);
  if (locale !== 'en-US') return localCompact(Math.trunc(n), locale, 0, 1);
  const unit = COMPACT_UNITS.find((u) => abs >= u.value);
  if (!unit) return `${sign(n)}${abs}`;
  const tenths = Math.trunc(abs / (unit.value / 10));
  const whole = Math.trunc(tenths / 10);
  const decimal = tenths % 10;
  return `${sign(n)}${withCommas(whole)}${decimal ? `.${decimal}` : ''}${unit.suffix}`;
}
