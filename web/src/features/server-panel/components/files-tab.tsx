import type { Server } from '@cairn/shared/schemas/servers';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState, type DragEvent } from 'react';
import { buttonClassName } from '../../../components/ui/button';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormAlert } from '../../../components/ui/form';
import { Input, Select } from '../../../components/ui/input';
import { MenuButton } from '../../../components/ui/menu';
import { Skeleton, SkeletonRegion } from '../../../components/ui/skeleton';
import { useT } from '../../../lib/i18n/i18n-provider';
import { describeErrorForToast } from '../../../lib/notifications';
import { useNotifications } from '../../../lib/notifications-provider';
import { fileQueries } from '../api/file-queries';
import { createNodeFiles, type FileEntry } from '../api/node-files';
import { useArchiveFiles, useCreateFile, useCreateFolder, useDeleteFiles, useExtractArchive, useMoveFile } from '../api/use-file-mutations';
import { useUploadQueue } from '../hooks/use-upload-queue';
import { fileKind, joinPath, MAX_EDITABLE_BYTES, ROOT_PATH } from '../utils/file-paths';
import { FileBreadcrumb } from './file-breadcrumb';
import { FileEditor } from './file-editor';
import { FileNameModal, type FileNamePrompt } from './file-name-modal';
import { FileTable, type FileAction } from './file-table';
import styles from './files-tab.module.css';
import { ImageViewer } from './image-viewer';
import { UploadQueue } from './upload-queue';

type View = 'all' | 'files' | 'folders';
type Opened = { path: string; kind: 'text' | 'image' };

const hasFiles = (event: DragEvent) => [...event.dataTransfer.types].includes('Files');

