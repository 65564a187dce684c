import type { Project } from '@cairn/shared/schemas/projects';
import type { Executor } from '../../db/client.js';
import { loadProjectDetails } from './project-details.js';
import { toProject } from './projects.mapper.js';

/** Wire projects for ids other modules have already checked the caller may see. */
export async function loadWireProjects(db: Executor, ids: readonly number[], cdnUrl: string): Promise<Project[]> {
  return (await loadProjectDetails(db, ids)).map((d) => toProject(d, cdnUrl));
}
