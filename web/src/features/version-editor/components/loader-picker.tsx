import { findLoader } from '@cairn/shared/constants/loaders';
import { loaderLabel } from '@cairn/shared/format/tag-labels';
import type { LoaderTag } from '@cairn/shared/schemas/tags';
import { useId } from 'react';
import { useT } from '../../../lib/i18n/i18n-provider';
import styles from './version-editor.module.css';

interface LoaderPickerProps {
  loaders: readonly LoaderTag[];
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
}

/** The loaders this project's type supports, as checkboxes; legacy loaders only when already chosen. */
export function LoaderPicker({ loaders, value, onChange, error }: LoaderPickerProps) {
  const t = useT();
  const id = useId();
  return (
    <fieldset className={styles.fieldset} aria-describedby={error ? `${id}-error` : undefined} aria-invalid={error ? true : undefined}>
      <legend className={styles.legend}>{t('versionEditor.loaders')}</legend>
      <div className={styles.checkGrid}>
        {loaders.filter((loader) => !findLoader(loader.name)?.hidden || value.includes(loader.name)).map((loader) => (
          <label key={loader.name} className={styles.check}>
            <input
              type="checkbox"
              checked={value.includes(loader.name)}
              onChange={(event) => onChange(event.target.checked ? [...value, loader.name] : value.filter((name) => name !== loader.name))}
            />
            {loaderLabel(loader.name)}
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
