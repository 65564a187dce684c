import { formatMinorUnits, formatMoney } from '@cairn/shared/format/money';

/** A billing amount in minor units: US dollars floored to cents ("$4.99"), other currencies by Intl. */
export function formatBillingAmount(minorUnits: number, currency: string, locale: string): string {
  if (currency.toUpperCase() === 'USD') return formatMoney(minorUnits / 100, locale);
  return formatMinorUnits(minorUnits, currency, locale);
}

/** Whole percent saved by paying yearly instead of twelve monthly payments (0 when it saves nothing). */
export function yearlySavingPercent(monthly: number, yearly: number): number {
  if (monthly <= 0) return 0;
  return Math.max(0, Math.floor((1 - yearly / (monthly * 12)) * 100));
}
