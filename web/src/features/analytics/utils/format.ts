import { dateTimeFormat, numberFormat } from '@cairn/shared/format/intl-cache';
import { formatMoney } from '@cairn/shared/format/money';
import { formatNumber } from '@cairn/shared/format/numbers';
import type { TimeMetric } from '../api/analytics-queries';

const DAY_SECONDS = 24 * 60 * 60;

/** Short display of a metric's value (spec §9): compact counts, revenue cents as dollars. */
export function formatMetric(metric: TimeMetric, value: number, locale: string): string {
  return metric === 'revenue' ? formatMoney(value / 100, locale) : formatNumber(value, locale);
}

/** Full display of a metric's value (tables, tooltips): every digit of a count. */
export function formatMetricExact(metric: TimeMetric, value: number, locale: string): string {
  return metric === 'revenue' ? formatMoney(value / 100, locale) : numberFormat(locale).format(value);
}

/** A bucket's start in UTC, with the time when buckets are shorter than a day. */
export function formatBucket(unixSeconds: number, resolutionMinutes: number, locale: string): string {
  const withTime = resolutionMinutes < 24 * 60;
  return dateTimeFormat(locale, { dateStyle: 'medium', ...(withTime ? { timeStyle: 'short' } : {}), timeZone: 'UTC' }).format(new Date(unixSeconds * 1000));
}

/** A time-axis label in UTC, as fine as the axis' step: the time of day, the day, or the month. */
export function formatAxisTime(unixSeconds: number, stepSeconds: number, locale: string): string {
  const options: Intl.DateTimeFormatOptions =
    stepSeconds < DAY_SECONDS ? { timeStyle: 'short' } : stepSeconds < 28 * DAY_SECONDS ? { month: 'short', day: 'numeric' } : { month: 'short', year: 'numeric' };
  return dateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(new Date(unixSeconds * 1000));
}

/** A country's name in `locale` (ISO 3166 alpha-2 code), or undefined for an unknown code. */
export function countryName(code: string, locale: string): string | undefined {
  if (!/^[A-Z]{2}$/i.test(code)) return undefined;
  try {
    const name = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' }).of(code.toUpperCase());
    return name && name !== code.toUpperCase() ? name : undefined;
  } catch {
    return undefined;
  }
}
