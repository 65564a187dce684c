import { projectUrlType } from '@cairn/shared/constants/loaders';
import { isProjectType, PROJECT_TYPES, type ProjectType } from '@cairn/shared/constants/project-types';
import type { Project } from '@cairn/shared/schemas/projects';

/** The kind a project is shown as (its URL type: plugins and data packs apart from mods). */
function projectTypeOf(project: Pick<Project, 'project_type' | 'loaders'>): ProjectType {
  const type = projectUrlType(project.project_type, project.loaders);
  return isProjectType(type) ? type : 'mod';
}

/** A user's projects by kind, in the site's order of project types; kinds without projects are left out. */
export function projectsByType(projects: readonly Project[]): Map<ProjectType, Project[]> {
  const groups = new Map<ProjectType, Project[]>();
  for (const type of PROJECT_TYPES) {
    const list = projects.filter((project) => projectTypeOf(project) === type);
    if (list.length > 0) groups.set(type, list);
  }
  return groups;
}
