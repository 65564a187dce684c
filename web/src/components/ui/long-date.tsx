import { useLocale } from '../../lib/i18n/i18n-provider';

/** A calendar date (`YYYY-MM-DD`, no time of day) written out in the reader's language. */
export function LongDate({ date }: { date: string }) {
  const locale = useLocale();
  const text = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
  return <time dateTime={date}>{text}</time>;
}
