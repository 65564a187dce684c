import { useT } from '../../lib/i18n/i18n-provider';
import { useDeveloperMode, useTheme } from '../../lib/preferences';
import type { ThemePreference } from '../../lib/theme';
import { cx } from '../../lib/class-names';
import styles from '../ui/choice-picker.module.css';

const OPTIONS: readonly { value: ThemePreference; label: 'theme.picker.system' | 'theme.picker.light' | 'theme.picker.dark' | 'theme.picker.oled' | 'theme.picker.retro' }[] = [
  { value: 'system', label: 'theme.picker.system' },
  { value: 'light', label: 'theme.picker.light' },
  { value: 'dark', label: 'theme.picker.dark' },
  { value: 'oled', label: 'theme.picker.oled' },
  { value: 'retro', label: 'theme.picker.retro' },
];

/**
 * The colour theme choice (hosted by the settings page). Retro is offered in developer mode, or
 * when it is already the chosen theme. Picking a dark theme also makes it the preferred dark one.
 * `legendHidden` where a heading already names it (the legend is still read with the options).
 */
export function ThemePicker({ legendHidden = false }: { legendHidden?: boolean }) {
  const t = useT();
  const { themePreference, setThemePreference } = useTheme();
  const { enabled: developerMode } = useDeveloperMode();
  const options = OPTIONS.filter((option) => option.value !== 'retro' || developerMode || themePreference === 'retro');
  return (
    <fieldset className={cx(styles.picker, styles.inline)}>
      <legend className={legendHidden ? 'visually-hidden' : styles.legend}>{t('theme.picker.title')}</legend>
      {options.map((option) => (
        <label key={option.value} className={styles.option}>
          <input
            type="radio"
            name="theme"
            value={option.value}
            checked={themePreference === option.value}
            onChange={() => setThemePreference(option.value)}
          />
          <span>{t(option.label)}</span>
        </label>
      ))}
    </fieldset>
  );
}
