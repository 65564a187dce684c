import type { PayoutStatus } from '@cairn/shared/schemas/payouts';
import { useT } from '../../../lib/i18n/i18n-provider';
import styles from './revenue.module.css';

export function TransferStatus({ status }: { status: PayoutStatus }) {
  const t = useT();
  return (
    <span className={styles.badge} data-status={status}>
      {t(`analytics.transfers.status.${status}`)}
    </span>
  );
}
