import { numberFormat } from './intl-cache.js';

const UNITS = ['KiB', 'MiB', 'GiB'] as const;

/**
 * File sizes in binary units with two decimals: 512 → "512 Bytes", 1536 → "1.50 KiB",
 * 3.25 × 2³⁰ → "3.25 GiB" ("1,50 KiB" in de-DE). A value that would round to 1024.00 of one unit
 * is shown in the next one ("1.00 MiB"), and GiB is the largest unit.
 */
export function formatBytes(bytes: number, locale = 'en-US'): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '0 Bytes';
  if (bytes < 1024) {
    const whole = Math.trunc(bytes);
    return `${numberFormat(locale, { useGrouping: false }).format(whole)} ${whole === 1 ? 'Byte' : 'Bytes'}`;
  }
  let value = bytes / 1024;
  let unit = 0;
  while (unit < UNITS.length - 1 && Number(value.toFixed(2)) >= 1024) {
    value /= 1024;
    unit++;
  }
  const decimals = numberFormat(locale, { useGrouping: false, minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${decimals.format(value)} ${UNITS[unit]}`;
}
