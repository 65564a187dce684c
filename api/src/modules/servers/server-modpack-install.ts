import { createHash } from 'node:crypto';
import { AgentFileHashSchema } from '@cairn/shared/schemas/node-agent';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { ModpackConflictRecord, ModpackFileRecord } from '../../db/schema/server-modpacks.js';
import type { JobQueue } from '../../lib/jobs/job-types.js';
import { safeFetch } from '../../lib/outbound/safe-fetch.js';
import type { FileStore } from '../../lib/storage/file-store.js';
import { listInstallableVersions } from '../versions/installable-versions.port.js';
import { packDownloadProblem, readModpackArchive, type ModpackArchive, type PackIndexFile } from '../versions/modpack-archives.port.js';
import { listFilesOfVersions } from '../versions/version-contents.port.js';
import { listVisibleHashMatches } from '../versions/version-hashes.port.js';
import { AgentError, agentClient, type AgentClient } from './agent-client.js';
import { SERVERS_RECONCILE_JOB } from './provisioning.js';
import { recordActivity } from './server-activity.js';
import * as packs from './server-modpack.repository.js';
import * as repo from './servers.repository.js';

/**
 * The `servers.modpack-install` job (docs/api/servers.md, "Modpacks on a server"): puts the
 * target version of a server's modpack on its node, file by file, recording progress.
 *
 * Downloads happen here, in the worker, not on the node: like single content installs, the API
 * pushes bytes to the node's upload route and reads the node's hashes back, so nodes need no
 * outbound network access and no allow-list of their own. Links on Cairn's own origins are
 * served from the file store by the file's sha512 (no request to itself); links on the other
 * allowed download hosts (MODPACK_DOWNLOAD_HOSTS, https only — the same rule uploads of packs
 * are checked with) are fetched through the SSRF-safe outbound client. Every file is checked
 * against both hashes of the index before it is sent, and against the node's hashes after.
 */

export const SERVERS_MODPACK_JOB = 'servers.modpack-install';

/** Suffix of the pack's new copy of a file the user changed since the pack wrote it. */
export const PACK_NEW_SUFFIX = '.pack-new';

const MAX_FILE_BYTES = 256 * 1024 * 1024;

/** The platform a pack runs on: its loader dependency, or the built-in runtime (`vanilla`) with none. */
export function packPlatform(dependencies: Record<string, string>): { loader: string; gameVersion: string | undefined } {
  const loaders: Record<string, string> = { 'fabric-loader': 'fabric', 'quilt-loader': 'quilt', forge: 'forge', neoforge: 'neoforge' };
  const key = Object.keys(dependencies).find((k) => Object.hasOwn(loaders, k));
  return { loader: key ? loaders[key]! : 'vanilla', gameVersion: dependencies.minecraft };
}

interface Planned {
  path: string;
  source: ModpackFileRecord['source'];
  sha1: string;
  sha512: string;
  size: number;
  bytes: () => Promise<Buffer>;
}

const digest = (bytes: Buffer) => ({ sha1: createHash('sha1').update(bytes).digest('hex'), sha512: createHash('sha512').update(bytes).digest('hex') });

/** Server-side files of a pack (index files not marked client-only, then overrides) and what was skipped. */
export function packServerFiles(archive: ModpackArchive, fetchFile: (file: PackIndexFile) => Promise<Buffer>): { planned: Planned[]; skipped: string[] } {
  const planned = new Map<string, Planned>();
  const skipped: string[] = [];
  for (const file of archive.files) {
    if (file.clientOnly) skipped.push(file.path);
    else planned.set(file.path, { path: file.path, source: 'download', sha1: file.sha1, sha512: file.sha512, size: file.size, bytes: () => fetchFile(file) });
  }
  for (const [path, bytes] of archive.overrides) planned.set(path, { path, source: 'override', ...digest(bytes), size: bytes.length, bytes: async () => bytes });
  skipped.push(...archive.clientOverrides.map((p) => `client-overrides/${p}`));
  return { planned: [...planned.values()], skipped };
}

/** The stored pack file of a version, read whole, and the version's project. */
export async function loadPackArchive(db: Database, files: FileStore, versionId: number): Promise<ModpackArchive & { projectId: number }> {
  const [version] = await listInstallableVersions(db, { versionIds: [versionId] });
  if (!version) throw new Error('the pack version is no longer public');
  return { ...(await readModpackArchive(files, { key: version.file.blobKey, size: version.file.size })), projectId: version.projectId };
}

