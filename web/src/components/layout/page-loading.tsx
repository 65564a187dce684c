import { useT } from '../../lib/i18n/i18n-provider';
import styles from './page-loading.module.css';

/** Shown while the first route module and its data load. */
export function PageLoading() {
  const t = useT();
  return (
    <p className={styles.message} role="status">
      {t('shell.loading')}
    </p>
  );
}
