import { ServerSftpPasswordSchema, type ServerSftpPassword } from '@cairn/shared/schemas/server-sftp';
import { useT } from '../../../lib/i18n/i18n-provider';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { generateServerSftpPassword, revokeServerSftp, setServerSftpKeys } from './sftp-queries';
import { useServerMutation } from './use-server-mutations';

export function useGenerateSftpPassword(serverId: string, callbacks?: MutationCallbacks<ServerSftpPassword, void>) {
  const t = useT();
  // The answer is already parsed; parsing it again here gives the screen its type without a cast.
  return useServerMutation(() => generateServerSftpPassword(serverId), () => t('servers.sftp.passwordGenerated'), {
    onSuccess: (data) => callbacks?.onSuccess?.(ServerSftpPasswordSchema.parse(data), undefined),
    onError: (error) => callbacks?.onError?.(error, undefined),
  });
}

export function useSetSftpKeys(serverId: string, callbacks?: MutationCallbacks<unknown, string[]>) {
  const t = useT();
  return useServerMutation((keys: string[]) => setServerSftpKeys(serverId, keys), () => t('servers.sftp.keysSaved'), callbacks);
}

export function useRevokeSftp(serverId: string, callbacks?: MutationCallbacks<unknown, void>) {
  const t = useT();
  return useServerMutation(() => revokeServerSftp(serverId), () => t('servers.sftp.revoked'), callbacks);
}
