import { REVIEW_CHECK_MAX_VERSIONS } from '@cairn/shared/schemas/review-checks';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { notFound, unauthorized } from '../../lib/errors.js';
import type { FileStore } from '../../lib/storage/file-store.js';
import { reviewChecksAccess } from '../access/moderation.policy.js';
import { requireVisibleProject } from '../access/project.policy.js';
import type { TagsService } from '../tags/tags.service.js';
import { ManifestError, readManifests, readStoredArchive, resolveGameVersions } from '../versions/version-archives.port.js';
import { REVIEW_CHECKS } from './checks.js';
import { licenseTokens } from './checks/license.js';
import type { CheckOutcome, FileReading, ReviewCheckDefinition, ReviewSubject } from './review-check.js';
import * as repo from './review-checks.repository.js';

export interface ReviewChecksServiceDeps {
  db: Database;
  files: FileStore;
  cdnUrl: string;
  tags: Pick<TagsService, 'listGameVersions'>;
  /** The checks to run; REVIEW_CHECKS unless a test narrows them. */
  checks?: readonly ReviewCheckDefinition[];
}

/** Files read at once: a request reads at most REVIEW_CHECK_MAX_VERSIONS archives, a few at a time. */
const READ_CONCURRENCY = 3;

async function mapLimited<T, R>(items: readonly T[], limit: number, map: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await map(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** The review pre-checks of a project (docs/api/moderation.md, "Review pre-checks"). */
export function createReviewChecksService(deps: ReviewChecksServiceDeps) {
  const { db, files, cdnUrl, tags } = deps;
  const checks = deps.checks ?? REVIEW_CHECKS;

  /** What a stored file says: its entry names, and the loaders and game versions its manifest declares. */
  async function readFile(blob: { blobKey: string; size: number } | undefined, gameVersionTags: Parameters<typeof resolveGameVersions>[1]): Promise<FileReading> {
    if (!blob) return { state: 'no_file' };
    let names: readonly string[] = [];
    try {
      const contents = await readStoredArchive(files, { key: blob.blobKey, size: blob.size });
      names = contents.names;
      const reading = readManifests(contents);
      return { state: 'read', names, loaders: reading.loaders, gameVersions: resolveGameVersions(reading.gameVersions, gameVersionTags) };
    } catch (error) {
      if (error instanceof ManifestError) return { state: 'unreadable', problem: error.message, names };
      throw error;
    }
  }

  async function gatherSubject(projectId: number): Promise<ReviewSubject> {
    const project = (await repo.findCheckedProject(db, projectId))!;
    const [knownLicenses, links, gallery, versionRows] = await Promise.all([
      repo.listKnownLicenses(db, licenseTokens(project.licenseId)),
      repo.listLinks(db, projectId),
      repo.listGallery(db, projectId),
      repo.listNewestVersions(db, projectId, REVIEW_CHECK_MAX_VERSIONS),
    ]);
    const versionIds = versionRows.map((v) => v.id);
    const [primaryFiles, externalFiles, gameVersionTags] = await Promise.all([
      repo.listPrimaryFiles(db, versionIds),
      repo.listExternalFiles(db, versionIds),
      versionRows.length > 0 ? tags.listGameVersions({}) : Promise.resolve([]),
    ]);
    const fileOf = new Map(primaryFiles.map((f) => [f.versionId, f]));
    const readings = await mapLimited(versionRows, READ_CONCURRENCY, (v) => readFile(fileOf.get(v.id), gameVersionTags));
    return {
      project,
      knownLicenses,
      links,
      gallery: gallery.map((image) => ({ url: `${cdnUrl}/${image.imageKey}`, title: image.title, description: image.description })),
      versions: versionRows.map((v, i) => ({
        ...v,
        externalFiles: externalFiles.filter((f) => f.versionId === v.id).map((f) => f.fileName!),
        file: readings[i]!,
      })),
    };
  }

  return {
    /** Every pre-check's outcome for the project, in the order of the list. */
    async getReviewChecks(actor: Actor, idOrSlug: string): Promise<{ projectId: number; results: Array<{ id: ReviewCheckDefinition['id']; outcome: CheckOutcome }> }> {
      const access = await requireVisibleProject(db, actor, idOrSlug);
      const allowed = reviewChecksAccess(actor, access);
      if (allowed === 'hidden') throw notFound('The project does not exist or you may not see it');
      if (allowed === 'forbidden') throw unauthorized("You don't have permission to see this project's review pre-checks");
      const subject = await gatherSubject(access.project.id);
      const env = { db, files };
      const results = await Promise.all(checks.map(async (check) => ({ id: check.id, outcome: (await check.run(subject, env)) as CheckOutcome })));
      return { projectId: access.project.id, results };
    },
  };
}

export type ReviewChecksService = ReturnType<typeof createReviewChecksService>;
