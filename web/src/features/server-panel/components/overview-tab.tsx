import type { ConsoleSocket } from '../hooks/use-console-socket';
import { ConsolePanel } from './console-panel';
import { OutOfMemoryNotice } from './out-of-memory-notice';
import { ResourceCards } from './resource-cards';
import styles from './server-panel.module.css';

export function OverviewTab({ socket, running, outOfMemory, commands }: { socket: ConsoleSocket; running: boolean; outOfMemory: boolean; commands: readonly string[] }) {
  return (
    <div className={styles.tab}>
      {outOfMemory && <OutOfMemoryNotice />}
      <ResourceCards stats={socket.stats} />
      <ConsolePanel socket={socket} running={running} commands={commands} />
    </div>
  );
}
