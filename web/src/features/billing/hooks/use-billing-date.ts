import { useCallback } from 'react';
import { useLocale } from '../../../lib/i18n/i18n-provider';

/** "November 26, 2026" in the reader's language, for due dates and period ends. */
export function useBillingDate(): (iso: string) => string {
  const locale = useLocale();
  return useCallback((iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(iso)), [locale]);
}
