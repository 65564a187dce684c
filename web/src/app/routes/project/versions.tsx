import { useSuspenseQuery } from '@tanstack/react-query';
import { projectQueries } from '../../../features/projects/api/projects-queries';
import { ProjectVersions } from '../../../features/projects/components/project-versions';
import { useProject } from '../../../features/projects/hooks/use-project-page';
import { useProjectTagLists } from './shared';

export function Component() {
  const { project, type } = useProject();
  const { data: versions } = useSuspenseQuery(projectQueries.versions(project.id));
  const { gameVersions } = useProjectTagLists();
  return <ProjectVersions project={project} type={type} versions={versions} gameVersionTags={gameVersions} />;
}
