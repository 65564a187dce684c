import { formatMoney } from '@cairn/shared/format/money';

/** Cents as the spec's money text: floored to the cent, dollar sign, two decimals ("$1,234.50"). */
export function formatCents(cents: number): string {
  return formatMoney(cents / 100);
}

const AMOUNT = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

/** Dollars as typed ("12", "12.5", "$1,200.00") in whole cents; undefined when it is not an amount. */
export function parseDollars(text: string): number | undefined {
  const match = AMOUNT.exec(text.trim());
  if (!match) return undefined;
  const dollars = Number(match[1]!.replaceAll(',', ''));
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  const total = dollars * 100 + cents;
  return Number.isSafeInteger(total) ? total : undefined;
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