/** The panel's Files tab: browse the server folder, edit text files, upload, and manage files on the node. */
export function FilesTab({ server }: { server: Server }) {
  const t = useT();
  const notifications = useNotifications();
  const files = useMemo(() => createNodeFiles(server.id), [server.id]);
  const [folder, setFolder] = useState(ROOT_PATH);
  const [search, setSearch] = useState('');
  const [view, setView] = useState<View>('all');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [opened, setOpened] = useState<Opened | undefined>();
  const [prompt, setPrompt] = useState<FileNamePrompt | undefined>();
  const [deleting, setDeleting] = useState<string[] | undefined>();
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const dragDepth = useRef(0);

  const list = useQuery(fileQueries.list(files, server.id, folder));
  const uploads = useUploadQueue(files, server.id);
  const closePrompt = { onSuccess: () => setPrompt(undefined) };
  const createFolder = useCreateFolder(files, closePrompt);
  const createFile = useCreateFile(files, closePrompt);
  const move = useMoveFile(files, closePrompt);
  const archive = useArchiveFiles(files, { onSuccess: () => (setPrompt(undefined), setSelected(new Set())) });
  const extract = useExtractArchive(files, closePrompt);
  const remove = useDeleteFiles(files, { onSuccess: () => (setDeleting(undefined), setSelected(new Set())) });
  const promptPending = createFolder.isPending || createFile.isPending || move.isPending || archive.isPending || extract.isPending;

  const folderLabel = folder === ROOT_PATH ? t('servers.files.home') : folder;
  const query = search.trim().toLowerCase();
  const entries = (list.data?.entries ?? []).filter(
    (entry) =>
      (view === 'all' || (view === 'folders') === (entry.type === 'directory')) && (query === '' || entry.name.toLowerCase().includes(query)),
  );

  const goTo = (path: string) => {
    setFolder(path);
    setSearch('');
    setSelected(new Set());
  };

  const download = async (path: string, name: string) => {
    try {
      const link = document.createElement('a');
      link.href = await files.downloadUrl(path);
      link.download = name;
      link.click();
    } catch (error) {
      notifications.addError(error);
    }
  };

  const onAction = (entry: FileEntry, action: FileAction) => {
    const path = joinPath(folder, entry.name);
    switch (action) {
      case 'open': {
        if (entry.type === 'directory') return goTo(path);
        const kind = fileKind(entry.name);
        if (kind === 'text' && entry.size <= MAX_EDITABLE_BYTES) return setOpened({ path, kind });
        if (kind === 'image') return setOpened({ path, kind });
        return void download(path, entry.name);
      }
      case 'download':
        return void download(path, entry.name);
      case 'rename':
        return setPrompt({
          title: t('servers.files.rename.title', { name: entry.name }),
          label: t('servers.files.rename.label'),
          submitLabel: t('servers.files.action.rename'),
          initial: entry.name,
          kind: 'name',
          onSubmit: (name) => move.mutate({ from: path, to: joinPath(folder, name) }),
        });
      case 'move':
        return setPrompt({
          title: t('servers.files.move.title', { name: entry.name }),
          label: t('servers.files.move.label'),
          hint: t('servers.files.move.hint'),
          submitLabel: t('servers.files.action.move'),
          initial: folder,
          kind: 'folder',
          onSubmit: (destination) => move.mutate({ from: path, to: joinPath(destination, entry.name) }),
        });
      case 'extract':
        return setPrompt({
          title: t('servers.files.extract.title', { name: entry.name }),
          label: t('servers.files.extract.label'),
          hint: t('servers.files.extract.hint'),
          submitLabel: t('servers.files.action.extract'),
          initial: folder,
          kind: 'folder',
          onSubmit: (destination) => extract.mutate({ path, destination }),
        });
      case 'delete':
        return setDeleting([entry.name]);
    }
  };

  const promptNew = (kind: 'file' | 'folder') =>
    setPrompt({
      title: kind === 'file' ? t('servers.files.newFile') : t('servers.files.newFolder'),
      label: kind === 'file' ? t('servers.files.newFile.label') : t('servers.files.newFolder.label'),
      submitLabel: t('servers.files.create'),
      initial: '',
      kind: 'name',
      onSubmit: (name) => (kind === 'file' ? createFile : createFolder).mutate(joinPath(folder, name)),
    });

  const promptArchive = () =>
    setPrompt({
      title: t('servers.files.archive.title', { count: selected.size }),
      label: t('servers.files.archive.label'),
      hint: t('servers.files.archive.hint'),
      submitLabel: t('servers.files.archive.submit'),
      initial: selected.size === 1 ? `${[...selected][0]}.tar.gz` : 'archive.tar.gz',
      kind: 'name',
      onSubmit: (name) =>
        archive.mutate({
          paths: [...selected].map((entry) => joinPath(folder, entry)),
          destination: joinPath(folder, /\.(tar\.gz|tgz)$/i.test(name) ? name : `${name}.tar.gz`),
        }),
    });

  const onDragEnter = (event: DragEvent<HTMLDivElement>) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    dragDepth.current++;
    setDragging(true);
  };
  const onDragLeave = () => {
    dragDepth.current = Math.max(0, dragDepth.current - 1);
    if (dragDepth.current === 0) setDragging(false);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    dragDepth.current = 0;
    setDragging(false);
    uploads.add(event.dataTransfer.files, folder);
  };

  if (opened?.kind === 'text') return <FileEditor files={files} serverId={server.id} path={opened.path} onClose={() => setOpened(undefined)} />;
  if (opened?.kind === 'image') return <ImageViewer files={files} serverId={server.id} path={opened.path} onClose={() => setOpened(undefined)} />;

  return (
    <div
      className={styles.files}
      data-dragging={dragging || undefined}
      onDragEnter={onDragEnter}
      onDragOver={(event) => hasFiles(event) && event.preventDefault()}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
    >
      <FileBreadcrumb folder={folder} onNavigate={goTo} />
      <div className={styles.toolbar}>
        <Input type="search" aria-label={t('servers.files.search')} placeholder={t('servers.files.search')} value={search} onChange={(event) => setSearch(event.target.value)} />
        <label className={styles.viewField}>
          <span>{t('servers.files.view')}</span>
          <Select value={view} onChange={(event) => setView(event.target.value as View)}>
            <option value="all">{t('servers.files.view.all')}</option>
            <option value="files">{t('servers.files.view.files')}</option>
            <option value="folders">{t('servers.files.view.folders')}</option>
          </Select>
        </label>
        <MenuButton
          triggerClassName={buttonClassName({ color: 'brand' })}
          placement="bottom-end"
          items={[
            { key: 'file', label: t('servers.files.newFile'), onSelect: () => promptNew('file') },
            { key: 'folder', label: t('servers.files.newFolder'), onSelect: () => promptNew('folder') },
            { key: 'upload', label: t('servers.files.uploadFiles'), onSelect: () => fileInput.current?.click() },
          ]}
        >
          {t('servers.files.createNew')}
        </MenuButton>
        <input
          ref={fileInput}
          type="file"
          multiple
          className="visually-hidden"
          tabIndex={-1}
          aria-label={t('servers.files.uploadFiles')}
          onChange={(event) => {
            if (event.target.files) uploads.add(event.target.files, folder);
            event.target.value = '';
          }}
        />
      </div>
      {selected.size > 0 && (
        <div className={styles.selectionBar} role="group" aria-label={t('servers.files.selected', { count: selected.size })}>
          <span aria-live="polite">{t('servers.files.selected', { count: selected.size })}</span>
          <Button size="small" onClick={promptArchive}>
            {t('servers.files.archiveSelected')}
          </Button>
          <Button size="small" color="red" onClick={() => setDeleting([...selected])}>
            {t('servers.files.deleteSelected')}
          </Button>
          <Button size="small" variant="transparent" onClick={() => setSelected(new Set())}>
            {t('servers.files.clearSelection')}
          </Button>
        </div>
      )}
      <UploadQueue items={uploads.items} onCancel={uploads.cancel} onDismiss={uploads.dismiss} onClearFinished={uploads.clearFinished} />
      {dragging && (
        <p className={styles.dropHint} aria-live="polite">
          {t('servers.files.drop', { folder: folderLabel })}
        </p>
      )}
      {list.isPending ? (
        <SkeletonRegion label={t('servers.files.loading')}>
          <Skeleton height="2rem" />
          <Skeleton height="2rem" />
        </SkeletonRegion>
      ) : list.isError ? (
        <FormAlert>{t('servers.files.loadError', { error: describeErrorForToast(list.error).text })}</FormAlert>
      ) : list.data.entries.length === 0 ? (
        <EmptyState framed>{t('servers.files.empty')}</EmptyState>
      ) : entries.length === 0 ? (
        <EmptyState framed>{t('servers.files.noMatches', { query: search.trim() })}</EmptyState>
      ) : (
        <FileTable
          folderLabel={folderLabel}
          entries={entries}
          selected={selected}
          onToggle={(name) =>
            setSelected((previous) => {
              const next = new Set(previous);
              if (!next.delete(name)) next.add(name);
              return next;
            })
          }
          onToggleAll={(select) => setSelected(select ? new Set(entries.map((entry) => entry.name)) : new Set())}
          onAction={onAction}
        />
      )}
      {prompt && <FileNameModal prompt={prompt} pending={promptPending} onClose={() => setPrompt(undefined)} />}
      <ConfirmModal
        open={deleting !== undefined}
        onClose={() => setDeleting(undefined)}
        title={deleting?.length === 1 ? t('servers.files.delete.titleOne', { name: deleting[0] }) : t('servers.files.delete.titleMany', { count: deleting?.length ?? 0 })}
        confirmLabel={t('servers.files.action.delete')}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.map((name) => joinPath(folder, name)))}
      >
        <p>{t('servers.files.delete.text')}</p>
      </ConfirmModal>
    </div>
  );
}
