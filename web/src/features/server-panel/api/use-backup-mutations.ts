import type { ServerAutobackup } from '@cairn/shared/schemas/servers';
import { useT } from '../../../lib/i18n/i18n-provider';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { createServerBackup, deleteServerBackup, editServerBackup, runBackupAction, setServerAutobackup, type BackupAction } from './backups-queries';
import { useServerMutation } from './use-server-mutations';

export function useCreateBackup(serverId: string, callbacks?: MutationCallbacks<unknown, string>) {
  const t = useT();
  return useServerMutation((name: string) => createServerBackup(serverId, name), () => t('servers.backups.toast.created'), callbacks);
}

export function useEditBackup(serverId: string, callbacks?: MutationCallbacks<unknown, { id: string; name?: string; locked?: boolean }>) {
  const t = useT();
  return useServerMutation(
    ({ id, ...body }: { id: string; name?: string; locked?: boolean }) => editServerBackup(serverId, id, body),
    ({ locked }) => t(locked === undefined ? 'servers.backups.toast.renamed' : locked ? 'servers.backups.toast.locked' : 'servers.backups.toast.unlocked'),
    callbacks,
  );
}

export function useDeleteBackup(serverId: string, callbacks?: MutationCallbacks<unknown, string>) {
  const t = useT();
  return useServerMutation((id: string) => deleteServerBackup(serverId, id), () => t('servers.backups.toast.deleted'), callbacks);
}

export function useBackupAction(serverId: string, callbacks?: MutationCallbacks<unknown, { id: string; action: BackupAction }>) {
  const t = useT();
  return useServerMutation(({ id, action }: { id: string; action: BackupAction }) => runBackupAction(serverId, id, action), ({ action }) => t(`servers.backups.toast.${action}`), callbacks);
}

export function useSetAutobackup(serverId: string, callbacks?: MutationCallbacks<unknown, Pick<ServerAutobackup, 'enabled' | 'interval_hours'>>) {
  const t = useT();
  return useServerMutation((body: Pick<ServerAutobackup, 'enabled' | 'interval_hours'>) => setServerAutobackup(serverId, body), ({ enabled }) => t(enabled ? 'servers.backups.toast.autoOn' : 'servers.backups.toast.autoOff'), callbacks);
}
