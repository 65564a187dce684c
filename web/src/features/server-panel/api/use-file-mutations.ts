import { useT } from '../../../lib/i18n/i18n-provider';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { baseName } from '../utils/file-paths';
import type { NodeFiles } from './node-files';
import { useServerMutation } from './use-server-mutations';

// Each hook changes files on the node; useServerMutation refetches the servers queries (file
// listings included) and toasts the outcome.

export function useCreateFolder(files: NodeFiles, callbacks?: MutationCallbacks<unknown, string>) {
  const t = useT();
  return useServerMutation((path: string) => files.mkdir(path), (path) => t('servers.files.toast.folderCreated', { name: baseName(path) }), callbacks);
}

export function useCreateFile(files: NodeFiles, callbacks?: MutationCallbacks<unknown, string>) {
  const t = useT();
  return useServerMutation((path: string) => files.writeText(path, '', false), (path) => t('servers.files.toast.fileCreated', { name: baseName(path) }), callbacks);
}

/** Rename and move are one operation on the node: a new path. */
export function useMoveFile(files: NodeFiles, callbacks?: MutationCallbacks<unknown, { from: string; to: string }>) {
  const t = useT();
  return useServerMutation(({ from, to }: { from: string; to: string }) => files.move(from, to), ({ to }) => t('servers.files.toast.moved', { name: baseName(to) }), callbacks);
}

export function useDeleteFiles(files: NodeFiles, callbacks?: MutationCallbacks<unknown, string[]>) {
  const t = useT();
  return useServerMutation((paths: string[]) => files.remove(paths), (paths) => t('servers.files.toast.deleted', { count: paths.length }), callbacks);
}

export function useArchiveFiles(files: NodeFiles, callbacks?: MutationCallbacks<unknown, { paths: string[]; destination: string }>) {
  const t = useT();
  return useServerMutation(
    ({ paths, destination }: { paths: string[]; destination: string }) => files.archive(paths, destination),
    ({ destination }) => t('servers.files.toast.archived', { name: baseName(destination) }),
    callbacks,
  );
}

export function useExtractArchive(files: NodeFiles, callbacks?: MutationCallbacks<unknown, { path: string; destination: string }>) {
  const t = useT();
  return useServerMutation(
    ({ path, destination }: { path: string; destination: string }) => files.extract(path, destination),
    ({ path }) => t('servers.files.toast.extracted', { name: baseName(path) }),
    callbacks,
  );
}

export function useSaveFile(files: NodeFiles, callbacks?: MutationCallbacks<unknown, { path: string; text: string }>) {
  const t = useT();
  return useServerMutation(({ path, text }: { path: string; text: string }) => files.writeText(path, text), ({ path }) => t('servers.files.toast.saved', { name: baseName(path) }), callbacks);
}
