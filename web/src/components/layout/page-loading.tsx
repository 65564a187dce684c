import { useT } from '../../lib/i18n/i18n-provider';

/** Shown while the first route module and its data load. */
export function PageLoading() {
  const t = useT();
  return (
    <p className="page-loading" role="status">
      {t('shell.loading')}
    </p>
  );
}
