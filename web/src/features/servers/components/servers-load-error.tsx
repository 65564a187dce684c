import type { ReactNode } from 'react';
import { ServerScreen } from '../../../components/servers/server-screen';
import { useT } from '../../../lib/i18n/i18n-provider';

/** The list failed to load: say so, warn against buying again, and offer a reload. */
export function ServersLoadError({ error, reload }: { error: Error; reload: ReactNode }) {
  const t = useT();
  return (
    <ServerScreen role="alert">
      <h1>{t('servers.manage.errorTitle')}</h1>
      <p>{t('servers.manage.errorText')}</p>
      <details>
        <summary>{t('servers.manage.errorDetails')}</summary>
        <code>{error.message}</code>
      </details>
      <div>{reload}</div>
    </ServerScreen>
  );
}
