import { useId, useState } from 'react';
import { useLanguage, useT } from '../../lib/i18n/i18n-provider';
import { hasTranslation } from '../../lib/i18n/catalogs';
import { LOCALES, localeInfo } from '../../lib/i18n/locale-names';
import { DEFAULT_LOCALE } from '../../lib/i18n/locales';
import picker from '../ui/choice-picker.module.css';
import styles from './language-picker.module.css';
import { Input } from '../ui/input';

/**
 * Language choice (hosted by the settings page): a filterable list of every offered language.
 * Choosing one loads its messages ("applying"), saves it in the locale cookie, and reports a
 * failure to load ("Cannot load this language. Try again in a bit."). `legendHidden` where a
 * heading already names it.
 */
export function LanguagePicker({ legendHidden = false }: { legendHidden?: boolean }) {
  const t = useT();
  const { locale, status, setLocale } = useLanguage();
  const [query, setQuery] = useState('');
  const searchId = useId();
  const needle = query.trim().toLowerCase();
  const shown = LOCALES.filter(
    (info) =>
      needle === '' ||
      info.name.toLowerCase().includes(needle) ||
      info.nativeName.toLowerCase().includes(needle) ||
      info.code.toLowerCase().includes(needle),
  );
  const chosen = localeInfo(locale);

  return (
    <fieldset className={picker.picker} aria-busy={status === 'applying'}>
      <legend className={legendHidden ? 'visually-hidden' : picker.legend}>{t('language.title')}</legend>
      <label htmlFor={searchId} className={styles['search-label']}>
        {t('language.search')}
      </label>
      <Input
        id={searchId}
        type="search"
        className={styles.search}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <p className={styles.status} role="status">
        {status === 'applying' && t('language.applying')}
        {status === 'error' && <span className={styles.error}>{t('language.error')}</span>}
        {status === 'loaded' && chosen && !hasTranslation(chosen.code, DEFAULT_LOCALE) && t('language.untranslated', { language: chosen.name })}
      </p>
      {shown.length === 0 ? (
        <p>{t('language.noMatch')}</p>
      ) : (
        <ul className={styles.list}>
          {shown.map((info) => (
            <li key={info.code}>
              <label className={picker.option}>
                <input
                  type="radio"
                  name="language"
                  value={info.code}
                  checked={info.code === locale}
                  disabled={status === 'applying'}
                  onChange={() => void setLocale(info.code)}
                />
                <span lang={info.code} dir={info.rtl ? 'rtl' : undefined} className={styles.native}>
                  {info.nativeName}
                </span>
                {info.nativeName !== info.name && (
                  <>
                    {' '}
                    <span className={styles.english}>{info.name}</span>
                  </>
                )}
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
