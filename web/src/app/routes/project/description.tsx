import { useSuspenseQuery } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { loadMarkdownRenderer } from '../../../components/markdown/markdown';
import { projectQueries } from '../../../features/projects/api/projects-queries';
import { ModpackReadiness } from '../../../features/projects/components/modpack-readiness';
import { ProjectDescription } from '../../../features/projects/components/project-description';
import { useProject } from '../../../features/projects/hooks/use-project-page';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useProjectTagLists } from './shared';
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
    <>
      <section className={styles.card} aria-label={t('project.tabs.description')}>
        <ProjectDescription project={project} />
      </section>
      {project.project_type === 'modpack' && <PackReadiness projectId={project.id} />}
    </>
  );
}

/** A modpack's "Ready for a newer game version?" card (its versions and the tags are loaded by the layout). */
function PackReadiness({ projectId }: { projectId: string }) {
  const { data: versions } = useSuspenseQuery(projectQueries.versions(projectId));
  const { gameVersions } = useProjectTagLists();
  return <ModpackReadiness className={styles.readinessCard} versions={versions} gameVersionTags={gameVersions} />;
}
