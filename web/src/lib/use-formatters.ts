import { formatBytes } from '@cairn/shared/format/bytes';
import { formatDate, formatRelativeTime, type DateInput, type FormatDateOptions } from '@cairn/shared/format/dates';
import { formatMinorUnits, formatMoney } from '@cairn/shared/format/money';
import { formatCompactNumber, formatNumber } from '@cairn/shared/format/numbers';
import { useMemo } from 'react';
import { useLocale } from './i18n/i18n-provider';

export interface Formatters {
  locale: string;
  formatNumber(n: number): string;
  formatCompactNumber(n: number): string;
  formatDate(date: DateInput, options?: Omit<FormatDateOptions, 'locale'>): string;
  formatRelativeTime(date: DateInput, now: DateInput): string;
  formatMoney(amount: number): string;
  formatMinorUnits(minorUnits: number, currency: string): string;
  formatBytes(bytes: number): string;
}

/** The shared display formatters in the language the page is shown in. */
export function useFormatters(): Formatters {
  const locale = useLocale();
  return useMemo(
    () => ({
      locale,
      formatNumber: (n) => formatNumber(n, locale),
      formatCompactNumber: (n) => formatCompactNumber(n, locale),
      formatDate: (date, options) => formatDate(date, { ...options, locale }),
      formatRelativeTime: (date, now) => formatRelativeTime(date, now, locale),
      formatMoney: (amount) => formatMoney(amount, locale),
      formatMinorUnits: (minorUnits, currency) => formatMinorUnits(minorUnits, currency, locale),
      formatBytes: (bytes) => formatBytes(bytes, locale),
    }),
    [locale],
  );
}
