import { loaderLabel } from '@cairn/shared/format/tag-labels';
import type { GameVersionTag } from '@cairn/shared/schemas/tags';
import type { Version } from '@cairn/shared/schemas/versions';
import { useState } from 'react';
import { ChevronDownIcon, CloseIcon } from '../../../components/ui/icons';
import { Popover } from '../../../components/ui/popover';
import { useT } from '../../../lib/i18n/i18n-provider';
import { CHANNELS, isRelease, toggleValue, versionGameVersions, versionLoaders, type VersionFilter } from '../utils/versions';
import { cx } from '../../../lib/class-names';
import styles from './version-filters.module.css';
import { Input } from '../../../components/ui/input';
import chipStyles from '../../../components/ui/filter-chips.module.css';

interface VersionFiltersProps {
  versions: readonly Version[];
  gameVersionTags: readonly GameVersionTag[];
  filter: VersionFilter;
  onChange: (filter: VersionFilter) => void;
  /** Resource packs have no platform to choose. */
  showPlatforms: boolean;
}

/** Platform, game version and channel multi-selects, with removable chips (Versions and Changelog tabs). */
export function VersionFilters({ versions, gameVersionTags, filter, onChange, showPlatforms }: VersionFiltersProps) {
  const t = useT();
  const loaders = versionLoaders(versions);
  const gameVersions = versionGameVersions(versions, gameVersionTags);
  const chips = [
    ...filter.loaders.map((value) => ({ key: `l:${value}`, label: loaderLabel(value), remove: () => onChange({ ...filter, loaders: toggleValue(filter.loaders, value) }) })),
    ...filter.gameVersions.map((value) => ({ key: `g:${value}`, label: value, remove: () => onChange({ ...filter, gameVersions: toggleValue(filter.gameVersions, value) }) })),
    ...filter.channels.map((value) => ({ key: `c:${value}`, label: t(`project.channel.${value}`), remove: () => onChange({ ...filter, channels: toggleValue(filter.channels, value) }) })),
  ];
  return (
    <div className={styles.versionFilters}>
      <div className={styles.versionFiltersSelects}>
        {showPlatforms && loaders.length > 1 && (
          <MultiSelect
            label={t('project.versions.platform')}
            options={loaders.map((value) => ({ value, label: loaderLabel(value) }))}
            selected={filter.loaders}
            onToggle={(value) => onChange({ ...filter, loaders: toggleValue(filter.loaders, value) })}
          />
        )}
        {gameVersions.length > 1 && (
          <MultiSelect
            label={t('project.versions.gameVersions')}
            options={gameVersions.map((value) => ({ value, label: value, secondary: !isRelease(value, gameVersionTags) }))}
            selected={filter.gameVersions}
            searchable
            onToggle={(value) => onChange({ ...filter, gameVersions: toggleValue(filter.gameVersions, value) })}
          />
        )}
        <MultiSelect
          label={t('project.versions.channels')}
          options={CHANNELS.map((value) => ({ value, label: t(`project.channel.${value}`) }))}
          selected={filter.channels}
          onToggle={(value) => onChange({ ...filter, channels: toggleValue(filter.channels, value as VersionFilter['channels'][number]) })}
        />
      </div>
      {chips.length > 0 && (
        <ul className={chipStyles.chips} aria-label={t('search.chips.label')}>
          {chips.length > 1 && (
            <li>
              <button type="button" className={`${chipStyles.chip} ${chipStyles.clear}`} onClick={() => onChange({ loaders: [], gameVersions: [], channels: [] })}>
                {t('search.chips.clearAll')}
              </button>
            </li>
          )}
          {chips.map((chip) => (
            <li key={chip.key}>
              <button type="button" className={chipStyles.chip} aria-label={t('search.chips.remove', { label: chip.label })} onClick={chip.remove}>
                <span>{chip.label}</span>
                <CloseIcon />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

interface MultiSelectProps {
  label: string;
  options: ReadonlyArray<{ value: string; label: string; secondary?: boolean }>;
  selected: readonly string[];
  onToggle: (value: string) => void;
  searchable?: boolean;
}

function MultiSelect({ label, options, selected, onToggle, searchable = false }: MultiSelectProps) {
  const t = useT();
  const [query, setQuery] = useState('');
  const [showAll, setShowAll] = useState(false);
  const text = query.trim().toLowerCase();
  const shown = options.filter((o) => selected.includes(o.value) || ((showAll || !o.secondary) && (!text || o.label.toLowerCase().includes(text))));
  return (
    <Popover
      label={label}
      placement="bottom-start"
      triggerClassName={styles.multiSelectTrigger}
      trigger={
        <>
          <span>{label}</span>
          {selected.length > 0 && <span className={styles.multiSelectCount}>{selected.length}</span>}
          <ChevronDownIcon />
        </>
      }
    >
      <div className={styles.multiSelect}>
        {searchable && (
          <Input type="search" value={query} placeholder={t('search.filter.searchVersions')} aria-label={t('search.filter.searchVersionsLabel')} onChange={(e) => setQuery(e.target.value)} />
        )}
        <fieldset className={styles.multiSelectOptions}>
          <legend className="visually-hidden">{label}</legend>
          {shown.map((option) => (
            <label key={option.value} className={styles.multiSelectOption}>
              <input type="checkbox" checked={selected.includes(option.value)} onChange={() => onToggle(option.value)} />
              {option.label}
            </label>
          ))}
        </fieldset>
        {options.some((o) => o.secondary) && (
          <label className={cx(styles.multiSelectOption, styles.multiSelectAll)}>
            <input type="checkbox" checked={showAll} onChange={(e) => setShowAll(e.target.checked)} />
            {t('search.filter.showAllVersions')}
          </label>
        )}
      </div>
    </Popover>
  );
}