/** Runs (or continues) the queued install of one server's pack; true when it must be looked at again shortly. */
export async function runModpackInstall(deps: { db: Database; files: FileStore; config: Config; queue: JobQueue | undefined }, serverId: string): Promise<boolean> {
  const { db, files, config } = deps;
  const row = await packs.findServerModpack(db, serverId);
  if (!row || (row.state !== 'queued' && row.state !== 'installing')) return false;
  const fail = async (message: string) => {
    await packs.updateServerModpack(db, serverId, { state: 'failed', error: message, finished: new Date() });
    return false;
  };
  const server = await repo.findServer(db, serverId);
  if (!server || server.deleted) return fail('The server no longer exists');
  // A platform change is under way: the reconcile job makes the server available again.
  if (server.status === 'installing') return true;
  if (server.status !== 'available' || server.nodeId === null) return fail(`The server is ${server.status}, so the pack cannot be installed`);
  const node = await repo.findNode(db, server.nodeId);
  if (!node) return fail('The server is not on a node');
  const agent = agentClient(node, 60_000);

  let archive: ModpackArchive & { projectId: number };
  try {
    archive = await loadPackArchive(db, files, row.targetVersionId);
  } catch (error) {
    return fail(`The pack could not be read: ${(error as Error).message}`);
  }

  // The server's platform follows the pack (the Options › Platform reinstall, files kept).
  const platform = packPlatform(archive.dependencies);
  const gameVersion = platform.gameVersion ?? server.gameVersion;
  if (platform.loader !== server.loader || gameVersion !== server.gameVersion) {
    try {
      const offered = (await agent.platforms()).platforms.find((p) => p.loader === platform.loader && p.game_version === gameVersion);
      if (!offered) return fail(`The pack needs ${platform.loader} ${gameVersion}, which this server's node does not offer`);
      await agent.reinstall(server.id, { runtime: offered.runtime, game_version: offered.game_version, jar: offered.jar ?? undefined, erase: false });
      await db.transaction(async (tx) => {
        await repo.updateServer(tx, server.id, { status: 'installing', loader: offered.loader, gameVersion: offered.game_version, runtime: offered.runtime, jar: offered.jar });
        await packs.updateServerModpack(tx, serverId, { state: 'installing' });
        await recordActivity(tx, { serverId, actorId: row.actorId, kind: 'options', action: 'reinstall', detail: `${offered.loader} ${offered.game_version} (modpack)` });
      });
      await deps.queue?.send(SERVERS_RECONCILE_JOB, { serverId }, { startAfter: 1 });
      return true;
    } catch (error) {
      return fail(`The platform could not be changed: ${(error as Error).message}`);
    }
  }

  try {
    await install(db, agent, serverId, row, archive, (file) => fetchPackFile(db, files, config, file));
  } catch (error) {
    return fail((error as Error).message);
  }
  // Plugins and mods load at start: a running server is restarted so players find the pack at once.
  try {
    if ((await agent.get(serverId))?.state === 'running') await agent.power(serverId, 'restart');
  } catch {
    // The pack is installed; it applies at the next start.
  }
  return false;
}

/** A pack file's bytes from the first link that yields them with both hashes right. */
async function fetchPackFile(db: Database, files: FileStore, config: Config, file: PackIndexFile): Promise<Buffer> {
  const problems: string[] = [];
  for (const url of file.downloads) {
    const problem = packDownloadProblem(url, config.modpackDownloads);
    if (problem) {
      problems.push(`${url} ${problem}`);
      continue;
    }
    let bytes: Buffer | undefined;
    try {
      if (config.modpackDownloads.ownOrigins.includes(new URL(url).origin)) bytes = await ownFile(db, files, file.sha512);
      else bytes = (await safeFetch(url, { allowHosts: config.outbound.allowHosts, maxBytes: MAX_FILE_BYTES, timeoutMs: 120_000, connectTimeoutMs: 10_000, maxRedirects: 3 })).body;
    } catch (error) {
      problems.push(`${url}: ${(error as Error).message}`);
      continue;
    }
    if (!bytes) {
      problems.push(`${url}: no public file of the catalogue has this hash`);
      continue;
    }
    const got = digest(bytes);
    if (got.sha1 !== file.sha1 || got.sha512 !== file.sha512) {
      problems.push(`${url}: the file's sha1/sha512 differ from the pack's`);
      continue;
    }
    return bytes;
  }
  throw new Error(`${file.path} could not be downloaded: ${problems.join('; ')}`);
}

