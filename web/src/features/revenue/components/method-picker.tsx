import type { PayoutMethod } from '@cairn/shared/schemas/payouts';
import { useId, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldError } from '../../../components/ui/form';
import picker from '../../../components/ui/choice-picker.module.css';
import inputStyles from '../../../components/ui/input.module.css';
import { useLocale, useT } from '../../../lib/i18n/i18n-provider';
import { formatCents } from '../utils/money';
import styles from './withdraw.module.css';

/** The withdraw methods as radio cards (name, amount range, fee), narrowed by a search box. */
export function MethodPicker({ methods, selected, register, error }: { methods: readonly PayoutMethod[]; selected: string; register: UseFormRegisterReturn; error?: string }) {
  const t = useT();
  const locale = useLocale();
  const searchId = useId();
  const [query, setQuery] = useState('');
  const percent = (bps: number) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(bps / 10_000);
  const needle = query.trim().toLocaleLowerCase(locale);
  // The chosen method stays listed so the choice never disappears from view.
  const shown = methods.filter((m) => m.id === selected || m.name.toLocaleLowerCase(locale).includes(needle));
  return (
    <fieldset className={picker.picker} aria-describedby={error ? 'withdraw-method-error' : undefined}>
      <legend className={picker.legend}>{t('analytics.withdraw.method')}</legend>
      {methods.length > 1 && (
        <div className={styles.search}>
          <label htmlFor={searchId} className="visually-hidden">
            {t('analytics.withdraw.methodSearch')}
          </label>
          <input id={searchId} type="search" className={`${inputStyles.input} ${inputStyles.block}`} placeholder={t('analytics.withdraw.methodSearch')} value={query} onChange={(event) => setQuery(event.target.value)} />
        </div>
      )}
      <div className={styles.methods}>
        {shown.map((method) => (
          <label key={method.id} className={picker.option}>
            <input type="radio" value={method.id} {...register} />
            <span className={styles.method}>
              <strong>{method.name}</strong>
              <span>{t('analytics.withdraw.methodRange', { min: formatCents(method.min_amount, locale), max: formatCents(method.max_amount, locale) })}</span>
              <span>
                {method.fee.percent_bps === 0 && method.fee.min === 0
                  ? t('analytics.withdraw.noFee')
                  : t('analytics.withdraw.feeRule', { percent: percent(method.fee.percent_bps), min: formatCents(method.fee.min, locale) })}
              </span>
            </span>
          </label>
        ))}
      </div>
      {shown.length === 0 && <p role="status">{t('analytics.withdraw.noMethodMatch')}</p>}
      {error && <FieldError id="withdraw-method-error">{error}</FieldError>}
    </fieldset>
  );
}
