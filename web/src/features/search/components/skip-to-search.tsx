import { useT } from '../../../lib/i18n/i18n-provider';
import styles from './skip-to-search.module.css';

/**
 * Comes before the long filter lists (over a hundred checkboxes) so a keyboard user reaches the
 * search box and its results in two presses instead of tabbing through every filter.
 */
export function SkipToSearch({ inputId }: { inputId: string }) {
  const t = useT();
  return (
    <a
      className={styles.link}
      href={`#${inputId}`}
      onClick={(event) => {
        // Focus without a hash navigation, which the router would record as a page change.
        event.preventDefault();
        document.getElementById(inputId)?.focus();
      }}
    >
      {t('search.skipToSearch')}
    </a>
  );
}