/** A public catalogue file by its sha512 (a link on Cairn's own origin). */
async function ownFile(db: Database, files: FileStore, sha512: string): Promise<Buffer | undefined> {
  const [match] = await listVisibleHashMatches(db, null, [sha512], 'sha512');
  if (!match) return undefined;
  const file = (await listFilesOfVersions(db, [match.versionId])).find((f) => f.sha512 === sha512);
  const blob = file ? await files.read(file.blobKey) : undefined;
  if (!blob) return undefined;
  if (blob.size > MAX_FILE_BYTES) throw new Error('the file is too large to install');
  const chunks: Buffer[] = [];
  for await (const chunk of blob.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The node's hashes of a file, undefined when it has none at that path. */
async function heldHash(agent: AgentClient, serverId: string, path: string) {
  try {
    return await agent.json(AgentFileHashSchema, 'GET', `/api/servers/${encodeURIComponent(serverId)}/files/hash?path=${encodeURIComponent(path)}`);
  } catch (error) {
    if (error instanceof AgentError && error.statusCode === 404) return undefined;
    throw error;
  }
}

/** Writes one file to the node and checks it holds exactly those bytes. */
async function put(agent: AgentClient, serverId: string, path: string, bytes: Buffer, want: { sha1: string; sha512: string }): Promise<void> {
  const base = `/api/servers/${encodeURIComponent(serverId)}/files`;
  await agent.call('POST', `${base}/upload?path=${encodeURIComponent(path)}`, { bytes });
  const held = await heldHash(agent, serverId, path);
  if (!held || held.sha1 !== want.sha1 || held.sha512 !== want.sha512) {
    await agent.call('POST', `${base}/delete`, { json: { paths: [path] } }).catch(() => undefined);
    throw new Error(`The node stored ${path} with different bytes`);
  }
}

/**
 * Applies the target version over what the previous one wrote. Conflict rules (the recorded
 * hashes tell a file the user changed since the pack wrote it):
 * - a file already holding the new bytes is left alone;
 * - a pack file the user has not changed (or deleted) is written with the new version's bytes;
 * - a pack file the user changed is kept; when the new version changes it too, the new one is
 *   written beside it as `<path>.pack-new` and listed as a conflict;
 * - a file the new version adds where the user has a file of their own: the same, kept and the
 *   pack's written beside it (a first install overwrites: the pack defines the server);
 * - a file the new version drops is deleted when unchanged, kept and listed when changed;
 * - anything the pack never wrote (the world, player data, the user's own configs) is not touched.
 */
async function install(db: Database, agent: AgentClient, serverId: string, row: packs.ServerModpackRow, archive: ModpackArchive & { projectId: number }, fetchFile: (file: PackIndexFile) => Promise<Buffer>): Promise<void> {
  const { planned, skipped } = packServerFiles(archive, fetchFile);
  const firstInstall = row.versionId === null;
  const previous = new Map((row.files ?? []).map((f) => [f.path, f]));
  await packs.updateServerModpack(db, serverId, { state: 'installing', filesTotal: planned.length, bytesTotal: planned.reduce((n, f) => n + f.size, 0), filesDone: 0, bytesDone: 0 });
  const records: ModpackFileRecord[] = [];
  const conflicts: ModpackConflictRecord[] = [];
  let filesDone = 0;
  let bytesDone = 0;
  for (const file of planned) {
    const record: ModpackFileRecord = { path: file.path, sha1: file.sha1, sha512: file.sha512, size: file.size, source: file.source };
    const held = await heldHash(agent, serverId, file.path);
    const old = previous.get(file.path);
    const userChanged = held !== undefined && (old ? held.sha1 !== old.sha1 : !firstInstall);
    if (held?.sha1 === file.sha1 && held.sha512 === file.sha512) {
      // Already there (unchanged, or written by an earlier attempt).
    } else if (!userChanged) {
      await put(agent, serverId, file.path, await file.bytes(), file);
    } else if (old && old.sha1 === file.sha1) {
      // The pack did not change it: the user's version stays, nothing to report.
    } else {
      await put(agent, serverId, `${file.path}${PACK_NEW_SUFFIX}`, await file.bytes(), file);
      conflicts.push({ path: file.path, written_as: `${file.path}${PACK_NEW_SUFFIX}` });
    }
    records.push(record);
    filesDone += 1;
    bytesDone += file.size;
    await packs.updateServerModpack(db, serverId, { filesDone, bytesDone });
  }
  const kept = new Set(planned.map((f) => f.path));
  const removed: string[] = [];
  for (const old of previous.values()) {
    if (kept.has(old.path)) continue;
    const held = await heldHash(agent, serverId, old.path);
    if (!held) continue;
    if (held.sha1 === old.sha1) removed.push(old.path);
    else conflicts.push({ path: old.path, written_as: null });
  }
  if (removed.length) await agent.call('POST', `/api/servers/${encodeURIComponent(serverId)}/files/delete`, { json: { paths: removed } });
  await db.transaction(async (tx) => {
    await packs.updateServerModpack(tx, serverId, { state: 'installed', projectId: archive.projectId, versionId: row.targetVersionId, files: records, skipped, conflicts, error: null, finished: new Date() });
    await recordActivity(tx, {
      serverId,
      actorId: row.actorId,
      kind: 'content',
      action: firstInstall ? 'modpack_install' : 'modpack_update',
      detail: `${records.length} files, ${skipped.length} client-only skipped${conflicts.length ? `, ${conflicts.length} kept as changed` : ''}`,
    });
  });
}
