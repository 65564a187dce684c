import { useId, useState } from 'react';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { readCookieConsent, writeCookieConsent, type CookieConsent } from '../utils/cookie-consent';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { useZodForm } from '../../../lib/use-zod-form';
import styles from './cookie-preferences-form.module.css';

const consentSchema = z.object({ consent: z.enum(['all', 'essential']) });
type ConsentValues = z.infer<typeof consentSchema>;

/** /legal/cmp: allow or decline the optional (preference) cookies; the choice applies at once. */
export function CookiePreferencesForm() {
  const t = useT();
  const notifications = useNotifications();
  const titleId = useId();
  const [current, setCurrent] = useState<CookieConsent>(readCookieConsent);
  const { register, handleSubmit } = useZodForm<ConsentValues>(consentSchema, { consent: current });

  const submit = handleSubmit(({ consent }) => {
    writeCookieConsent(consent);
    setCurrent(consent);
    notifications.add({
      type: 'success',
      title: t('site.cmp.savedTitle'),
      text: t(consent === 'all' ? 'site.cmp.savedAll' : 'site.cmp.savedEssential'),
    });
  });

  const option = (value: CookieConsent, label: 'site.cmp.allow' | 'site.cmp.decline', hint: 'site.cmp.allowHint' | 'site.cmp.declineHint') => {
    const id = `${titleId}-${value}`;
    return (
      <div className={styles.option}>
        <input id={id} type="radio" value={value} aria-describedby={`${id}-hint`} {...register('consent')} />
        <label htmlFor={id}>{t(label)}</label>
        <p id={`${id}-hint`} className={styles.hint}>
          {t(hint)}
        </p>
      </div>
    );
  };

  return (
    <form className={styles.form} aria-labelledby={titleId} onSubmit={(event) => void submit(event)}>
      <h2 id={titleId} className={styles.title}>
        {t('site.cmp.formTitle')}
      </h2>
      <p className={styles.essential}>
        <strong>{t('site.cmp.essential')}</strong> — {t('site.cmp.essentialHint')}
      </p>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('site.cmp.optionalLegend')}</legend>
        {option('all', 'site.cmp.allow', 'site.cmp.allowHint')}
        {option('essential', 'site.cmp.decline', 'site.cmp.declineHint')}
      </fieldset>
      <p className={styles.current} role="status">
        {t('site.cmp.current', { choice: current })}
      </p>
      <Button type="submit" color="brand" className={styles.actions}>
        {t('site.cmp.save')}
      </Button>
    </form>
  );
}
