import { useCallback, useId } from 'react';
import { MarkdownEditor } from '../../../components/markdown-editor/markdown-editor';
import { imageExtension } from '../../../lib/image-extension';
import { useT } from '../../../lib/i18n/i18n-provider';
import { uploadChangelogImage } from '../api/version-editor-api';
import { CHANGELOG_MAX } from '../utils/version-form';
import styles from './version-editor.module.css';

interface ChangelogFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  projectId: string;
  /** The version being edited; a new one has no id yet, so its images belong to the project. */
  versionId?: string;
}

/** The changelog in the site's markdown editor: toolbar, preview, and images uploaded into the text. */
export function ChangelogField({ value, onChange, error, projectId, versionId }: ChangelogFieldProps) {
  const t = useT();
  const errorId = useId();
  const uploadImage = useCallback(
    (file: File) => uploadChangelogImage(versionId ? { versionId } : { projectId }, file, imageExtension(file) ?? 'png'),
    [projectId, versionId],
  );
  return (
    <div className={styles.fieldset} aria-describedby={error ? errorId : undefined}>
      <MarkdownEditor
        label={t('versionEditor.changelog')}
        value={value}
        onChange={onChange}
        maxLength={CHANGELOG_MAX}
        placeholder={t('versionEditor.changelog.placeholder')}
        onUploadImage={uploadImage}
      />
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
