import { consoleCommands } from '@cairn/shared/constants/server-console';
import type { Server } from '@cairn/shared/schemas/servers';
import type { ServerPermission } from '@cairn/shared/constants/server-permissions';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ServerStatusPillFor } from '../../../components/servers/server-status-pill';
import { SuspendedBar } from '../../../components/servers/suspended-bar';
import { AppLink } from '../../../components/ui/app-link';
import { CopyButton } from '../../../components/ui/copy-button';
import { Tabs } from '../../../components/ui/tabs';
import { serverPaths } from '../../../config/server-paths';
import { useT } from '../../../lib/i18n/i18n-provider';
import { serverAddress, serverPill, stoppedOutOfMemory } from '../../../lib/servers/server-display';
import { serverQueries } from '../../../lib/servers/servers-queries';
import { usePlatformName } from '../../../lib/servers/use-platform-name';
import { useConsoleSocket } from '../hooks/use-console-socket';
import { useServerPreferences } from '../hooks/use-server-preferences';
import { BackupsTab } from './backups-tab';
import { ContentTab } from './content-tab';
import { FilesTab } from './files-tab';
import { IsolationBar } from './isolation-bar';
import { OptionsTab } from './options-tab';
import { OverviewTab } from './overview-tab';
import { PowerControls } from './power-controls';
import { ServerNoticesBar } from './server-notices-bar';
import { SftpTab } from './sftp-tab';
import styles from './server-panel.module.css';
import { PreparingScreen } from './server-screens';

export interface PanelTab {
  id: string;
  label: string;
  panel: ReactNode;
}

interface ServerPanelProps {
  server: Server;
  /** Tabs other features add after Overview and Options (files, content, backups). */
  extraTabs?: readonly PanelTab[];
  /** Tabs other features add at the end (members, activity), given the selected tab so hidden ones mount nothing. */
  trailingTabs?: (selected: string) => readonly PanelTab[];
}

/** `/servers/manage/:id`: header with power controls, the state screens, and the tabs. */
export function ServerPanel({ server, extraTabs = [], trailingTabs }: ServerPanelProps) {
  const t = useT();
  const platform = usePlatformName();
  const ready = server.status === 'available';
  // What the caller may use here (owner: everything; members: their permissions). Until it is
  // known nothing beyond the overview is offered; the API refuses the rest anyway.
  const standing = useQuery(serverQueries.members(server.id));
  const may = (permission: ServerPermission) => standing.data?.my_permissions.includes(permission) ?? false;
  // The console socket also carries the live state and resource figures; it opens once the
  // caller's standing says the console is theirs (the node would refuse it otherwise), and the
  // console stays on show while the standing loads.
  const consoleAllowed = standing.data === undefined || may('console_read');
  const socket = useConsoleSocket(server.id, ready && may('console_read'));
  const state = (ready && may('console_read') ? socket.state : undefined) ?? server.state;
  // `?tab=content` opens a tab directly (the modpack page's "Install on my server" lands on Content).
  const [searchParams] = useSearchParams();
  const [tab, setTab] = useState(() => searchParams.get('tab') ?? 'overview');
  const [preferences] = useServerPreferences(server.id);
  const address = preferences.hideAddress ? undefined : serverAddress(server);

  let body: ReactNode;
  if (server.status === 'suspended')
    body = (
      <div className={styles.screen}>
        <h2>{t('servers.panel.suspendedTitle')}</h2>
        <SuspendedBar server={server} />
      </div>
    );
  else if (!ready) body = <PreparingScreen />;
  else
    body = (
      <Tabs
        label={t('servers.panel.tabs')}
        selected={tab}
        onSelect={setTab}
        tabs={[
          { id: 'overview', label: t('servers.tab.overview'), panel: <OverviewTab socket={socket} consoleAllowed={consoleAllowed} running={state === 'running'} outOfMemory={stoppedOutOfMemory(server, state)} commands={consoleCommands(server.loader)} /> },
          ...(may('content') ? [{ id: 'content', label: t('servers.tab.content'), panel: tab === 'content' && <ContentTab server={server} /> }] : []),
          ...(may('files_read') ? [{ id: 'files', label: t('servers.tab.files'), panel: tab === 'files' && <FilesTab server={server} /> }] : []),
          ...(may('sftp') && may('files_read') ? [{ id: 'sftp', label: t('servers.tab.sftp'), panel: tab === 'sftp' && <SftpTab serverId={server.id} /> }] : []),
          ...extraTabs,
          ...(may('backups') ? [{ id: 'backups', label: t('servers.tab.backups'), panel: tab === 'backups' && <BackupsTab server={server} running={state === 'running'} /> }] : []),
          ...(may('options') ? [{ id: 'options', label: t('servers.tab.options'), panel: tab === 'options' && <OptionsTab server={server} /> }] : []),
          ...(trailingTabs?.(tab) ?? []),
        ]}
      />
    );

  return (
    <div className={styles.panel}>
      <AppLink to={serverPaths.manage()} className={styles.back}>
        {t('servers.panel.all')}
      </AppLink>
      <header className={styles.header}>
        <div className={styles.identity}>
          <h1 className={styles.name}>{server.name}</h1>
          <ServerStatusPillFor pill={serverPill(server, ready ? (state ?? undefined) : undefined)} />
          <span className={styles.platform}>{platform.label(server.loader, server.game_version)}</span>
          {address && (
            <span className={styles.address}>
              <code>{address}</code>
              <CopyButton text={address} label={t('servers.address.copy')} copiedLabel={t('servers.address.copied')} size="small" />
            </span>
          )}
        </div>
        {ready && may('power') && <PowerControls serverId={server.id} state={state} />}
      </header>
      {server.isolated === false && <IsolationBar />}
      <ServerNoticesBar serverId={server.id} />
      {body}
    </div>
  );
}
