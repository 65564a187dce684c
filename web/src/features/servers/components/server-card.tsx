import type { Server } from '@cairn/shared/schemas/servers';
import { ServerStatusPillFor } from '../../../components/servers/server-status-pill';
import { SuspendedBar } from '../../../components/servers/suspended-bar';
import { AppLink } from '../../../components/ui/app-link';
import { CopyButton } from '../../../components/ui/copy-button';
import { serverPaths } from '../../../config/server-paths';
import { useT } from '../../../lib/i18n/i18n-provider';
import { serverAddress, serverPill } from '../../../lib/servers/server-display';
import { usePlatformName } from '../../../lib/servers/use-platform-name';
import styles from './server-card.module.css';

/** One server in the list; a suspended server's card is not a link and says why. */
export function ServerCard({ server }: { server: Server }) {
  const t = useT();
  const platform = usePlatformName();
  const address = serverAddress(server);
  const suspended = server.status === 'suspended';
  return (
    <li className={styles.card} data-suspended={suspended || undefined}>
      <div className={styles.main}>
        <h2 className={styles.name}>{suspended ? server.name : <AppLink to={serverPaths.panel(server.id)}>{server.name}</AppLink>}</h2>
        <ServerStatusPillFor pill={serverPill(server)} />
      </div>
      <p className={styles.meta}>
        <span>{t('servers.card.plan', { plan: server.plan.name })}</span>
        <span>{platform.label(server.loader, server.game_version)}</span>
        {server.status === 'unprovisioned' && <span>{t('servers.card.settingUp')}</span>}
      </p>
      {address && (
        <p className={styles.address}>
          <code>{address}</code>
          <CopyButton text={address} label={t('servers.address.copy')} copiedLabel={t('servers.address.copied')} size="small" />
        </p>
      )}
      {suspended && <SuspendedBar server={server} />}
    </li>
  );
}
