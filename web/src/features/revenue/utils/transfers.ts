import type { PayoutCredit, PayoutHistoryItem, PayoutMethodType, Withdrawal } from '@cairn/shared/schemas/payouts';

const DAY_MS = 86_400_000;

export const withdrawalsOf = (history: readonly PayoutHistoryItem[]): Withdrawal[] => history.filter((item): item is Withdrawal => item.type === 'withdrawal');
export const creditsOf = (history: readonly PayoutHistoryItem[]): PayoutCredit[] => history.filter((item): item is PayoutCredit => item.type === 'payout_available');

const yearOf = (iso: string) => new Date(iso).getUTCFullYear();

/** The years that have transfers, newest first. */
export function transferYears(withdrawals: readonly Withdrawal[]): number[] {
  return [...new Set(withdrawals.map((w) => yearOf(w.created)))].sort((a, b) => b - a);
}

export const transferMethods = (withdrawals: readonly Withdrawal[]): PayoutMethodType[] => [...new Set(withdrawals.map((w) => w.method_type))].sort();

export interface TransferFilter {
  year?: number;
  method?: PayoutMethodType;
}

export function filterTransfers(withdrawals: readonly Withdrawal[], { year, method }: TransferFilter): Withdrawal[] {
  return withdrawals.filter((w) => (year === undefined || yearOf(w.created) === year) && (method === undefined || w.method_type === method));
}

/** What was actually paid out: cancelled and failed transfers gave their money back. */
export function transferredTotal(withdrawals: readonly Withdrawal[]): number {
  return withdrawals.filter((w) => w.status !== 'cancelled' && w.status !== 'failed').reduce((sum, w) => sum + w.amount, 0);
}

export interface DailyCredit {
  /** The day the revenue was earned (ISO date). */
  day: string;
  amount: number;
  dateAvailable: string;
}

/** Credits summed per day earned (one credit per project and day), newest first. */
export function creditsByDay(credits: readonly PayoutCredit[]): DailyCredit[] {
  const days = new Map<string, DailyCredit>();
  for (const credit of credits) {
    const day = credit.created.slice(0, 10);
    const entry = days.get(day) ?? { day, amount: 0, dateAvailable: credit.date_available };
    entry.amount += credit.amount;
    if (credit.date_available > entry.dateAvailable) entry.dateAvailable = credit.date_available;
    days.set(day, entry);
  }
  return [...days.values()].sort((a, b) => (a.day < b.day ? 1 : a.day > b.day ? -1 : 0));
}

/** Revenue credited since the start of `now`'s calendar year (UTC). */
export function earnedThisYear(credits: readonly PayoutCredit[], now: Date): number {
  const year = now.getUTCFullYear();
  return credits.filter((c) => yearOf(c.created) === year).reduce((sum, c) => sum + c.amount, 0);
}

/**
 * The holding period in days, read off the newest credit; undefined before the first one. A
 * credit is dated at the start of the day earned and the period runs from that day's end.
 */
export function holdingDays(credits: readonly PayoutCredit[]): number | undefined {
  const newest = credits.reduce<PayoutCredit | undefined>((latest, c) => (!latest || c.created > latest.created ? c : latest), undefined);
  if (!newest) return undefined;
  return Math.max(0, Math.round((Date.parse(newest.date_available) - Date.parse(newest.created)) / DAY_MS) - 1);
}

/** Pending amounts by release date, earliest first. */
export function pendingReleases(dates: Record<string, number>): { date: string; amount: number }[] {
  return Object.entries(dates)
    .filter(([, amount]) => amount > 0)
    .map(([date, amount]) => ({ date, amount }))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
