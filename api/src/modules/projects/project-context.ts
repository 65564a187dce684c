import type { Project } from '@cairn/shared/schemas/projects';
import type { Actor } from '../../lib/actor.js';
import type { Database, Executor } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import type { FileStore } from '../../lib/storage/file-store.js';
import type { FileTokens } from '../../lib/file-tokens.js';
import type { JobQueue } from '../../lib/jobs/job-types.js';
import type { ModpackDownloadPolicy } from '../versions/modpack-rules.js';
import { deleteUnreferencedBlobs } from '../../lib/storage/blob-references.js';
import { requireProjectPermission, requireVisibleProject, type ProjectAccess } from '../access/project.policy.js';
import type { ProjectCache } from './project-cache.js';
import { loadProjectDetails } from './project-details.js';
import { toProject } from './projects.mapper.js';
import * as repo from './projects.repository.js';

export interface ProjectsServiceDeps {
  db: Database;
  files: FileStore;
  /** Base URL of stored images. */
  cdnUrl: string;
  /** Base URL of the API (version file downloads). */
  publicApiUrl: string;
  /** Signs links to files of versions not everyone may see (dependency lists). */
  fileTokens: FileTokens;
  /** Where the files listed in modpacks of initial versions may be downloaded from. */
  modpackDownloads: ModpackDownloadPolicy;
  cache: ProjectCache;
  /** Queues the follower fan-out when a project is first released; absent, nothing is announced. */
  jobs?: JobQueue;
}

const LINK_FIELDS = { issues_url: 'issues', source_url: 'source', wiki_url: 'wiki', discord_url: 'discord' } as const;
export const LINK_FIELD_NAMES = Object.keys(LINK_FIELDS) as Array<keyof typeof LINK_FIELDS>;

/** What every projects use case shares: wire objects, blob clean-up, permission checks, links. */
export function createProjectContext(deps: ProjectsServiceDeps) {
  const { db, files, cdnUrl } = deps;

  async function toProjects(executor: Executor, ids: readonly number[]): Promise<Project[]> {
    return (await loadProjectDetails(executor, ids)).map((d) => toProject(d, cdnUrl));
  }

  const discardBlobs = (keys: Iterable<string | null | undefined>) => deleteUnreferencedBlobs(db, files, keys);

  return {
    ...deps,
    toProjects,
    async projectById(id: number): Promise<Project> {
      const [project] = await toProjects(db, [id]);
      if (!project) throw notFound();
      return project;
    },
    discardBlobs,
    /** Runs `work` in a transaction; blobs stored for it are removed again if it fails. */
    async withUploads<T>(keys: readonly string[], work: (tx: Executor) => Promise<T>): Promise<T> {
      try {
        return await db.transaction(work);
      } catch (error) {
        await discardBlobs(keys);
        throw error;
      }
    },
    async requireEditable(actor: Actor, idOrSlug: string, permission: number, action: string): Promise<ProjectAccess> {
      const access = await requireVisibleProject(db, actor, idOrSlug);
      requireProjectPermission(access, permission, action);
      return access;
    },
    async applyLinks(tx: Executor, projectId: number, fields: Partial<Record<keyof typeof LINK_FIELDS, string | null | undefined>>) {
      for (const [field, platform] of Object.entries(LINK_FIELDS) as Array<[keyof typeof LINK_FIELDS, string]>) {
        const value = fields[field];
        if (value !== undefined) await repo.setLink(tx, projectId, platform, false, value);
      }
    },
    async setDonationLinks(tx: Executor, projectId: number, links: ReadonlyArray<{ id: string; url: string }>) {
      await repo.deleteDonationLinks(tx, projectId);
      for (const link of links) await repo.setLink(tx, projectId, link.id, true, link.url);
    },
  };
}

export type ProjectContext = ReturnType<typeof createProjectContext>;
