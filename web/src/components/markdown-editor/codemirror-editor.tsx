import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { markdown } from '@codemirror/lang-markdown';
import { Compartment, EditorState } from '@codemirror/state';
import { EditorView, keymap, placeholder } from '@codemirror/view';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Button } from '../ui/button';
import { useT } from '../../lib/i18n/i18n-provider';
import { imageExtension } from '../../lib/image-extension';
import type { MessageId } from '../../lib/i18n/catalogs';
import { applyMarkdownAction, type MarkdownAction } from './markdown-format';
import styles from './markdown-editor.module.css';

interface CodeMirrorEditorProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  disabled: boolean;
  onUploadImage?: (file: File) => Promise<string>;
  describedBy: string;
  placeholder?: string;
}

const ACTIONS: ReadonlyArray<{ action: MarkdownAction; label: MessageId; glyph: string }> = [
  { action: 'heading', label: 'markdownEditor.heading', glyph: 'H' },
  { action: 'bold', label: 'markdownEditor.bold', glyph: 'B' },
  { action: 'italic', label: 'markdownEditor.italic', glyph: 'I' },
  { action: 'code', label: 'markdownEditor.code', glyph: '</>' },
  { action: 'list', label: 'markdownEditor.list', glyph: '•' },
  { action: 'quote', label: 'markdownEditor.quote', glyph: '❝' },
  { action: 'link', label: 'markdownEditor.link', glyph: '🔗' },
  { action: 'image', label: 'markdownEditor.image', glyph: '🖼' },
];

/** Images for markdown text: up to 1 MiB (api-surface §3.18). */
const IMAGE_MAX_BYTES = 1024 * 1024;

/** The CodeMirror 6 text area and its toolbar (loaded lazily by MarkdownEditor). */
export function CodeMirrorEditor({ label, value, onChange, maxLength, disabled, onUploadImage, describedBy, placeholder: placeholderText }: CodeMirrorEditorProps) {
  const t = useT();
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  const editable = useRef(new Compartment());
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploadError, setUploadError] = useState<string | undefined>();
  const [uploading, setUploading] = useState(false);

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    if (!host.current) return;
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          history(),
          keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
          markdown(),
          EditorView.lineWrapping,
          placeholder(placeholderText ?? t('markdownEditor.placeholder')),
          // Input and pastes past the limit are refused as a whole.
          EditorState.transactionFilter.of((tr) => (tr.docChanged && tr.newDoc.length > maxLength && tr.newDoc.length > tr.startState.doc.length ? [] : tr)),
          EditorView.contentAttributes.of({ 'aria-label': label, 'aria-multiline': 'true', 'aria-describedby': describedBy }),
          editable.current.of(EditorView.editable.of(!disabled)),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) onChangeRef.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // The editor is made once; later value and disabled changes are applied below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A value set from outside (a reset after saving) replaces the text.
  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value) editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
  }, [value]);

  useEffect(() => {
    view.current?.dispatch({ effects: editable.current.reconfigure(EditorView.editable.of(!disabled)) });
  }, [disabled]);

  const apply = (action: MarkdownAction, url?: string) => {
    const editor = view.current;
    if (!editor) return;
    const { from, to } = editor.state.selection.main;
    const edit = applyMarkdownAction(editor.state.doc.toString(), from, to, action, url);
    editor.dispatch({ changes: { from: edit.from, to: edit.to, insert: edit.insert }, selection: edit.selection, scrollIntoView: true });
    editor.focus();
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || !onUploadImage) return;
    const ext = imageExtension(file);
    if (!ext) return setUploadError(t('markdownEditor.imageType'));
    if (file.size > IMAGE_MAX_BYTES) return setUploadError(t('markdownEditor.imageSize'));
    setUploadError(undefined);
    setUploading(true);
    try {
      apply('image', await onUploadImage(file));
    } catch (error) {
      setUploadError(error instanceof Error ? error.message : String(error));
    } finally {
      setUploading(false);
    }
  };

  return (
    <div>
      <div role="toolbar" aria-label={t('markdownEditor.toolbar')} aria-controls={undefined} className={styles.toolbar}>
        {ACTIONS.map(({ action, label: actionLabel, glyph }) => (
          <Button key={action} size="small" variant="transparent" aria-label={t(actionLabel)} title={t(actionLabel)} disabled={disabled} onClick={() => apply(action)}>
            <span aria-hidden="true" className={styles[`glyph-${action}`]}>
              {glyph}
            </span>
          </Button>
        ))}
        {onUploadImage && (
          <>
            <input ref={fileInput} type="file" accept="image/png,image/jpeg,image/gif,image/webp" className={styles.file} tabIndex={-1} aria-hidden="true" onChange={(event) => void onFile(event)} />
            <Button size="small" variant="outlined" disabled={disabled || uploading} onClick={() => fileInput.current?.click()}>
              {uploading ? t('markdownEditor.uploading') : t('markdownEditor.uploadImage')}
            </Button>
          </>
        )}
      </div>
      {uploadError && (
        <p className={styles.error} role="alert">
          {uploadError}
        </p>
      )}
      <div ref={host} className={styles.host} />
    </div>
  );
}
