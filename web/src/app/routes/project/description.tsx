import { Suspense } from 'react';
import type { LoaderFunction } from 'react-router';
import { loadMarkdownRenderer, Markdown } from '../../../components/markdown/markdown';
import { useProject } from '../../../features/projects/hooks/use-project-page';
import { useT } from '../../../lib/i18n/i18n-provider';
import { EmptyState } from '../../../components/ui/empty-state';
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
      {project.body.trim() ? (
        <Suspense fallback={null}>
          <Markdown source={project.body} />
        </Suspense>
      ) : (
        <EmptyState>{t('project.description.empty')}</EmptyState>
      )}
    </section>
  );
}
