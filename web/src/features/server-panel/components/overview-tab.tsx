import type { ConsoleSocket } from '../hooks/use-console-socket';
import { ConsolePanel } from './console-panel';
import { OutOfMemoryNotice } from './out-of-memory-notice';
import { ResourceCards } from './resource-cards';
import styles from './server-panel.module.css';
import { useT } from '../../../lib/i18n/i18n-provider';

interface OverviewTabProps {
  socket: ConsoleSocket;
  /** Whether the caller's role here includes the console (its socket also brings the resource figures). */
  consoleAllowed: boolean;
  running: boolean;
  outOfMemory: boolean;
  commands: readonly string[];
}

export function OverviewTab({ socket, consoleAllowed, running, outOfMemory, commands }: OverviewTabProps) {
  const t = useT();
  return (
    <div className={styles.tab}>
      {outOfMemory && <OutOfMemoryNotice />}
      {consoleAllowed ? (
        <>
          <ResourceCards stats={socket.stats} />
          <ConsolePanel socket={socket} running={running} commands={commands} />
        </>
      ) : (
        <p>{t('servers.overview.noConsole')}</p>
      )}
    </div>
  );
}
