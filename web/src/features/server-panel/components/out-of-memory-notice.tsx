import { Banner } from '../../../components/ui/banner';
import { useT } from '../../../lib/i18n/i18n-provider';

/** Why the server stopped when the kernel's memory limit ended it, and what helps. */
export function OutOfMemoryNotice() {
  const t = useT();
  return (
    <Banner framed tone="error" title={t('servers.overview.outOfMemoryTitle')}>
      <p>{t('servers.overview.outOfMemoryText')}</p>
    </Banner>
  );
}
