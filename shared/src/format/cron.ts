/**
 * Five-field cron expressions (minute hour day-of-month month day-of-week) for server schedules:
 * checked here, with errors that name the field, so the API refuses a bad expression and the panel
 * explains it before saving. The API computes the next runs (in the schedule's time zone) with a
 * full cron library; this module accepts only the syntax both agree on: `*`, numbers, ranges
 * `a-b`, lists `a,b`, and steps `*\/n` or `a-b/n`. Day of week is 0–7, where 0 and 7 are Sunday.
 */

export const CRON_FIELDS = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12 },
  { name: 'day of week', min: 0, max: 7 },
] as const;

export type CronFieldName = (typeof CRON_FIELDS)[number]['name'];

/** The values each field allows, in order (day of week folded so 7 becomes 0). */
export interface CronFields {
  minute: number[];
  hour: number[];
  dayOfMonth: number[];
  month: number[];
  dayOfWeek: number[];
  /** The text of each field as written, for describing it. */
  text: [string, string, string, string, string];
}

export type CronParseResult = { ok: true; fields: CronFields } | { ok: false; error: string };

const NUMBER = /^\d{1,2}$/;

function parseField(text: string, field: (typeof CRON_FIELDS)[number]): number[] | string {
  const values = new Set<number>();
  for (const part of text.split(',')) {
    if (part === '') return `${field.name}: an empty item in a list`;
    const [range, step, extra] = part.split('/');
    if (extra !== undefined) return `${field.name}: "${part}" has more than one "/"`;
    let stepValue = 1;
    if (step !== undefined) {
      if (!NUMBER.test(step) || Number(step) < 1) return `${field.name}: the step in "${part}" must be a whole number of at least 1`;
      stepValue = Number(step);
    }
    let first: number;
    let last: number;
    if (range === '*') {
      first = field.min;
      last = field.max;
    } else {
      const bounds = range!.split('-');
      if (bounds.length > 2 || bounds.some((b) => !NUMBER.test(b))) return `${field.name}: "${part}" is not a number, a range (a-b), a list (a,b) or *`;
      first = Number(bounds[0]);
      last = bounds.length === 2 ? Number(bounds[1]) : first;
      if (bounds.length === 1 && step !== undefined) last = field.max;
      for (const value of [first, last]) {
        if (value < field.min || value > field.max) return `${field.name}: ${value} is outside ${field.min}–${field.max}`;
      }
      if (first > last) return `${field.name}: the range "${range}" runs backwards`;
    }
    for (let value = first; value <= last; value += stepValue) values.add(value);
  }
  return [...values].sort((a, b) => a - b);
}

/** Parses a five-field expression; errors start with the field's name (`hour: 24 is outside 0–23`). */
export function parseCron(expression: string): CronParseResult {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5 || parts[0] === '') {
    return { ok: false, error: `expected 5 fields (minute hour day-of-month month day-of-week), got ${parts[0] === '' ? 0 : parts.length}` };
  }
  const parsed: number[][] = [];
  for (const [index, field] of CRON_FIELDS.entries()) {
    const values = parseField(parts[index]!, field);
    if (typeof values === 'string') return { ok: false, error: values };
    parsed.push(values);
  }
  const dayOfWeek = [...new Set(parsed[4]!.map((d) => (d === 7 ? 0 : d)))].sort((a, b) => a - b);
  return {
    ok: true,
    fields: { minute: parsed[0]!, hour: parsed[1]!, dayOfMonth: parsed[2]!, month: parsed[3]!, dayOfWeek, text: parts as CronFields['text'] },
  };
}

/**
 * A structured reading of an expression for the panel's preview, which words it in the visitor's
 * language: the common shapes by name, anything else as `custom` (the panel shows the fields).
 */
export type CronDescription =
  | { kind: 'every_minutes'; minutes: number }
  | { kind: 'every_hours'; hours: number; minute: number }
  | { kind: 'daily'; times: Array<{ hour: number; minute: number }> }
  | { kind: 'weekly'; days: number[]; times: Array<{ hour: number; minute: number }> }
  | { kind: 'monthly'; days: number[]; times: Array<{ hour: number; minute: number }> }
  | { kind: 'custom' };

const isAll = (text: string) => text === '*';
const stepOf = (text: string): number | undefined => {
  const match = /^\*\/(\d{1,2})$/.exec(text);
  return match ? Number(match[1]) : undefined;
};

export function describeCron(fields: CronFields): CronDescription {
  const [minuteText, hourText, domText, monthText, dowText] = fields.text;
  if (!isAll(monthText)) return { kind: 'custom' };
  const everyDay = isAll(domText) && isAll(dowText);
  if (everyDay && isAll(hourText)) {
    const step = minuteText === '*' ? 1 : stepOf(minuteText);
    if (step !== undefined) return { kind: 'every_minutes', minutes: step };
  }
  if (everyDay && fields.minute.length === 1) {
    const step = hourText === '*' ? 1 : stepOf(hourText);
    if (step !== undefined) return { kind: 'every_hours', hours: step, minute: fields.minute[0]! };
  }
  if (fields.minute.length * fields.hour.length > 4) return { kind: 'custom' };
  const times = fields.hour.flatMap((hour) => fields.minute.map((minute) => ({ hour, minute })));
  if (everyDay) return { kind: 'daily', times };
  if (isAll(domText)) return { kind: 'weekly', days: fields.dayOfWeek, times };
  if (isAll(dowText)) return { kind: 'monthly', days: fields.dayOfMonth, times };
  return { kind: 'custom' };
}

/** Whether the runtime knows `zone` as an IANA time zone name (`Europe/Berlin`, `UTC`). */
export function isTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
