import { describeCron, parseCron } from '@cairn/shared/format/cron';
import type { useT } from '../../../lib/i18n/i18n-provider';

type T = ReturnType<typeof useT>;

const time = (locale: string, hour: number, minute: number) =>
  new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }).format(Date.UTC(2026, 0, 5, hour, minute));
const times = (locale: string, list: ReadonlyArray<{ hour: number; minute: number }>) => new Intl.ListFormat(locale).format(list.map((t) => time(locale, t.hour, t.minute)));
// 2026-01-04 was a Sunday: day 0 of cron's week.
const weekday = (locale: string, day: number) => new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2026, 0, 4 + day));

/** A cron expression in words in the visitor's language, or the reason it is not valid (`error`). */
export function cronText(t: T, locale: string, expression: string): { text: string } | { error: string } {
  const parsed = parseCron(expression);
  if (!parsed.ok) return { error: parsed.error };
  const described = describeCron(parsed.fields);
  switch (described.kind) {
    case 'every_minutes':
      return { text: t('servers.schedules.cron.everyMinutes', { count: described.minutes }) };
    case 'every_hours':
      return { text: t('servers.schedules.cron.everyHours', { count: described.hours, minute: described.minute }) };
    case 'daily':
      return { text: t('servers.schedules.cron.daily', { times: times(locale, described.times) }) };
    case 'weekly':
      return { text: t('servers.schedules.cron.weekly', { days: new Intl.ListFormat(locale).format(described.days.map((d) => weekday(locale, d))), times: times(locale, described.times) }) };
    case 'monthly':
      return { text: t('servers.schedules.cron.monthly', { days: described.days.join(', '), times: times(locale, described.times) }) };
    case 'custom':
      return { text: t('servers.schedules.cron.custom', { expression: parsed.fields.text.join(' ') }) };
  }
}

/** A moment in a time zone, as the visitor's language writes dates. */
export const inZone = (locale: string, iso: string, timeZone: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));
