import type { PayoutFees } from '@cairn/shared/schemas/payouts';
import { useLocale, useT } from '../../../lib/i18n/i18n-provider';
import { formatCents } from '../utils/money';
import styles from './withdraw.module.css';

/** The fee and the net amount of the amount being typed (announced politely as it updates). */
export function FeePreview({ fees, pending }: { fees: PayoutFees | undefined; pending: boolean }) {
  const t = useT();
  const locale = useLocale();
  return (
    <section className={styles.preview} aria-labelledby="fee-preview-heading" aria-live="polite">
      <h2 id="fee-preview-heading">{t('analytics.withdraw.preview')}</h2>
      {fees ? (
        <dl>
          <div>
            <dt>{t('analytics.withdraw.fee')}</dt>
            <dd>{formatCents(fees.fee, locale)}</dd>
          </div>
          <div>
            <dt>{t('analytics.withdraw.net')}</dt>
            <dd>{formatCents(fees.net_usd, locale)}</dd>
          </div>
        </dl>
      ) : (
        <p>{pending ? t('analytics.withdraw.previewPending') : t('analytics.withdraw.previewHint')}</p>
      )}
    </section>
  );
}
