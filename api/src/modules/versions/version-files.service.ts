import { PROJECT_PERMISSIONS } from '@cairn/shared/constants/permissions';
import { algorithmOfHash, type HashAlgorithm, type UpdateFilters } from '@cairn/shared/schemas/hashes';
import type { Version } from '@cairn/shared/schemas/versions';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { FileStore } from '../../lib/storage/file-store.js';
import { requireProjectPermission } from '../catalogue-access/access.js';
import { deleteUnreferencedBlobs } from '../catalogue/blobs.js';
import { recordSearchChange } from '../catalogue/search-outbox.js';
import { filterVisible, loadWireVersions, requireVisibleVersion, toWireVersions } from './version-details.js';
import { toVersion, versionFileUrl } from './versions.mapper.js';
import { listFilesOfVersions, withFilesAndDependencies } from './version-details.repository.js';
import * as repo from './versions.repository.js';
import { idOf } from './versions.service.js';

export interface VersionFilesServiceDeps {
  db: Database;
  files: FileStore;
  publicApiUrl: string;
}

export interface HashOptions {
  algorithm?: HashAlgorithm;
  /** Picks one version when several hold the same file. */
  versionId?: string;
}

const missing = () => notFound('No version you may see has a file with this hash');

const toFilter = (filters: UpdateFilters): repo.UpdateFilter => ({
  loaders: filters.loaders,
  gameVersions: filters.game_versions,
  versionTypes: filters.version_types,
});

/**
 * Lookups by file hash (what launchers use to identify installed files and find updates).
 * Everything answers only with versions the caller may see; invisible ones are as absent.
 */
export function createVersionFilesService(deps: VersionFilesServiceDeps) {
  const { db, files, publicApiUrl } = deps;

  /** Visible versions holding each hash, newest first per hash. */
  async function visibleMatches(actor: Actor | null, hashes: readonly string[], algorithm: HashAlgorithm) {
    const rows = await repo.listVersionsByFileHashes(db, algorithm, [...new Set(hashes)]);
    return filterVisible(db, actor, rows);
  }

  /** The visible matches of one hash, narrowed to `versionId` when given. */
  async function matchesOf(actor: Actor | null, hash: string, options: HashOptions) {
    const lower = hash.toLowerCase();
    let matches = await visibleMatches(actor, [lower], algorithmOfHash(lower, options.algorithm));
    if (options.versionId !== undefined) matches = matches.filter((m) => m.versionId === idOf(options.versionId!));
    if (matches.length === 0) throw missing();
    return matches;
  }

  return {
    /** GET /version_file/{hash}: the newest version holding the file, or all of them with `multiple`. */
    async getVersionByHash(actor: Actor | null, hash: string, options: HashOptions & { multiple?: boolean }): Promise<Version | Version[]> {
      const matches = await matchesOf(actor, hash, options);
      const versions = await loadWireVersions(db, [...new Set(matches.map((m) => m.versionId))], publicApiUrl);
      return options.multiple ? versions : versions[0]!;
    },

    /** GET /version_file/{hash}/download: where the file is served from. */
    async getFileUrl(actor: Actor | null, hash: string, options: HashOptions): Promise<string> {
      const [match] = await matchesOf(actor, hash, options);
      const [file] = (await listFilesOfVersions(db, [match!.versionId])).filter((f) => f.id === match!.fileId);
      return versionFileUrl(publicApiUrl, match!.projectId, match!.versionId, file!.filename);
    },

    /** DELETE /version_file/{hash}: removes the file from its version (never the version's last file). */
    async deleteFileByHash(actor: Actor, hash: string, options: HashOptions): Promise<void> {
      const [match] = await matchesOf(actor, hash, options);
      const { access } = await requireVisibleVersion(db, actor, match!.versionId);
      requireProjectPermission(access, PROJECT_PERMISSIONS.DELETE_VERSION, 'delete files of this version');
      const versionFiles = await listFilesOfVersions(db, [match!.versionId]);
      const file = versionFiles.find((f) => f.id === match!.fileId)!;
      if (versionFiles.length === 1) throw badRequest('This is the only file of its version: delete the version instead');
      await db.transaction(async (tx) => {
        await repo.deleteFile(tx, file.id);
        // Keep one primary file when the primary one goes.
        if (file.primary) await repo.updateFile(tx, versionFiles.find((f) => f.id !== file.id)!.id, { primary: true });
        await recordSearchChange(tx, [match!.projectId]);
      });
      await deleteUnreferencedBlobs(db, files, [file.blobKey]);
    },

    /** POST /version_file/{hash}/update: the newest listed version of the file's project matching the filters. */
    async getLatestVersionForHash(actor: Actor | null, hash: string, algorithm: HashAlgorithm | undefined, filters: UpdateFilters): Promise<Version> {
      const [match] = await matchesOf(actor, hash, { algorithm });
      const latest = (await repo.listLatestMatchingVersions(db, [match!.projectId], toFilter(filters))).get(match!.projectId);
      if (!latest) throw notFound('No version of this project matches the filters');
      return (await toWireVersions(db, [latest], publicApiUrl))[0]!;
    },

    /** POST /version_files: each known hash → the newest visible version holding it. */
    async getVersionsByHashes(actor: Actor | null, hashes: readonly string[], algorithm: HashAlgorithm | undefined): Promise<Record<string, Version>> {
      if (hashes.length === 0) return {};
      const matches = await repo.listVersionsByFileHashes(db, algorithmOfHash(hashes[0]!, algorithm), [...new Set(hashes)]);
      // Visibility and the versions' files are looked up at the same time.
      const candidates = [...new Map(matches.map((m) => [m.versionId, m.version])).values()];
      const [visible, details] = await Promise.all([filterVisible(db, actor, matches), withFilesAndDependencies(db, candidates)]);
      const detailsById = new Map(details.map((d) => [d.row.id, d]));
      const out: Record<string, Version> = {};
      for (const match of visible) {
        if (out[match.hash]) continue;
        out[match.hash] = toVersion(detailsById.get(match.versionId)!, publicApiUrl);
      }
      return out;
    },

    /** POST /version_files/update: each known hash → the newest listed version of its project matching the filters. */
    async getLatestVersionsForHashes(actor: Actor | null, hashes: readonly string[], algorithm: HashAlgorithm | undefined, filters: UpdateFilters): Promise<Record<string, Version>> {
      if (hashes.length === 0) return {};
      const matches = await repo.listVersionsByFileHashes(db, algorithmOfHash(hashes[0]!, algorithm), [...new Set(hashes)]);
      const projectIds = [...new Set(matches.map((m) => m.projectId))];
      // Candidates are listed versions, visible to whoever may see their project.
      const [visible, latest] = await Promise.all([filterVisible(db, actor, matches), repo.listLatestMatchingVersions(db, projectIds, toFilter(filters))]);
      const projectOfHash = new Map<string, number>();
      for (const m of visible) if (!projectOfHash.has(m.hash)) projectOfHash.set(m.hash, m.projectId);
      const rows = [...new Set(projectOfHash.values())].map((id) => latest.get(id)).filter((r): r is NonNullable<typeof r> => r !== undefined);
      const wire = new Map((await toWireVersions(db, rows, publicApiUrl)).map((v, i) => [rows[i]!.projectId, v]));
      const out: Record<string, Version> = {};
      for (const [hash, projectId] of projectOfHash) {
        const version = wire.get(projectId);
        if (version) out[hash] = version;
      }
      return out;
    },
  };
}

export type VersionFilesService = ReturnType<typeof createVersionFilesService>;
