import { PROJECT_PERMISSIONS } from '@cairn/shared/constants/permissions';
import { algorithmOfHash, type HashAlgorithm, type HashUpdateRequest, type UpdateFilters } from '@cairn/shared/schemas/hashes';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { FileStore } from '../../lib/storage/file-store.js';
import type { FileTokens } from '../../lib/file-tokens.js';
import { encodeBase62 } from '../../lib/ids.js';
import { requireProjectPermission } from '../access/project.policy.js';
import { deleteUnreferencedBlobs } from '../../lib/storage/blob-references.js';
import { recordSearchChange } from '../../lib/search-outbox.js';
import { loadVersionJson, requireVisibleVersion } from './version-details.js';
import { listVisibleHashMatches, projectOfEachHash, type HashMatch } from './version-hashes.port.js';
import { signedFileUrl, versionFileUrl } from './versions.mapper.js';
import { listFilesOfVersions } from './version-details.repository.js';
import type { VersionCache } from './version-cache.js';
import * as repo from './versions.repository.js';
import { parseId } from '../../lib/ids.js';

export interface VersionFilesServiceDeps {
  db: Database;
  files: FileStore;
  publicApiUrl: string;
  fileTokens: FileTokens;
  /** Serialized versions (every answer here is built from it). */
  cache: VersionCache;
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

/** Filters that select the same versions have the same key (values are sets; absent ≠ empty). */
const filterKey = (filters: UpdateFilters): string =>
  JSON.stringify([filters.loaders, filters.game_versions, filters.version_types].map((values) => (values ? [...new Set(values)].sort() : null)));

/**
 * `{"<hash>":<version>,…}` (the HashVersionMap) from hashes paired with serialized versions,
 * written into one buffer of the exact size (a 1,000-hash answer is about 800 KB: assembling it
 * from thousands of small buffers cost more than the copying).
 */
function hashVersionMap(entries: readonly (readonly [string, Buffer])[]): Buffer {
  if (entries.length === 0) return Buffer.from('{}');
  const keys = entries.map(([hash]) => JSON.stringify(hash));
  let size = 1 + entries.length; // the braces and the separators (`{`, `,`… and `}`)
  entries.forEach(([, json], i) => (size += Buffer.byteLength(keys[i]!) + 1 + json.length));
  const out = Buffer.allocUnsafeSlow(size);
  let at = 0;
  entries.forEach(([, json], i) => {
    out[at++] = i === 0 ? 0x7b : 0x2c;
    at += out.write(keys[i]!, at);
    out[at++] = 0x3a;
    at += json.copy(out, at);
  });
  out[at] = 0x7d;
  return out;
}

/** A JSON array of serialized versions, in one buffer of the exact size. */
function versionArray(versions: readonly Buffer[]): Buffer {
  const out = Buffer.allocUnsafeSlow(versions.reduce((size, json) => size + json.length + 1, 0) + (versions.length === 0 ? 2 : 1));
  let at = 0;
  out[at++] = 0x5b;
  versions.forEach((json, i) => {
    if (i > 0) out[at++] = 0x2c;
    at += json.copy(out, at);
  });
  out[at] = 0x5d;
  return out;
}

/**
 * Lookups by file hash (what launchers use to identify installed files and find updates).
 * Everything answers only with versions the caller may see; invisible ones are as absent.
 * Versions are answered as JSON assembled from the version cache: the bulk routes send up to
 * 1,000 of them, and a Version object is the same whoever asks.
 */
export function createVersionFilesService(deps: VersionFilesServiceDeps) {
  const { db, files, publicApiUrl, cache } = deps;
  const links = { publicApiUrl, tokens: deps.fileTokens };
  /** Serialized versions; `nonPublic` says which of them not everyone may see (their links get signed). */
  const versionJson = (versions: readonly { versionId: number; projectId: number }[], nonPublic: ReadonlySet<number>) =>
    loadVersionJson(db, cache, versions, links, nonPublic);
  const nonPublicOf = (matches: Iterable<HashMatch>) => {
    const ids = new Set<number>();
    for (const match of matches) if (!match.public) ids.add(match.versionId);
    return ids;
  };

  /** Visible versions holding each hash, newest first per hash. */
  const visibleMatches = (actor: Actor | null, hashes: readonly string[], algorithm: HashAlgorithm) => listVisibleHashMatches(db, actor, hashes, algorithm);

  /**
   * The update checks: each known hash → the best listed (or archived) version of its file's
   * project (see `projectOfEachHash`) matching the hash's filters, ranked by `order`, looked up for
   * each distinct set of filters in one statement; a hash whose file the caller may not see, or
   * whose project has no matching version, is left out.
   */
  async function latestVersionsOfHashes(
    actor: Actor | null,
    hashes: readonly string[],
    algorithm: HashAlgorithm,
    filtersOf: (hash: string) => UpdateFilters,
    order: repo.UpdateOrder,
  ): Promise<Buffer> {
    const visible = await listVisibleHashMatches(db, actor, hashes, algorithm);
    const projectOfHash = projectOfEachHash(visible);
    const groups = new Map<string, { filter: repo.UpdateFilter; projectIds: Set<number> }>();
    // Hash → the key of its filters, for the hashes found.
    const groupOfHash = new Map<string, string>();
    // /version_files/update gives every hash the same filters object: its key is made once.
    const keyOfFilters = new Map<UpdateFilters, string>();
    for (const [hash, projectId] of projectOfHash) {
      const filters = filtersOf(hash);
      let key = keyOfFilters.get(filters);
      if (key === undefined) keyOfFilters.set(filters, (key = filterKey(filters)));
      groupOfHash.set(hash, key);
      let group = groups.get(key);
      if (group === undefined) groups.set(key, (group = { filter: toFilter(filters), projectIds: new Set() }));
      group.projectIds.add(projectId);
    }
    const keys = [...groups.keys()];
    const queries = keys.map((key) => ({ projectIds: [...groups.get(key)!.projectIds], filter: groups.get(key)!.filter }));
    const latestPerGroup = await repo.listLatestMatchingVersionIds(db, queries, order);
    const latest = new Map(keys.map((key, i) => [key, latestPerGroup[i]!]));
    // The candidates are listed or archived: one is not public only when its project is hidden.
    const hiddenProjects = new Set<number>();
    for (const match of visible) if (match.projectHidden) hiddenProjects.add(match.projectId);
    const chosen: [string, { versionId: number; projectId: number }][] = [];
    const nonPublic = new Set<number>();
    for (const [hash, projectId] of projectOfHash) {
      const versionId = latest.get(groupOfHash.get(hash)!)!.get(projectId);
      if (versionId === undefined) continue;
      chosen.push([hash, { versionId, projectId }]);
      if (hiddenProjects.has(projectId)) nonPublic.add(versionId);
    }
    const json = await versionJson([...new Map(chosen.map(([, answer]) => [answer.versionId, answer])).values()], nonPublic);
    const entries: [string, Buffer][] = [];
    for (const [hash, { versionId }] of chosen) {
      const version = json.get(versionId);
      if (version !== undefined) entries.push([hash, version]);
    }
    return hashVersionMap(entries);
  }

  /** The visible matches of one hash, narrowed to `versionId` when given. */
  async function matchesOf(actor: Actor | null, hash: string, options: HashOptions) {
    const lower = hash.toLowerCase();
    let matches = await visibleMatches(actor, [lower], algorithmOfHash(lower, options.algorithm));
    if (options.versionId !== undefined) matches = matches.filter((m) => m.versionId === parseId(options.versionId!));
    if (matches.length === 0) throw missing();
    return matches;
  }

  return {
    /** GET /version_file/{hash}: the newest version holding the file, or all of them (a JSON array) with `multiple`. */
    async getVersionByHashJson(actor: Actor | null, hash: string, options: HashOptions & { multiple?: boolean }): Promise<Buffer> {
      const matches = await matchesOf(actor, hash, options);
      const wanted = options.multiple ? matches : matches.slice(0, 1);
      const json = await versionJson(wanted, nonPublicOf(wanted));
      const found = [...new Set(wanted.map((m) => m.versionId))].flatMap((id) => json.get(id) ?? []);
      if (found.length === 0) throw missing();
      return options.multiple ? versionArray(found) : found[0]!;
    },

    /** GET /version_file/{hash}/download: where the file is served from. */
    async getFileUrl(actor: Actor | null, hash: string, options: HashOptions): Promise<string> {
      const [match] = await matchesOf(actor, hash, options);
      const [file] = (await listFilesOfVersions(db, [match!.versionId])).filter((f) => f.id === match!.fileId);
      const url = versionFileUrl(publicApiUrl, match!.projectId, match!.versionId, file!.filename);
      if (match!.public) return url;
      const signed = { projectId: encodeBase62(match!.projectId), versionId: encodeBase62(match!.versionId), filename: file!.filename, sha1: file!.sha1 };
      return signedFileUrl(url, deps.fileTokens, signed);
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
    async getLatestVersionForHashJson(actor: Actor | null, hash: string, algorithm: HashAlgorithm | undefined, filters: UpdateFilters): Promise<Buffer> {
      const [match] = await matchesOf(actor, hash, { algorithm });
      const projectId = match!.projectId;
      // The reference ranks its single-hash update like update_individual, not like /version_files/update.
      const [latest] = await repo.listLatestMatchingVersionIds(db, [{ projectIds: [projectId], filter: toFilter(filters) }], 'ordering');
      const versionId = latest!.get(projectId);
      const nonPublic = new Set(match!.projectHidden && versionId !== undefined ? [versionId] : []);
      const json = versionId === undefined ? undefined : (await versionJson([{ versionId, projectId }], nonPublic)).get(versionId);
      if (json === undefined) throw notFound('No version of this project matches the filters');
      return json;
    },

    /** POST /version_files: each known hash → the newest visible version holding it. */
    async getVersionsByHashesJson(actor: Actor | null, hashes: readonly string[], algorithm: HashAlgorithm | undefined): Promise<Buffer> {
      if (hashes.length === 0) return hashVersionMap([]);
      const matches = await visibleMatches(actor, hashes, algorithmOfHash(hashes[0]!, algorithm));
      // Matches come newest first: the first one of each hash is its answer.
      const chosen = new Map<string, HashMatch>();
      for (const match of matches) if (!chosen.has(match.hash)) chosen.set(match.hash, match);
      const json = await versionJson([...chosen.values()], nonPublicOf(chosen.values()));
      const entries: [string, Buffer][] = [];
      for (const [hash, { versionId }] of chosen) {
        const version = json.get(versionId);
        if (version !== undefined) entries.push([hash, version]);
      }
      return hashVersionMap(entries);
    },

    /** POST /version_files/update: each known hash → the newest listed version of its project matching the filters. */
    async getLatestVersionsForHashesJson(
      actor: Actor | null,
      hashes: readonly string[],
      algorithm: HashAlgorithm | undefined,
      filters: UpdateFilters,
    ): Promise<Buffer> {
      if (hashes.length === 0) return hashVersionMap([]);
      return latestVersionsOfHashes(actor, hashes, algorithmOfHash(hashes[0]!, algorithm), () => filters, 'published');
    },

    /**
     * POST /version_files/update_individual: as /version_files/update, each hash with its own
     * filters (a hash listed twice keeps its first entry's), candidates ranked as the reference
     * ranks them on this route (manual `ordering` first, see `repo.UpdateOrder`).
     */
    async getLatestVersionsForEachHashJson(actor: Actor | null, requests: readonly HashUpdateRequest[], algorithm: HashAlgorithm | undefined): Promise<Buffer> {
      if (requests.length === 0) return hashVersionMap([]);
      const filtersOfHash = new Map<string, UpdateFilters>();
      for (const { hash, ...filters } of requests) if (!filtersOfHash.has(hash)) filtersOfHash.set(hash, filters);
      const hashes = [...filtersOfHash.keys()];
      return latestVersionsOfHashes(actor, hashes, algorithmOfHash(hashes[0]!, algorithm), (hash) => filtersOfHash.get(hash) ?? {}, 'ordering');
    },
  };
}

export type VersionFilesService = ReturnType<typeof createVersionFilesService>;
