import { projectUrlType } from '@cairn/shared/constants/loaders';
import { isProjectType, type ProjectType } from '@cairn/shared/constants/project-types';
import type { Project } from '@cairn/shared/schemas/projects';

/** The type a project's URLs use (a mod with a data pack loader lives under /datapack/). */
export function urlTypeOf(project: Pick<Project, 'project_type' | 'loaders'>): ProjectType {
  const type = projectUrlType(project.project_type, project.loaders);
  return isProjectType(type) ? type : 'mod';
}
