import type { Project } from '@cairn/shared/schemas/projects';
import type { ProjectV3 } from '@cairn/shared/schemas/catalogue-v3';
import type { Executor } from '../../db/client.js';
import { loadProjectDetails } from './project-details.js';
import { listLoaderSplits } from './project-loaders.repository.js';
import { toProjectV3 } from './project-v3.mapper.js';
import { toProject } from './projects.mapper.js';

/** Wire projects for ids other modules have already checked the caller may see. */
export async function loadWireProjects(db: Executor, ids: readonly number[], cdnUrl: string): Promise<Project[]> {
  return (await loadProjectDetails(db, ids)).map((d) => toProject(d, cdnUrl));
}

/** The same projects in the reference's v3 shape (the /v3 routes), in the order of `ids`. */
export async function loadWireProjectsV3(db: Executor, ids: readonly number[], cdnUrl: string): Promise<ProjectV3[]> {
  const [details, splits] = await Promise.all([loadProjectDetails(db, ids), listLoaderSplits(db, [...new Set(ids)])]);
  const byProject = new Map(splits.map((s) => [s.projectId, s]));
  return details.map((d) => toProjectV3(d, byProject.get(d.row.id) ?? { projectId: d.row.id, plain: [], modpack: [], hasModpack: false }, cdnUrl));
}
