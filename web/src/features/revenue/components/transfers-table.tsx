import type { Withdrawal } from '@cairn/shared/schemas/payouts';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useDateText } from '../hooks/use-date-text';
import { formatCents } from '../utils/money';
import { CancelTransferButton } from './cancel-transfer-button';
import { TransferStatus } from './transfer-status';
import styles from './revenue.module.css';

/** Withdrawals newest first: date, method, amount, fee, status, and cancel while in transit. */
export function TransfersTable({ transfers, caption }: { transfers: readonly Withdrawal[]; caption: string }) {
  const t = useT();
  const dateText = useDateText();
  return (
    <div className={styles.scroller}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('analytics.transfers.date')}</th>
            <th scope="col">{t('analytics.transfers.method')}</th>
            <th scope="col" className={styles.number}>
              {t('analytics.transfers.amount')}
            </th>
            <th scope="col" className={styles.number}>
              {t('analytics.transfers.fee')}
            </th>
            <th scope="col">{t('analytics.transfers.status')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('analytics.transfers.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {transfers.map((transfer) => (
            <tr key={transfer.id}>
              <td>
                <time dateTime={transfer.created}>{dateText(transfer.created)}</time>
              </td>
              <td>
                {t(`analytics.transfers.methodType.${transfer.method_type}`)}
                {transfer.method_address && ` · ${transfer.method_address}`}
              </td>
              <td className={styles.number}>{formatCents(transfer.amount)}</td>
              <td className={styles.number}>{formatCents(transfer.fee)}</td>
              <td>
                <TransferStatus status={transfer.status} />
              </td>
              <td>{transfer.status === 'in-transit' && <CancelTransferButton transfer={transfer} />}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
