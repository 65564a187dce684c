import type { GameVersionTag } from '@cairn/shared/schemas/tags';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useT } from '../../../lib/i18n/i18n-provider';
import { listedGameVersions, toggleGameVersion } from '../utils/game-version-selection';
import styles from './version-editor.module.css';

interface GameVersionPickerProps {
  tags: readonly GameVersionTag[];
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
}

/** Game versions as checkboxes: releases unless "Show all versions", searchable, shift-click for a range. */
export function GameVersionPicker({ tags, value, onChange, error }: GameVersionPickerProps) {
  const t = useT();
  const id = useId();
  const [showAll, setShowAll] = useState(false);
  const [search, setSearch] = useState('');
  const anchor = useRef<string | undefined>(undefined);
  const listed = listedGameVersions(tags, showAll, value).filter((version) => version.toLowerCase().includes(search.trim().toLowerCase()));

  const onToggle = (version: string) => (event: ChangeEvent<HTMLInputElement>) => {
    const range = (event.nativeEvent as MouseEvent).shiftKey === true;
    onChange(toggleGameVersion(listed, value, version, { anchor: anchor.current, range }));
    anchor.current = version;
  };

  return (
    <fieldset className={styles.fieldset} aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`} aria-invalid={error ? true : undefined}>
      <legend className={styles.legend}>{t('versionEditor.gameVersions')}</legend>
      <div className={styles.toolbar}>
        <input
          type="search"
          className={styles.searchInput}
          aria-label={t('versionEditor.gameVersions.search')}
          placeholder={t('versionEditor.gameVersions.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <label className={styles.check}>
          <input type="checkbox" checked={showAll} onChange={(event) => setShowAll(event.target.checked)} />
          {t('versionEditor.gameVersions.showAll')}
        </label>
      </div>
      <div className={styles.checkGrid}>
        {listed.map((version) => (
          <label key={version} className={styles.check}>
            <input type="checkbox" checked={value.includes(version)} onChange={onToggle(version)} />
            {version}
          </label>
        ))}
        {listed.length === 0 && <span className={styles.muted}>{t('versionEditor.gameVersions.none')}</span>}
      </div>
      <p id={`${id}-hint`} className={styles.hint}>
        {t('versionEditor.gameVersions.hint', { count: value.length })}
      </p>
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
