import type { Withdrawal } from '@cairn/shared/schemas/payouts';
import { useEffect, useRef } from 'react';
import { ButtonLink } from '../../../components/ui/button';
import { revenuePaths } from '../../../config/revenue-paths';
import { useLocale, useT } from '../../../lib/i18n/i18n-provider';
import { formatCents } from '../utils/money';
import { TransferStatus } from './transfer-status';
import styles from './revenue.module.css';

/** What follows a withdrawal: it is on its way, and where to follow it. */
export function WithdrawalDone({ withdrawal }: { withdrawal: Withdrawal }) {
  const t = useT();
  const locale = useLocale();
  const heading = useRef<HTMLHeadingElement>(null);
  // The form is gone: move focus to what replaced it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className={styles.card} aria-labelledby="withdrawal-done">
      <h2 id="withdrawal-done" ref={heading} tabIndex={-1}>
        {t('analytics.withdraw.doneTitle')}
      </h2>
      <p>{t('analytics.withdraw.doneText', { amount: formatCents(withdrawal.amount - withdrawal.fee, locale), method: t(`analytics.transfers.methodType.${withdrawal.method_type}`) })}</p>
      <p>
        <TransferStatus status={withdrawal.status} />
      </p>
      <div className={styles.actions}>
        <ButtonLink to={revenuePaths.transfers.getHref()} color="brand">
          {t('analytics.withdraw.viewTransfers')}
        </ButtonLink>
      </div>
    </section>
  );
}
