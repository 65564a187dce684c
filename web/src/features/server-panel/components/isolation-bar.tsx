import { Banner } from '../../../components/ui/banner';
import { useT } from '../../../lib/i18n/i18n-provider';

/** Shown on the panel of a server its node runs outside the isolation boundary (a development node). */
export function IsolationBar() {
  const t = useT();
  return (
    <Banner framed tone="warning" title={t('servers.isolation.offTitle')}>
      <p>{t('servers.isolation.offText')}</p>
    </Banner>
  );
}
