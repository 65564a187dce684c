import type { BillingInterval, PriceAmounts } from '@cairn/shared/schemas/billing';

/** Billing's clock: injected so tests (and the renewal job) can move time. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

const DAY_MS = 86_400_000;
export const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

/** One billing period later; month ends clamp (31 Jan + 1 month = 28/29 Feb). */
export function addInterval(date: Date, interval: BillingInterval): Date {
  const next = new Date(date.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + (interval === 'yearly' ? 12 : 1));
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

export function intervalAmount(prices: PriceAmounts, interval: BillingInterval): number | undefined {
  return prices.type === 'recurring' ? prices.intervals[interval] : prices.price;
}

/**
 * What switching a subscription (plan or interval) costs now: the new period's price less the
 * unused part of the current one, rounded to the minor unit. Zero or less means the change waits
 * for the next renewal (a downgrade is never refunded).
 */
export function prorate(input: { oldAmount: number; newAmount: number; periodStart: Date; periodEnd: Date; now: Date }): number {
  const total = input.periodEnd.getTime() - input.periodStart.getTime();
  const left = Math.min(Math.max(input.periodEnd.getTime() - input.now.getTime(), 0), total);
  const credit = total > 0 ? Math.floor((input.oldAmount * left) / total) : 0;
  return Math.max(input.newAmount - credit, 0);
}

/** Automatic retries of a failed renewal: days after each failure; then the subscription ends. */
export const RETRY_DELAYS_DAYS = [1, 3, 7] as const;
export const MAX_RENEWAL_ATTEMPTS = RETRY_DELAYS_DAYS.length + 1;

/** Start of the period that ends at `end`. */
export function periodStartFor(end: Date, interval: BillingInterval): Date {
  const start = new Date(end.getTime());
  start.setUTCMonth(start.getUTCMonth() - (interval === 'yearly' ? 12 : 1));
  return start;
}
