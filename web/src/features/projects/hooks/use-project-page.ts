import { isProjectType, type ProjectType } from '@cairn/shared/constants/project-types';
import { projectUrlType } from '@cairn/shared/constants/loaders';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { projectQueries } from '../api/projects-queries';

/** The route parameter of every project page: the slug once the URL is canonical. */
function useProjectParam(): string {
  const { id } = useParams();
  if (!id) throw new Error('Project pages need an :id route parameter');
  return id;
}

/** The project of the current page and its URL type (mod, plugin, data pack…). */
export function useProject() {
  const { data: project } = useSuspenseQuery(projectQueries.detail(useProjectParam()));
  const urlType = projectUrlType(project.project_type, project.loaders);
  const type: ProjectType = isProjectType(urlType) ? urlType : 'mod';
  return { project, type };
}
