import { algorithmOfHash, type HashAlgorithm, type HashProjectMap } from '@cairn/shared/schemas/hashes';
import type { Actor } from '../../lib/actor.js';
import { encodeBase62 } from '../../lib/ids.js';
import { listVisibleHashMatches, projectOfEachHash } from '../versions/version-hashes.port.js';
import type { ProjectContext } from './project-context.js';

/** Projects found from their files' hashes (what launchers use to identify installed files). */
export function createProjectHashLookups(context: ProjectContext) {
  const { db, toProjects } = context;

  return {
    /**
     * POST /version_file/project: each known hash → the project of its file, decided as by the
     * other hash routes (the project of the newest version holding the file that the caller may
     * see); files only in versions the caller may not see are left out.
     */
    async getProjectsByHashes(actor: Actor | null, hashes: readonly string[], algorithm: HashAlgorithm | undefined): Promise<HashProjectMap> {
      if (hashes.length === 0) return {};
      const projectOfHash = projectOfEachHash(await listVisibleHashMatches(db, actor, hashes, algorithmOfHash(hashes[0]!, algorithm)));
      const projects = new Map((await toProjects(db, [...new Set(projectOfHash.values())])).map((project) => [project.id, project]));
      const entries = [...projectOfHash].flatMap(([hash, projectId]) => {
        const project = projects.get(encodeBase62(projectId));
        return project ? [[hash, project] as const] : [];
      });
      return Object.fromEntries(entries);
    },
  };
}
