import { useSuspenseQuery } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { loadMarkdownRenderer } from '../../../components/markdown/markdown';
import { projectQueries } from '../../../features/projects/api/projects-queries';
import { ProjectChangelog } from '../../../features/projects/components/project-changelog';
import { useProject } from '../../../features/projects/hooks/use-project-page';
import { useProjectTagLists } from './shared';

export const createLoader = (): LoaderFunction => async () => {
  await loadMarkdownRenderer();
  return null;
};

export function Component() {
  const { project, type } = useProject();
  const { data: versions } = useSuspenseQuery(projectQueries.versions(project.id));
  const { data: members } = useSuspenseQuery(projectQueries.members(project.id));
  const { gameVersions } = useProjectTagLists();
  return <ProjectChangelog project={project} type={type} versions={versions} members={members} gameVersionTags={gameVersions} />;
}
