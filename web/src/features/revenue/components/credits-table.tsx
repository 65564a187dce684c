import type { PayoutCredit } from '@cairn/shared/schemas/payouts';
import { useMemo } from 'react';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useDateText } from '../hooks/use-date-text';
import { formatCents } from '../utils/money';
import { creditsByDay } from '../utils/transfers';
import styles from './revenue.module.css';

/** Revenue credited to the account, one row per day earned. */
export function CreditsTable({ credits, caption }: { credits: readonly PayoutCredit[]; caption: string }) {
  const t = useT();
  const dateText = useDateText();
  const days = useMemo(() => creditsByDay(credits), [credits]);
  return (
    <div className={styles.scroller}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('analytics.transfers.earned')}</th>
            <th scope="col">{t('analytics.revenue.releaseDate')}</th>
            <th scope="col" className={styles.number}>
              {t('analytics.transfers.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.day}>
              <td>
                <time dateTime={day.day}>{dateText(`${day.day}T00:00:00Z`)}</time>
              </td>
              <td>
                <time dateTime={day.dateAvailable}>{dateText(day.dateAvailable)}</time>
              </td>
              <td className={styles.number}>{formatCents(day.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
