import { useCallback, useState } from 'react';

const keyOf = (serverId: string) => `cairn.servers.${serverId}.backupWhileRunning`;

function read(serverId: string): boolean {
  try {
    return window.localStorage.getItem(keyOf(serverId)) === 'true';
  } catch {
    return false;
  }
}

/** The browser's per-server preference "Create backups while running" (the node flushes the world first). */
export function useBackupWhileRunning(serverId: string): [boolean, (value: boolean) => void] {
  const [value, setValue] = useState(() => read(serverId));
  const set = useCallback(
    (next: boolean) => {
      setValue(next);
      try {
        window.localStorage.setItem(keyOf(serverId), String(next));
      } catch {
        // Storage refused (private mode): the choice lasts for this page only.
      }
    },
    [serverId],
  );
  return [value, set];
}
