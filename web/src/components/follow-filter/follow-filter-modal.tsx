import { useState, type FormEvent } from 'react';
import { loaderLabel } from '@cairn/shared/format/tag-labels';
import type { ProjectFollow } from '@cairn/shared/schemas/follows';
import { CheckboxField, FieldHint } from '../ui/form';
import { FormModal } from '../ui/form-modal';
import { useT } from '../../lib/i18n/i18n-provider';
import styles from './follow-filter-modal.module.css';

/** A follow's filter as the API answers it; empty lists narrow nothing. */
export type FollowFilterValue = Pick<ProjectFollow, 'loaders' | 'game_versions'>;

interface FollowFilterModalProps {
  /** The project's title, for the modal's heading. */
  projectTitle: string;
  /** The project's own loaders and game versions: what a filter can pick from. */
  loaders: readonly string[];
  gameVersions: readonly string[];
  /** The current filter (an unfiltered follow, or none yet: empty lists). */
  value: FollowFilterValue;
  /** The submit button's label ("Follow" before following, "Save" after). */
  submitLabel: string;
  saving: boolean;
  onSave: (filter: FollowFilterValue) => void;
  onClose: () => void;
}

/** Options offered: the project's own, then any the filter still names that the project no longer has. */
const optionsOf = (offered: readonly string[], chosen: readonly string[]) => [...offered, ...chosen.filter((c) => !offered.includes(c))];

/**
 * "Only notify me for…": narrows a follow to some of the project's loaders and game versions
 * (docs/api/catalogue.md, "Filtered follows"). Nothing ticked in a group means every one of it.
 */
export function FollowFilterModal({ projectTitle, loaders, gameVersions, value, submitLabel, saving, onSave, onClose }: FollowFilterModalProps) {
  const t = useT();
  const [chosenLoaders, setChosenLoaders] = useState<string[]>(value.loaders);
  const [chosenGameVersions, setChosenGameVersions] = useState<string[]>(value.game_versions);
  // Newest game versions first: the ones people usually pick.
  const gameVersionOptions = optionsOf([...gameVersions].reverse(), value.game_versions);
  const loaderOptions = optionsOf(loaders, value.loaders);

  const toggle = (list: string[], item: string, on: boolean) => (on ? [...list, item] : list.filter((entry) => entry !== item));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSave({
      loaders: loaderOptions.filter((l) => chosenLoaders.includes(l)),
      game_versions: gameVersionOptions.filter((v) => chosenGameVersions.includes(v)),
    });
  };

  return (
    <FormModal title={t('followFilter.title', { title: projectTitle })} onClose={onClose} onSubmit={submit} submitLabel={submitLabel} submitDisabled={saving} formClassName={styles.form}>
      <div>
        <p className={styles.intro}>{t('followFilter.intro')}</p>
        <FieldHint>{t('followFilter.hint')}</FieldHint>
      </div>
      {loaderOptions.length > 0 && (
        <fieldset className={styles.group}>
          <legend className={styles.legend}>{t('followFilter.loaders')}</legend>
          <div className={styles.options}>
            {loaderOptions.map((loader) => (
              <CheckboxField
                key={loader}
                label={loaderLabel(loader)}
                checked={chosenLoaders.includes(loader)}
                onChange={(event) => {
                  const on = event.currentTarget.checked;
                  setChosenLoaders((list) => toggle(list, loader, on));
                }}
              />
            ))}
          </div>
        </fieldset>
      )}
      {gameVersionOptions.length > 0 && (
        <fieldset className={styles.group}>
          <legend className={styles.legend}>{t('followFilter.gameVersions')}</legend>
          <div className={styles.options}>
            {gameVersionOptions.map((version) => (
              <CheckboxField
                key={version}
                label={version}
                checked={chosenGameVersions.includes(version)}
                onChange={(event) => {
                  const on = event.currentTarget.checked;
                  setChosenGameVersions((list) => toggle(list, version, on));
                }}
              />
            ))}
          </div>
        </fieldset>
      )}
    </FormModal>
  );
}

/** One line saying what a follow notifies about: "Every new version", or the loaders and game versions it is narrowed to. */
export function useFollowFilterSummary(): (filter: FollowFilterValue) => string {
  const t = useT();
  return (filter) => {
    if (filter.loaders.length === 0 && filter.game_versions.length === 0) return t('followFilter.summary.all');
    const parts = [
      ...(filter.loaders.length ? [filter.loaders.map(loaderLabel).join(', ')] : []),
      ...(filter.game_versions.length ? [filter.game_versions.join(', ')] : []),
    ];
    return t('followFilter.summary.only', { filter: parts.join(' · ') });
  };
}
