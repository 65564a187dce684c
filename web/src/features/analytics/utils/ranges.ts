/**
 * The chart's time ranges (web-screens §3.9) and the bucket size each asks the API for. Bucket
 * sizes are whole hours because the API reads hourly and daily roll-ups (resolution_minutes must
 * be a multiple of 60). Boundaries are computed in UTC, the time zone of those roll-ups.
 */
export const RANGE_IDS = [
  'previous30Minutes',
  'previousHour',
  'previous12Hours',
  'previous24Hours',
  'today',
  'yesterday',
  'thisWeek',
  'lastWeek',
  'previous7Days',
  'thisMonth',
  'lastMonth',
  'previous30Days',
  'thisQuarter',
  'lastQuarter',
  'thisYear',
  'lastYear',
  'previousYear',
  'previousTwoYears',
  'allTime',
] as const;
export type RangeId = (typeof RANGE_IDS)[number];

export const DEFAULT_RANGE: RangeId = 'previous30Days';

const HOUR = 60;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

/** Minutes per bucket for each range. */
export const RANGE_RESOLUTION: Record<RangeId, number> = {
  previous30Minutes: HOUR,
  previousHour: HOUR,
  previous12Hours: HOUR,
  previous24Hours: HOUR,
  today: HOUR,
  yesterday: HOUR,
  thisWeek: 6 * HOUR,
  lastWeek: 6 * HOUR,
  previous7Days: 6 * HOUR,
  thisMonth: DAY,
  lastMonth: DAY,
  previous30Days: DAY,
  thisQuarter: DAY,
  lastQuarter: DAY,
  thisYear: WEEK,
  lastYear: WEEK,
  previousYear: WEEK,
  previousTwoYears: WEEK,
  allTime: 30 * DAY,
};

export interface TimeWindow {
  start: Date;
  end: Date;
  resolutionMinutes: number;
}

const MINUTE_MS = 60_000;

function utcDay(now: Date, dayOffset = 0): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + dayOffset));
}

function utcMonth(now: Date, monthOffset = 0): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + monthOffset, 1));
}

/** Monday 00:00 UTC of the week `now` falls in, moved by whole weeks. */
function utcWeek(now: Date, weekOffset = 0): Date {
  const sinceMonday = (now.getUTCDay() + 6) % 7;
  return utcDay(now, -sinceMonday + weekOffset * 7);
}

function utcQuarter(now: Date, quarterOffset = 0): Date {
  const firstMonth = Math.floor(now.getUTCMonth() / 3) * 3;
  return new Date(Date.UTC(now.getUTCFullYear(), firstMonth + quarterOffset * 3, 1));
}

function utcYear(now: Date, yearOffset = 0): Date {
  return new Date(Date.UTC(now.getUTCFullYear() + yearOffset, 0, 1));
}

function minutesBefore(now: Date, minutes: number): Date {
  return new Date(now.getTime() - minutes * MINUTE_MS);
}

/**
 * The window a range covers at `now`. `since` is where "All time" starts (the oldest project's
 * publication); without it "All time" covers two years.
 */
export function rangeWindow(range: RangeId, now: Date, since?: Date): TimeWindow {
  const [start, end] = ((): [Date, Date] => {
    switch (range) {
      case 'previous30Minutes':
        return [minutesBefore(now, 30), now];
      case 'previousHour':
        return [minutesBefore(now, HOUR), now];
      case 'previous12Hours':
        return [minutesBefore(now, 12 * HOUR), now];
      case 'previous24Hours':
        return [minutesBefore(now, DAY), now];
      case 'today':
        return [utcDay(now), now];
      case 'yesterday':
        return [utcDay(now, -1), utcDay(now)];
      case 'thisWeek':
        return [utcWeek(now), now];
      case 'lastWeek':
        return [utcWeek(now, -1), utcWeek(now)];
      case 'previous7Days':
        return [minutesBefore(now, 7 * DAY), now];
      case 'thisMonth':
        return [utcMonth(now), now];
      case 'lastMonth':
        return [utcMonth(now, -1), utcMonth(now)];
      case 'previous30Days':
        return [minutesBefore(now, 30 * DAY), now];
      case 'thisQuarter':
        return [utcQuarter(now), now];
      case 'lastQuarter':
        return [utcQuarter(now, -1), utcQuarter(now)];
      case 'thisYear':
        return [utcYear(now), now];
      case 'lastYear':
        return [utcYear(now, -1), utcYear(now)];
      case 'previousYear':
        return [minutesBefore(now, 365 * DAY), now];
      case 'previousTwoYears':
        return [minutesBefore(now, 2 * 365 * DAY), now];
      case 'allTime':
        return [since && since < now ? since : minutesBefore(now, 2 * 365 * DAY), now];
    }
  })();
  const resolutionMinutes = RANGE_RESOLUTION[range];
  // Buckets start on whole hours or days, so a daily point is a calendar day of the roll-ups.
  const alignMs = Math.min(resolutionMinutes, DAY) * MINUTE_MS;
  return { start: new Date(Math.floor(start.getTime() / alignMs) * alignMs), end, resolutionMinutes };
}

/** Whether `value` names a range (for values read from a URL or a select). */
export function isRangeId(value: string): value is RangeId {
  return (RANGE_IDS as readonly string[]).includes(value);
}
