import type { PayoutCredit } from '@cairn/shared/schemas/payouts';
import { useMemo } from 'react';
import { useLocale, useT } from '../../../lib/i18n/i18n-provider';
import { useDateText } from '../hooks/use-date-text';
import { formatCents } from '../utils/money';
import { creditsByDay } from '../utils/transfers';
import { DataTable, numericCell } from '../../../components/ui/data-table';

/** Revenue credited to the account, one row per day earned. */
export function CreditsTable({ credits, caption }: { credits: readonly PayoutCredit[]; caption: string }) {
  const t = useT();
  const locale = useLocale();
  const dateText = useDateText();
  const days = useMemo(() => creditsByDay(credits), [credits]);
  return (
    <DataTable
      caption={caption}
      columns={[
        { key: 'earned', label: t('analytics.transfers.earned') },
        { key: 'release', label: t('analytics.revenue.releaseDate') },
        { key: 'amount', label: t('analytics.transfers.amount'), numeric: true },
      ]}
    >
      {days.map((day) => (
        <tr key={day.day}>
          <td>
            <time dateTime={day.day}>{dateText(`${day.day}T00:00:00Z`)}</time>
          </td>
          <td>
            <time dateTime={day.dateAvailable}>{dateText(day.dateAvailable)}</time>
          </td>
          <td className={numericCell}>{formatCents(day.amount, locale)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
