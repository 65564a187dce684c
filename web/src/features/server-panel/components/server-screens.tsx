import { ServerScreen } from '../../../components/servers/server-screen';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n/i18n-provider';

/** Bought or installing: nothing to run yet. */
export function PreparingScreen() {
  const t = useT();
  return (
    <ServerScreen role="status">
      <h2>{t('servers.panel.preparingTitle')}</h2>
      <p>{t('servers.panel.preparingText')}</p>
    </ServerScreen>
  );
}

/** The server's node does not answer: the data is safe, try again later. */
export function NodeUnavailableScreen({ onReload }: { onReload: () => void }) {
  const t = useT();
  return (
    <ServerScreen>
      <h1>{t('servers.panel.nodeTitle')}</h1>
      <p>{t('servers.panel.nodeText')}</p>
      <div>
        <Button onClick={onReload}>{t('servers.reload')}</Button>
      </div>
    </ServerScreen>
  );
}

export function ServerNotFoundScreen() {
  const t = useT();
  return (
    <ServerScreen>
      <h1>{t('servers.panel.notFoundTitle')}</h1>
      <p>{t('servers.panel.notFoundText')}</p>
    </ServerScreen>
  );
}
