import { DEPENDENCY_TYPES, type DependencyType } from '@cairn/shared/schemas/versions';
import type { ProjectResult } from '@cairn/shared/schemas/search';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useDebounced } from '../../../lib/use-debounced';
import { versionEditorQueries } from '../api/version-editor-api';
import type { DependencyDraft } from '../utils/version-form';
import { SelectField } from './select-field';
import styles from './version-editor.module.css';

const SEARCH_DELAY_MS = 250;

interface DependencyPickerProps {
  /** The project being edited: it cannot depend on itself. */
  projectId: string;
  onAdd: (dependency: DependencyDraft) => void;
}

/** Find a project by name, pick any or one of its versions and the kind of dependency, add it. */
export function DependencyPicker({ projectId, onAdd }: DependencyPickerProps) {
  const t = useT();
  const id = useId();
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<ProjectResult | undefined>();
  const [versionId, setVersionId] = useState('');
  const [type, setType] = useState<DependencyType>('required');
  const debounced = useDebounced(query.trim(), SEARCH_DELAY_MS);
  const search = useQuery(versionEditorQueries.projectSearch(debounced));
  const versions = useQuery({ ...versionEditorQueries.projectVersions(chosen?.project_id ?? ''), enabled: chosen !== undefined });
  const hits = (search.data?.hits ?? []).filter((hit) => hit.project_id !== projectId);

  const add = () => {
    if (!chosen) return;
    onAdd({ projectId: chosen.project_id, versionId: versionId || null, fileName: null, type });
    setChosen(undefined);
    setVersionId('');
    setQuery('');
  };

  return (
    <div className={styles.fieldset}>
      <label className={styles.selectLabel} htmlFor={`${id}-search`}>
        {t('versionEditor.dependencies.search')}
      </label>
      <input
        id={`${id}-search`}
        type="search"
        className={styles.searchInput}
        value={query}
        autoComplete="off"
        onChange={(event) => {
          setQuery(event.target.value);
          setChosen(undefined);
        }}
      />
      {debounced && !chosen && (
        <ul className={styles.list} aria-label={t('versionEditor.dependencies.results')}>
          {search.isPending && <li className={styles.muted}>{t('versionEditor.dependencies.searching')}</li>}
          {search.isSuccess && hits.length === 0 && <li className={styles.muted}>{t('versionEditor.dependencies.noResults')}</li>}
          {hits.map((hit) => (
            <li key={hit.project_id} className={styles.listItem}>
              <span className={styles.listItemMain}>
                <strong>{hit.title}</strong>
                <span className={styles.muted}>{t('versionEditor.dependencies.by', { author: hit.author })}</span>
              </span>
              <Button size="small" variant="outlined" onClick={() => setChosen(hit)} aria-label={t('versionEditor.dependencies.choose', { name: hit.title })}>
                {t('versionEditor.dependencies.chooseShort')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {chosen && (
        <div className={styles.row} role="group" aria-label={t('versionEditor.dependencies.chosen', { name: chosen.title })}>
          <p className={styles.listItemMain}>
            <strong>{chosen.title}</strong>
          </p>
          <SelectField label={t('versionEditor.dependencies.version')} value={versionId} onChange={(event) => setVersionId(event.target.value)}>
            <option value="">{t('versionEditor.dependencies.anyVersion')}</option>
            {(versions.data ?? []).map((version) => (
              <option key={version.id} value={version.id}>
                {version.version_number}
              </option>
            ))}
          </SelectField>
          <SelectField label={t('versionEditor.dependencies.type')} value={type} onChange={(event) => setType(event.target.value as DependencyType)}>
            {DEPENDENCY_TYPES.map((value) => (
              <option key={value} value={value}>
                {t(`versionEditor.dependencyType.${value}`)}
              </option>
            ))}
          </SelectField>
          <div className={styles.toolbar}>
            <Button color="brand" onClick={add}>
              {t('versionEditor.dependencies.add')}
            </Button>
            <Button variant="transparent" onClick={() => setChosen(undefined)}>
              {t('versionEditor.cancel')}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
