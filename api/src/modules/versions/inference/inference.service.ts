import { findLoader } from '@cairn/shared/constants/loaders';
import { wireProjectType } from '@cairn/shared/constants/project-types';
import type { InferredVersion } from '@cairn/shared/schemas/versions';
import type { Database } from '../../../db/client.js';
import type { Actor } from '../../../lib/actor.js';
import { badRequest } from '../../../lib/errors.js';
import { encodeBase62 } from '../../../lib/ids.js';
import { findProjectAccess, listProjectAccess } from '../../access/project.policy.js';
import type { TagsService } from '../../tags/tags.service.js';
import { readArchiveContents } from './archive-contents.js';
import { matchDependencies, slugCandidates } from './dependency-matching.js';
import { versionTitle } from './fields.js';
import { ManifestError, type ManifestReading } from './manifest.js';
import { readManifests } from './read-manifests.js';
import { findProjectTypeSources, listProjectIdsBySlugs } from './inference.repository.js';
import { channelOf } from './version-channel.js';
import { resolveGameVersions } from './version-ranges.js';

/** Declared dependencies looked up at most (a manifest listing thousands is not taken at its word). */
const MAX_DEPENDENCIES = 256;

export interface InferenceServiceDeps {
  db: Database;
  tags: Pick<TagsService, 'listGameVersions'>;
}

export function createInferenceService(deps: InferenceServiceDeps) {
  const { db, tags } = deps;

  /** The project named by `project_id`, with the wire type its loaders must fit. */
  async function targetProject(actor: Actor, projectText: string): Promise<{ id: number; type: string }> {
    const access = await findProjectAccess(db, actor, projectText);
    if (!access?.visible) throw badRequest(`Invalid query 'project_id': no project '${projectText}'`);
    const sources = (await findProjectTypeSources(db, access.project.id))!;
    return { id: access.project.id, type: wireProjectType(sources.declaredType, sources.versionTypes) };
  }

  /** Catalogue projects the caller may see whose slugs are the declared ids. */
  async function matchedDependencies(actor: Actor, reading: ManifestReading, selfId: number | undefined): Promise<InferredVersion['dependencies']> {
    const declared = reading.dependencies.slice(0, MAX_DEPENDENCIES);
    const bySlug = await listProjectIdsBySlugs(db, [...new Set(declared.flatMap((d) => slugCandidates(d.id)))]);
    const visible = new Set((await listProjectAccess(db, actor, [...new Set(bySlug.values())])).filter((a) => a.visible).map((a) => a.project.id));
    const usable = new Map([...bySlug].filter(([, id]) => visible.has(id)));
    return matchDependencies(declared, usable, selfId).map((m) => ({ project_id: encodeBase62(m.project), version_id: null, dependency_type: m.type }));
  }

  return {
    /** POST /version/infer: reads the manifest of an uploaded archive (on disk at `archivePath`). */
    async inferVersion(actor: Actor, archivePath: string, projectText: string | undefined): Promise<InferredVersion> {
      const project = projectText === undefined ? undefined : await targetProject(actor, projectText);
      let reading: ManifestReading;
      try {
        reading = readManifests(await readArchiveContents(archivePath));
      } catch (error) {
        if (error instanceof ManifestError) throw badRequest(error.message);
        throw error;
      }
      const gameVersions = resolveGameVersions(reading.gameVersions, await tags.listGameVersions({}));
      const fits = (loader: string) => (findLoader(loader)?.supportedProjectTypes as readonly string[] | undefined)?.includes(project!.type) ?? false;
      const loaders = project ? reading.loaders.filter(fits) : reading.loaders;
      return {
        name: versionTitle(reading.name, reading.versionNumber),
        version_number: reading.versionNumber,
        version_type: reading.versionNumber ? channelOf(reading.versionNumber) : 'release',
        loaders,
        game_versions: gameVersions,
        dependencies: await matchedDependencies(actor, reading, project?.id),
        project_type: reading.projectType,
        format: reading.format,
      };
    },
  };
}

export type InferenceService = ReturnType<typeof createInferenceService>;
