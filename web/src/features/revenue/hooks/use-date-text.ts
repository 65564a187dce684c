import { useCallback } from 'react';
import { useLocale } from '../../../lib/i18n/i18n-provider';

/** An ISO time as a calendar date in the reader's language; days are UTC days, as the ledger counts them. */
export function useDateText(): (iso: string) => string {
  const locale = useLocale();
  return useCallback((iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso)), [locale]);
}
