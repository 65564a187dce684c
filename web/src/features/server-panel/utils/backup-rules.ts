import type { ServerBackup } from '@cairn/shared/schemas/servers';

type BackupState = ServerBackup['state'];

/** States of work still running on the node; the panel polls while one is shown. */
export const isBackupBusy = (state: BackupState) => state === 'queued' || state === 'creating' || state === 'restoring' || state === 'preparing_download';

/** States `cancel` stops. */
export const isCancellable = (state: BackupState) => state === 'queued' || state === 'creating' || state === 'preparing_download';

/** Why "Create backup" is disabled (a locale key under servers.backups.blocked.*), or null when it is not. */
export function createBlockReason(input: { backups: readonly ServerBackup[]; max: number; installing: boolean; running: boolean; allowWhileRunning: boolean }) {
  if (input.installing) return 'installing' as const;
  if (input.backups.some((b) => isBackupBusy(b.state))) return 'inProgress' as const;
  if (input.backups.length >= input.max) return 'full' as const;
  if (input.running && !input.allowWhileRunning) return 'running' as const;
  return null;
}

/** The slots chip: a warning with three or fewer left, danger when full. */
export function quotaTone(used: number, max: number): 'normal' | 'warning' | 'danger' {
  if (used >= max) return 'danger';
  return max - used <= 3 ? 'warning' : 'normal';
}

/** "Backup #n": the first number no backup is named with yet. */
export function defaultBackupName(backups: readonly ServerBackup[]): string {
  const taken = new Set(backups.map((b) => b.name));
  let n = backups.length + 1;
  while (taken.has(`Backup #${n}`)) n++;
  return `Backup #${n}`;
}
