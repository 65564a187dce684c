import { formatMoney } from '@cairn/shared/format/money';

/** Cents as the spec's money text: floored to the cent, two decimals ("$1,234.50", "1.234,50 $" in de-DE). */
export function formatCents(cents: number, locale: string): string {
  return formatMoney(cents / 100, locale);
}

export type AmountProblem = 'invalid' | 'belowMinimum' | 'aboveMaximum' | 'aboveAvailable';

/** Why an amount cannot be withdrawn by a method, checked in the order a person fixes them. */
export function amountProblem(cents: number | undefined, limits: { min: number; max: number; available: number }): AmountProblem | undefined {
  if (cents === undefined || cents <= 0) return 'invalid';
  if (cents < limits.min) return 'belowMinimum';
  if (cents > limits.available) return 'aboveAvailable';
  if (cents > limits.max) return 'aboveMaximum';
  return undefined;
}
