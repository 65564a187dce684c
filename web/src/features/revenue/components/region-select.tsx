import { useId, useMemo } from 'react';
import { FieldHint } from '../../../components/ui/form';
import formStyles from '../../../components/ui/form.module.css';
import inputStyles from '../../../components/ui/input.module.css';
import { useLocale, useT } from '../../../lib/i18n/i18n-provider';
import { regionOptions } from '../utils/payout-region';

/** The region the money is received in; the methods offered follow it. */
export function RegionSelect({ value, onChange }: { value: string; onChange: (code: string) => void }) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const options = useMemo(() => regionOptions(locale), [locale]);
  return (
    <div className={formStyles.field}>
      <label className={formStyles.label} htmlFor={id}>
        {t('analytics.withdraw.region')}
      </label>
      <select id={id} className={`${inputStyles.input} ${inputStyles.block}`} value={value} onChange={(event) => onChange(event.target.value)} aria-describedby={`${id}-hint`}>
        {options.map((option) => (
          <option key={option.code} value={option.code}>
            {option.name}
          </option>
        ))}
      </select>
      <FieldHint id={`${id}-hint`}>{t('analytics.withdraw.regionHint')}</FieldHint>
    </div>
  );
}
