import type { PayoutMethod } from '@cairn/shared/schemas/payouts';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldError } from '../../../components/ui/form';
import picker from '../../../components/ui/choice-picker.module.css';
import { useLocale, useT } from '../../../lib/i18n/i18n-provider';
import { formatCents } from '../utils/money';
import styles from './withdraw.module.css';

/** The withdraw methods as radio cards: name, amount range and fee. */
export function MethodPicker({ methods, register, error }: { methods: readonly PayoutMethod[]; register: UseFormRegisterReturn; error?: string }) {
  const t = useT();
  const locale = useLocale();
  const percent = (bps: number) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(bps / 10_000);
  return (
    <fieldset className={picker.picker} aria-describedby={error ? 'withdraw-method-error' : undefined}>
      <legend className={picker.legend}>{t('analytics.withdraw.method')}</legend>
      <div className={styles.methods}>
        {methods.map((method) => (
          <label key={method.id} className={picker.option}>
            <input type="radio" value={method.id} {...register} />
            <span className={styles.method}>
              <strong>{method.name}</strong>
              <span>{t('analytics.withdraw.methodRange', { min: formatCents(method.min_amount), max: formatCents(method.max_amount) })}</span>
              <span>
                {method.fee.percent_bps === 0 && method.fee.min === 0
                  ? t('analytics.withdraw.noFee')
                  : t('analytics.withdraw.feeRule', { percent: percent(method.fee.percent_bps), min: formatCents(method.fee.min) })}
              </span>
            </span>
          </label>
        ))}
      </div>
      {error && <FieldError id="withdraw-method-error">{error}</FieldError>}
    </fieldset>
  );
}
