import { lazy, Suspense, useId, useState } from 'react';
import { Markdown } from '../markdown/markdown';
import { Tabs } from '../ui/tabs';
import { useT } from '../../lib/i18n/i18n-provider';
import styles from './markdown-editor.module.css';

// CodeMirror is a chunk of its own, fetched when an editor is first shown.
const CodeMirrorEditor = lazy(() => import('./codemirror-editor').then((module) => ({ default: module.CodeMirrorEditor })));

export interface MarkdownEditorProps {
  /** Accessible name of the text area. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Longest text accepted; typing and pasting past it are refused. */
  maxLength: number;
  disabled?: boolean;
  /** Uploads an image and answers its URL; without it the toolbar only inserts image links. */
  onUploadImage?: (file: File) => Promise<string>;
  /** Shown while the text is empty. */
  placeholder?: string;
}

/** Markdown with a formatting toolbar, a preview rendered like the published page, and a length counter. */
export function MarkdownEditor({ label, value, onChange, maxLength, disabled = false, onUploadImage, placeholder }: MarkdownEditorProps) {
  const t = useT();
  const [tab, setTab] = useState('write');
  const counterId = useId();
  return (
    <div className={styles.editor}>
      <Tabs
        label={t('markdownEditor.modes')}
        selected={tab}
        onSelect={setTab}
        tabs={[
          {
            id: 'write',
            label: t('markdownEditor.write'),
            panel: (
              <Suspense fallback={<p className={styles.loading}>{t('markdownEditor.loading')}</p>}>
                <CodeMirrorEditor label={label} value={value} onChange={onChange} maxLength={maxLength} disabled={disabled} onUploadImage={onUploadImage} describedBy={counterId} placeholder={placeholder} />
              </Suspense>
            ),
          },
          {
            id: 'preview',
            label: t('markdownEditor.preview'),
            panel: (
              <div className={styles.preview}>
                {tab === 'preview' &&
                  (value.trim() ? (
                    <Suspense fallback={<p className={styles.loading}>{t('markdownEditor.loading')}</p>}>
                      <Markdown source={value} />
                    </Suspense>
                  ) : (
                    <p className={styles.loading}>{t('markdownEditor.nothing')}</p>
                  ))}
              </div>
            ),
          },
        ]}
      />
      <div className={styles.footer}>
        <span>{t('markdownEditor.supports')}</span>
        <span id={counterId}>{t('markdownEditor.length', { count: value.length, max: maxLength })}</span>
      </div>
    </div>
  );
}
