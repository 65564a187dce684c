import { useQuery } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { FormAlert } from '../../../components/ui/form';
import { Skeleton, SkeletonRegion } from '../../../components/ui/skeleton';
import { describeErrorForToast } from '../../../lib/notifications';
import { lazyComponent } from '../../../lib/lazy-component';
import { useT } from '../../../lib/i18n/i18n-provider';
import { fileQueries } from '../api/file-queries';
import type { NodeFiles } from '../api/node-files';
import { useSaveFile } from '../api/use-file-mutations';
import { baseName } from '../utils/file-paths';
import type { CodeEditorProps } from './code-editor';
import styles from './files-tab.module.css';

// CodeMirror is its own chunk, fetched when a file is first opened; without it, a plain text area.
const CodeEditor = lazyComponent<CodeEditorProps>(
  () => import('./code-editor').then((module) => module.CodeEditor),
  function PlainEditor({ label, initial, onChange }: CodeEditorProps) {
    return <textarea aria-label={label} defaultValue={initial} onChange={(event) => onChange(event.target.value)} className={styles.plainEditor} />;
  },
);

interface FileEditorProps {
  files: NodeFiles;
  serverId: string;
  path: string;
  onClose: () => void;
}

/** A text file open for editing: Save (also Ctrl/Cmd+S), and a guard before leaving with unsaved changes. */
export function FileEditor({ files, serverId, path, onClose }: FileEditorProps) {
  const t = useT();
  const name = baseName(path);
  const query = useQuery({ ...fileQueries.text(files, serverId, path), refetchOnWindowFocus: false });
  const [text, setText] = useState<string | undefined>();
  const [saved, setSaved] = useState<string | undefined>();
  const [confirmLeave, setConfirmLeave] = useState(false);
  const save = useSaveFile(files, { onSuccess: (_data, variables) => setSaved(variables.text) });
  const current = text ?? query.data;
  const baseline = saved ?? query.data;
  const dirty = current !== undefined && current !== baseline;

  const saveNow = useCallback(() => {
    if (current === undefined || !dirty || save.isPending) return;
    save.mutate({ path, text: current });
  }, [current, dirty, save, path]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  // Ctrl/Cmd+S anywhere while the file is open saves it instead of saving the web page.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 's') return;
      event.preventDefault();
      saveNow();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [saveNow]);

  const leave = () => (dirty ? setConfirmLeave(true) : onClose());

  return (
    <div className={styles.editor}>
      <div className={styles.editorBar}>
        <Button variant="outlined" size="small" onClick={leave}>
          {t('servers.files.editor.back')}
        </Button>
        <h2 className={styles.editorTitle}>
          <code>{path}</code>
        </h2>
        {dirty && <span className={styles.unsaved}>{t('servers.files.editor.unsaved')}</span>}
        <Button color="brand" size="small" onClick={saveNow} disabled={!dirty || save.isPending}>
          {save.isPending ? t('servers.files.editor.saving') : t('servers.files.editor.save')}
        </Button>
      </div>
      <p className={styles.hint}>{t('servers.files.editor.shortcut')}</p>
      {query.isPending ? (
        <SkeletonRegion label={t('servers.files.editor.loading')}>
          <Skeleton height="12rem" />
        </SkeletonRegion>
      ) : query.isError ? (
        <FormAlert>{t('servers.files.editor.loadError', { error: describeErrorForToast(query.error).text })}</FormAlert>
      ) : (
        <Suspense fallback={<Skeleton height="12rem" />}>
          <CodeEditor key={path} label={t('servers.files.editor.label', { name })} initial={query.data} onChange={setText} />
        </Suspense>
      )}
      <ConfirmModal open={confirmLeave} onClose={() => setConfirmLeave(false)} title={t('servers.files.discard.title')} confirmLabel={t('servers.files.discard.confirm')} onConfirm={onClose}>
        <p>{t('servers.files.discard.text', { name })}</p>
      </ConfirmModal>
    </div>
  );
}
