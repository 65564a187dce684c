import { useId } from 'react';
import { Select } from '../../../components/ui/input';
import { useLocale, useT } from '../../../lib/i18n/i18n-provider';
import { languageName } from '../../../lib/i18n/language-name';
import styles from './language-switch.module.css';

interface LanguageSwitchProps {
  /** The languages the text is available in, the original first. */
  languages: readonly string[];
  original: string;
  shown: string;
  label: string;
  onChange(language: string): void;
}

/**
 * A labelled choice of the language a text is shown in; the change is announced politely, so
 * screen readers hear that the text below is now in another language.
 */
export function LanguageSwitch({ languages, original, shown, label, onChange }: LanguageSwitchProps) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const name = (code: string) => languageName(code, locale);
  return (
    <div className={styles.switch}>
      <label htmlFor={id}>{label}</label>
      <Select id={id} value={shown} onChange={(event) => onChange(event.target.value)}>
        {languages.map((code) => (
          <option key={code} value={code} lang={code}>
            {code === original ? t('project.translations.original', { language: name(code) }) : name(code)}
          </option>
        ))}
      </Select>
      <p className="visually-hidden" aria-live="polite">
        {t('project.translations.shownIn', { language: name(shown) })}
      </p>
    </div>
  );
}
