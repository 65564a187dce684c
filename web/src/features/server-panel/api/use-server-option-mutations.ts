import type { EditServerStartupBody, ReinstallServerBody } from '@cairn/shared/schemas/servers';
import { useT } from '../../../lib/i18n/i18n-provider';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { createAllocation, deleteAllocation, editServerPreferences, editServerStartup, reinstallServer, renameAllocation, setSubdomain } from './server-options-queries';
import { useServerMutation } from './use-server-mutations';

export function useReinstallServer(serverId: string, callbacks?: MutationCallbacks<unknown, ReinstallServerBody>) {
  const t = useT();
  return useServerMutation((body: ReinstallServerBody) => reinstallServer(serverId, body), () => t('servers.options.platform.started'), callbacks);
}

export function useEditServerStartup(serverId: string, callbacks?: MutationCallbacks<unknown, EditServerStartupBody>) {
  const t = useT();
  return useServerMutation((body: EditServerStartupBody) => editServerStartup(serverId, body), () => t('servers.options.startup.saved'), callbacks);
}

export function useEditAutoRestart(serverId: string) {
  const t = useT();
  return useServerMutation((on: boolean) => editServerPreferences(serverId, on), () => t('servers.options.preferences.saved'));
}

export function useCreateAllocation(serverId: string, callbacks?: MutationCallbacks<unknown, string>) {
  const t = useT();
  return useServerMutation((name: string) => createAllocation(serverId, name), () => t('servers.options.network.allocationAdded'), callbacks);
}

export function useRenameAllocation(serverId: string, callbacks?: MutationCallbacks<unknown, { port: number; name: string }>) {
  const t = useT();
  return useServerMutation(({ port, name }: { port: number; name: string }) => renameAllocation(serverId, port, name), () => t('servers.options.network.allocationRenamed'), callbacks);
}

export function useDeleteAllocation(serverId: string, callbacks?: MutationCallbacks<unknown, number>) {
  const t = useT();
  return useServerMutation((port: number) => deleteAllocation(serverId, port), () => t('servers.options.network.allocationDeleted'), callbacks);
}

export function useSetSubdomain(serverId: string, callbacks?: MutationCallbacks<unknown, string>) {
  const t = useT();
  return useServerMutation((subdomain: string) => setSubdomain(serverId, subdomain), () => t('servers.options.network.subdomainSaved'), callbacks);
}
