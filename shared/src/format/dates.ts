import { dateTimeFormat, relativeTimeFormat } from './intl-cache.js';

/** Anything a wire object may carry as a date: a Date, an ISO-8601 string or epoch milliseconds. */
export type DateInput = Date | string | number;

function toTime(input: DateInput): number {
  const time = input instanceof Date ? input.getTime() : new Date(input).getTime();
  if (Number.isNaN(time)) throw new RangeError(`Invalid date: ${String(input)}`);
  return time;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// Largest unit first; a month is 30 days and a year 365 days, which is what a reader expects
// of "3 months ago" and keeps the function free of calendar arithmetic.
const STEPS: readonly { unit: Intl.RelativeTimeFormatUnit; ms: number }[] = [
  { unit: 'year', ms: 365 * DAY },
  { unit: 'month', ms: 30 * DAY },
  { unit: 'week', ms: 7 * DAY },
  { unit: 'day', ms: DAY },
  { unit: 'hour', ms: HOUR },
  { unit: 'minute', ms: MINUTE },
];

/** "just now" in en-US (the spec's words); elsewhere the locale's own word, "jetzt" in German. */
function justNow(locale: string): string {
  return locale === 'en-US' ? 'just now' : relativeTimeFormat(locale, { numeric: 'auto' }).format(0, 'second');
}

/**
 * "just now" within a minute either way, otherwise the largest whole unit, counted down
 * (89 minutes is "1 hour ago"): "5 minutes ago", "in 3 days", "2 years ago"; in de-DE
 * "vor 5 Minuten". `now` is passed in so the function stays pure. Throws RangeError on an
 * invalid date.
 */
export function formatRelativeTime(date: DateInput, now: DateInput, locale = 'en-US'): string {
  const diff = toTime(date) - toTime(now);
  const abs = Math.abs(diff);
  const step = STEPS.find((s) => abs >= s.ms);
  if (!step) return justNow(locale);
  const count = Math.floor(abs / step.ms);
  return relativeTimeFormat(locale, { numeric: 'always' }).format(diff < 0 ? -count : count, step.unit);
}

export interface FormatDateOptions {
  /** IANA zone to show the date in; defaults to UTC so output does not depend on the machine. */
  timeZone?: string;
  /** Also show the 24-hour time and the zone: "Nov 21, 2026, 05:07 UTC". */
  withTime?: boolean;
  /** The reader's locale; en-US by default. */
  locale?: string;
}

/**
 * Readable absolute date: "Nov 21, 2026" in en-US, "21. Nov. 2026" in de-DE. Throws RangeError
 * on an invalid date.
 */
export function formatDate(date: DateInput, options: FormatDateOptions = {}): string {
  const formatter = dateTimeFormat(options.locale ?? 'en-US', {
    timeZone: options.timeZone ?? 'UTC',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    ...(options.withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' } : {}),
  });
  return formatter.format(toTime(date));
}
