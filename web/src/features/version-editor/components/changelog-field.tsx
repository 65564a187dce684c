import { Suspense, useState } from 'react';
import { Markdown } from '../../../components/markdown/markdown';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/form';
import { useT } from '../../../lib/i18n/i18n-provider';
import { CHANGELOG_MAX } from '../utils/version-form';
import styles from './version-editor.module.css';

interface ChangelogFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/** The changelog as markdown text, with a preview through the site's own renderer and sanitiser. */
export function ChangelogField({ value, onChange, error }: ChangelogFieldProps) {
  const t = useT();
  const [preview, setPreview] = useState(false);
  return (
    <div className={styles.fieldset}>
      <div className={styles.toolbar}>
        <Button size="small" variant="outlined" aria-pressed={preview} onClick={() => setPreview(!preview)}>
          {t('versionEditor.changelog.preview')}
        </Button>
      </div>
      {preview ? (
        <section className={styles.preview} aria-label={t('versionEditor.changelog.previewLabel')}>
          {value.trim() ? (
            <Suspense fallback={<p role="status">{t('versionEditor.loading')}</p>}>
              <Markdown source={value} />
            </Suspense>
          ) : (
            <p className={styles.muted}>{t('versionEditor.changelog.empty')}</p>
          )}
        </section>
      ) : (
        <TextAreaField
          label={t('versionEditor.changelog')}
          hint={t('versionEditor.changelog.hint', { length: value.length, max: CHANGELOG_MAX })}
          rows={10}
          maxLength={CHANGELOG_MAX}
          value={value}
          error={error}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </div>
  );
}
