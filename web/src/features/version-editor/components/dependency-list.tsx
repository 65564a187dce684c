import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n/i18n-provider';
import { versionEditorQueries } from '../api/version-editor-api';
import type { DependencyDraft } from '../utils/version-form';
import styles from './version-editor.module.css';

/** The dependencies chosen so far, each named by its project (and version when one is pinned). */
export function DependencyList({ dependencies, onRemove }: { dependencies: readonly DependencyDraft[]; onRemove: (index: number) => void }) {
  const t = useT();
  if (dependencies.length === 0) return <p className={styles.muted}>{t('versionEditor.dependencies.empty')}</p>;
  return (
    <ul className={styles.list} aria-label={t('versionEditor.dependencies.listLabel')}>
      {dependencies.map((dependency, index) => (
        <DependencyRow key={`${dependency.projectId ?? ''}:${dependency.versionId ?? ''}:${dependency.fileName ?? ''}`} dependency={dependency} onRemove={() => onRemove(index)} />
      ))}
    </ul>
  );
}

function DependencyRow({ dependency, onRemove }: { dependency: DependencyDraft; onRemove: () => void }) {
  const t = useT();
  const version = useQuery({ ...versionEditorQueries.version(dependency.versionId ?? ''), enabled: dependency.versionId !== null });
  const projectId = dependency.projectId ?? version.data?.project_id;
  const project = useQuery({ ...versionEditorQueries.project(projectId ?? ''), enabled: projectId !== undefined });
  const name = project.data?.title ?? dependency.fileName ?? projectId ?? t('versionEditor.dependencies.unknown');
  return (
    <li className={styles.listItem}>
      <span className={styles.listItemMain}>
        <strong>{name}</strong>
        <span className={styles.muted}>
          {t(`versionEditor.dependencyType.${dependency.type}`)} ·{' '}
          {dependency.versionId ? t('versionEditor.dependencies.pinned', { number: version.data?.version_number ?? dependency.versionId }) : t('versionEditor.dependencies.anyVersion')}
        </span>
      </span>
      <Button size="small" variant="outlined" color="red" onClick={onRemove} aria-label={t('versionEditor.dependencies.remove', { name })}>
        {t('versionEditor.remove')}
      </Button>
    </li>
  );
}
