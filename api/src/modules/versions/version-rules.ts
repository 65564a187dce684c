import type { DependencyInput } from '@cairn/shared/schemas/versions';
import { sidesToEnvironment } from '@cairn/shared/constants/environments';
import type { SideType } from '@cairn/shared/constants/side-types';
import type { Executor } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { parseId } from '../../lib/ids.js';
import * as repo from './versions.repository.js';

/** Rules shared by version creation and edits. `field` prefixes messages ("data", "body", "initial_versions[0]"). */

const invalid = (field: string, name: string, message: string) => badRequest(`Invalid ${field} '${name}': ${message}`);

/** Ids that cannot exist match nothing. */
const idNumber = (text: string) => parseId(text) ?? -1;

/** Loaders and game versions must exist in the reference data. */
export async function checkTags(db: Executor, field: string, tags: { loaders?: readonly string[]; gameVersions?: readonly string[] }): Promise<void> {
  if (tags.loaders) {
    const known = await repo.listKnownLoaders(db, tags.loaders);
    const unknown = tags.loaders.filter((l) => !known.has(l));
    if (unknown.length) throw invalid(field, 'loaders', `unknown loader${unknown.length > 1 ? 's' : ''} ${unknown.map((l) => `'${l}'`).join(', ')}`);
  }
  if (tags.gameVersions) {
    const known = await repo.listKnownGameVersions(db, tags.gameVersions);
    const unknown = tags.gameVersions.filter((v) => !known.has(v));
    if (unknown.length) throw invalid(field, 'game_versions', `unknown game version${unknown.length > 1 ? 's' : ''} ${unknown.map((v) => `'${v}'`).join(', ')}`);
  }
}

export interface ResolvedDependency {
  dependencyVersionId: number | null;
  dependencyProjectId: number | null;
  fileName: string | null;
  dependencyType: string;
}

/**
 * Checks dependencies (no duplicates, nothing on itself, targets exist) and fills in the
 * project of a dependency given by version.
 */
export async function resolveDependencies(
  db: Executor,
  field: string,
  owner: { projectId: number; versionId: number | undefined },
  dependencies: readonly DependencyInput[],
): Promise<ResolvedDependency[]> {
  const seen = new Set<string>();
  for (const d of dependencies) {
    const key = `${d.version_id ?? ''}|${d.project_id ?? ''}|${d.file_name ?? ''}`;
    if (seen.has(key)) throw invalid(field, 'dependencies', 'the same dependency is listed twice');
    seen.add(key);
    if (owner.versionId !== undefined && d.version_id && idNumber(d.version_id) === owner.versionId) {
      throw invalid(field, 'dependencies', 'a version cannot depend on itself');
    }
  }
  const versionIds = dependencies.flatMap((d) => (d.version_id ? [idNumber(d.version_id)] : []));
  const projectIds = dependencies.flatMap((d) => (d.project_id ? [idNumber(d.project_id)] : []));
  const [versionProjects, existingProjects] = await Promise.all([repo.listVersionProjects(db, versionIds), repo.listExistingProjectIds(db, projectIds)]);
  return dependencies.map((d) => {
    let projectId = d.project_id ? idNumber(d.project_id) : null;
    let versionId: number | null = null;
    if (d.version_id) {
      versionId = idNumber(d.version_id);
      const ofVersion = versionProjects.get(versionId);
      if (ofVersion === undefined) throw invalid(field, 'dependencies', `version '${d.version_id}' does not exist`);
      if (projectId !== null && projectId !== ofVersion) throw invalid(field, 'dependencies', `version '${d.version_id}' is not a version of project '${d.project_id}'`);
      projectId = ofVersion;
    } else if (projectId !== null && !existingProjects.has(projectId)) {
      throw invalid(field, 'dependencies', `project '${d.project_id}' does not exist`);
    }
    // Declaring other versions of the same project incompatible is allowed; depending on them is not.
    if (projectId === owner.projectId && d.dependency_type !== 'incompatible') {
      throw invalid(field, 'dependencies', 'a version cannot depend on its own project');
    }
    return { dependencyVersionId: versionId, dependencyProjectId: projectId, fileName: d.file_name ?? null, dependencyType: d.dependency_type };
  });
}

/**
 * The environment of a new version: the one given, else what the project's side types
 * describe, else its first version's, else unknown.
 */
export async function environmentForNewVersion(
  db: Executor,
  project: { id: number; clientSide: string; serverSide: string },
  given: string | undefined,
): Promise<string> {
  if (given) return given;
  const fromSides = sidesToEnvironment({ client: project.clientSide as SideType, server: project.serverSide as SideType });
  if (fromSides !== 'unknown') return fromSides;
  return (await repo.findFirstVersionEnvironment(db, project.id)) ?? 'unknown';
}
