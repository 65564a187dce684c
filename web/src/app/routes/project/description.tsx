import type { LoaderFunction } from 'react-router';
import { loadMarkdownRenderer } from '../../../components/markdown/markdown';
import { ProjectDescription } from '../../../features/projects/components/project-description';
import { useProject } from '../../../features/projects/hooks/use-project-page';
import { useT } from '../../../lib/i18n/i18n-provider';
import styles from './description.module.css';

/** The renderer's code loads while the layout loads the project. */
export const createLoader = (): LoaderFunction => async () => {
  await loadMarkdownRenderer();
  return null;
};

export function Component() {
  const t = useT();
  const { project } = useProject();
  return (
    <section className={styles.card} aria-label={t('project.tabs.description')}>
      <ProjectDescription project={project} />
    </section>
  );
}
