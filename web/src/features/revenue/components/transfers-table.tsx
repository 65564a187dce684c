import type { Withdrawal } from '@cairn/shared/schemas/payouts';
import { useLocale, useT } from '../../../lib/i18n/i18n-provider';
import { useDateText } from '../hooks/use-date-text';
import { formatCents } from '../utils/money';
import { CancelTransferButton } from './cancel-transfer-button';
import { TransferStatus } from './transfer-status';
import { DataTable, numericCell } from '../../../components/ui/data-table';

/** Withdrawals newest first: date, method, amount, fee, status, and cancel while in transit. */
export function TransfersTable({ transfers, caption }: { transfers: readonly Withdrawal[]; caption: string }) {
  const t = useT();
  const locale = useLocale();
  const dateText = useDateText();
  return (
    <DataTable
      caption={caption}
      columns={[
        { key: 'date', label: t('analytics.transfers.date') },
        { key: 'method', label: t('analytics.transfers.method') },
        { key: 'amount', label: t('analytics.transfers.amount'), numeric: true },
        { key: 'fee', label: t('analytics.transfers.fee'), numeric: true },
        { key: 'status', label: t('analytics.transfers.status') },
        { key: 'actions', label: t('analytics.transfers.actions'), hideLabel: true },
      ]}
    >
      {transfers.map((transfer) => (
        <tr key={transfer.id}>
          <td>
            <time dateTime={transfer.created}>{dateText(transfer.created)}</time>
          </td>
          <td>
            {t(`analytics.transfers.methodType.${transfer.method_type}`)}
            {transfer.method_address && ` · ${transfer.method_address}`}
          </td>
          <td className={numericCell}>{formatCents(transfer.amount, locale)}</td>
          <td className={numericCell}>{formatCents(transfer.fee, locale)}</td>
          <td>
            <TransferStatus status={transfer.status} />
          </td>
          <td>{transfer.status === 'in-transit' && <CancelTransferButton transfer={transfer} />}</td>
        </tr>
      ))}
    </DataTable>
  );
}
