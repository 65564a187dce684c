import type { FileType, VersionFile } from '@cairn/shared/schemas/versions';
import { useId, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n/i18n-provider';
import type { NewFile } from '../utils/version-form';
import { SelectField } from './select-field';
import styles from './version-editor.module.css';
import { useFormatters } from '../../../lib/use-formatters';

export interface ExistingFilesState {
  removed: ReadonlySet<string>;
  primarySha1?: string;
  fileTypes: ReadonlyMap<string, FileType | null>;
}

interface VersionFilesFieldProps {
  accept: string;
  /** The types an extra file may be given for this kind of project. */
  fileTypes: readonly FileType[];
  /** Create: the primary file to upload (undefined until picked). */
  primary?: File;
  onPrimaryChange?: (file: File) => void;
  /** Edit: the version's files as they are now. */
  existing?: readonly VersionFile[];
  existingState?: ExistingFilesState;
  onExistingChange?: (state: ExistingFilesState) => void;
  extras: readonly NewFile[];
  onExtrasChange: (extras: NewFile[]) => void;
  error?: string;
}

/** The file types a user may pick (the others are set by tools and shown by name). */
type OfferedFileType = Exclude<FileType, 'unknown' | 'signature'>;

function FileTypeSelect({ label, value, onChange, offered }: { label: string; value: FileType | null; onChange: (value: FileType | null) => void; offered: readonly FileType[] }) {
  const t = useT();
  if (offered.length === 0 && value === null) return null;
  return (
    <SelectField label={label} value={value ?? ''} onChange={(event) => onChange((event.target.value || null) as FileType | null)}>
      <option value="">{t('versionEditor.files.typeNone')}</option>
      {offered.map((type) => (
        <option key={type} value={type}>
          {t(`versionEditor.files.type.${type as OfferedFileType}`)}
        </option>
      ))}
      {value && !offered.includes(value) && <option value={value}>{value}</option>}
    </SelectField>
  );
}

/** Files of a version: the primary one, extras with their types, and (when editing) removal and a new primary. */
export function VersionFilesField(props: VersionFilesFieldProps) {
  const { accept, fileTypes, primary, onPrimaryChange, existing, existingState, onExistingChange, extras, onExtrasChange, error } = props;
  const t = useT();
  const { formatBytes } = useFormatters();
  const id = useId();
  const primaryInput = useRef<HTMLInputElement>(null);
  const extraInput = useRef<HTMLInputElement>(null);
  const kept = existing?.filter((file) => !existingState?.removed.has(file.hashes.sha1)) ?? [];

  return (
    <fieldset className={styles.fieldset} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className={styles.legend}>{t('versionEditor.files')}</legend>
      <ul className={styles.list} aria-label={t('versionEditor.files.listLabel')}>
        {onPrimaryChange && (
          <li className={styles.listItem}>
            <span className={styles.listItemMain}>
              <strong>{primary ? primary.name : t('versionEditor.files.noPrimary')}</strong>
              <span className={styles.muted}>{primary ? `${t('versionEditor.files.primary')} · ${formatBytes(primary.size)}` : t('versionEditor.files.primaryHint')}</span>
            </span>
            <input
              ref={primaryInput}
              id={`${id}-primary`}
              type="file"
              accept={accept}
              className={styles.fileInput}
              tabIndex={-1}
              aria-label={t('versionEditor.files.choosePrimary')}
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) onPrimaryChange(file);
                event.target.value = '';
              }}
            />
            <Button size="small" variant="outlined" onClick={() => primaryInput.current?.click()}>
              {primary ? t('versionEditor.files.replace') : t('versionEditor.files.choose')}
            </Button>
          </li>
        )}
        {existing && existingState && onExistingChange && (
          <>
            {kept.map((file) => {
              const isPrimary = (existingState.primarySha1 ?? existing.find((f) => f.primary)?.hashes.sha1) === file.hashes.sha1;
              return (
                <li key={file.hashes.sha1} className={styles.listItem}>
                  <span className={styles.listItemMain}>
                    <strong>{file.filename}</strong>
                    <span className={styles.muted}>{formatBytes(file.size)}</span>
                  </span>
                  <label className={styles.check}>
                    <input
                      type="radio"
                      name={`${id}-primary`}
                      checked={isPrimary}
                      onChange={() => onExistingChange({ ...existingState, primarySha1: file.hashes.sha1 })}
                    />
                    {t('versionEditor.files.primary')}
                  </label>
                  {!isPrimary && (
                    <FileTypeSelect
                      offered={fileTypes}
                      label={t('versionEditor.files.typeOf', { name: file.filename })}
                      value={existingState.fileTypes.has(file.hashes.sha1) ? (existingState.fileTypes.get(file.hashes.sha1) ?? null) : file.file_type}
                      onChange={(value) => onExistingChange({ ...existingState, fileTypes: new Map(existingState.fileTypes).set(file.hashes.sha1, value) })}
                    />
                  )}
                  {!isPrimary && (
                    <Button
                      size="small"
                      variant="outlined"
                      color="red"
                      aria-label={t('versionEditor.files.remove', { name: file.filename })}
                      onClick={() => onExistingChange({ ...existingState, removed: new Set(existingState.removed).add(file.hashes.sha1) })}
                    >
                      {t('versionEditor.remove')}
                    </Button>
                  )}
                </li>
              );
            })}
          </>
        )}
        {extras.map((extra, index) => (
          <li key={`${extra.file.name}:${index}`} className={styles.listItem}>
            <span className={styles.listItemMain}>
              <strong>{extra.file.name}</strong>
              <span className={styles.muted}>{formatBytes(extra.file.size)}</span>
            </span>
            <FileTypeSelect
              offered={fileTypes}
              label={t('versionEditor.files.typeOf', { name: extra.file.name })}
              value={extra.fileType}
              onChange={(fileType) => onExtrasChange(extras.map((e, i) => (i === index ? { ...e, fileType } : e)))}
            />
            <Button
              size="small"
              variant="outlined"
              color="red"
              aria-label={t('versionEditor.files.remove', { name: extra.file.name })}
              onClick={() => onExtrasChange(extras.filter((_, i) => i !== index))}
            >
              {t('versionEditor.remove')}
            </Button>
          </li>
        ))}
      </ul>
      <div className={styles.toolbar}>
        <input
          ref={extraInput}
          type="file"
          multiple
          className={styles.fileInput}
          tabIndex={-1}
          aria-label={t('versionEditor.files.addExtra')}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            onExtrasChange([...extras, ...files.map((file) => ({ file, fileType: null }))]);
            event.target.value = '';
          }}
        />
        <Button size="small" variant="outlined" onClick={() => extraInput.current?.click()}>
          {t('versionEditor.files.addExtra')}
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
