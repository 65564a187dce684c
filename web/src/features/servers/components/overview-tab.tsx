import type { ConsoleSocket } from '../hooks/use-console-socket';
import { ConsolePanel } from './console-panel';
import { ResourceCards } from './resource-cards';
import styles from './server-panel.module.css';

export function OverviewTab({ socket, running }: { socket: ConsoleSocket; running: boolean }) {
  return (
    <div className={styles.tab}>
      <ResourceCards stats={socket.stats} />
      <ConsolePanel socket={socket} running={running} />
    </div>
  );
}
