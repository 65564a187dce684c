import type { ServerContentTargets, ServerModpack, ServerModpackPreview } from '@cairn/shared/schemas/server-modpacks';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { JobQueue } from '../../lib/jobs/job-types.js';
import { encodeBase62 } from '../../lib/ids.js';
import type { FileStore } from '../../lib/storage/file-store.js';
import { loadWireProjects } from '../projects/projects.port.js';
import { versionComparison } from '../version-diffs/version-diffs.port.js';
import { listInstallableVersions, type InstallableVersion } from '../versions/installable-versions.port.js';
import type { ModpackArchive } from '../versions/modpack-archives.port.js';
import { agentClient } from './agent-client.js';
import { recordActivity } from './server-activity.js';
import { loadPackArchive, packPlatform, packServerFiles, SERVERS_MODPACK_JOB } from './server-modpack-install.js';
import * as packs from './server-modpack.repository.js';
import type { ServersService } from './servers.service.js';

const BUSY = new Set(['queued', 'installing']);
const BACKUP_RUNNING = new Set(['queued', 'creating', 'restoring']);

/**
 * Modpacks on a hosted server (docs/api/servers.md, "Modpacks on a server"): choosing a pack
 * version queues the `servers.modpack-install` job (server-modpack-install.ts), which sets the
 * platform from the pack, downloads and verifies its server-side files and applies its
 * overrides; the panel polls the row's progress. Updating is installing another version.
 */
export function createServerModpackService(deps: { db: Database; files: FileStore; cdnUrl: string; jobs: JobQueue | undefined; servers: ServersService }) {
  const { db, files, servers } = deps;
  const compare = versionComparison(db);

  /** A listed version of a public modpack, or a 400 naming `version_id`. */
  async function packVersion(versionId: number): Promise<{ version: InstallableVersion; archive: ModpackArchive }> {
    const [version] = await listInstallableVersions(db, { versionIds: [versionId] });
    if (!version) throw badRequest(`version_id: version ${encodeBase62(versionId)} does not exist or is not public`, 'unknown_version');
    if (!version.file.filename.endsWith('.mrpack')) throw badRequest(`version_id: ${version.file.filename} is not a modpack`, 'not_a_modpack');
    try {
      return { version, archive: await loadPackArchive(db, files, versionId) };
    } catch (error) {
      throw badRequest(`version_id: the pack cannot be installed: ${(error as Error).message}`, 'invalid_modpack');
    }
  }

  async function newestVersion(projectId: number): Promise<InstallableVersion | undefined> {
    return (await listInstallableVersions(db, { projectIds: [projectId] })).find((v) => v.file.filename.endsWith('.mrpack'));
  }

  async function toWire(row: packs.ServerModpackRow): Promise<ServerModpack> {
    const [project] = await loadWireProjects(db, [row.projectId], deps.cdnUrl);
    const ids = [row.targetVersionId, ...(row.versionId === null ? [] : [row.versionId])];
    const numbers = new Map((await listInstallableVersions(db, { versionIds: ids })).map((v) => [v.id, v.versionNumber]));
    const newest = await newestVersion(row.projectId);
    const update = newest && newest.id !== row.versionId && newest.id !== row.targetVersionId ? newest : undefined;
    return {
      project_id: encodeBase62(row.projectId),
      title: project?.title ?? encodeBase62(row.projectId),
      slug: project?.slug ?? null,
      icon_url: project?.icon_url ?? null,
      version_id: row.versionId === null ? null : encodeBase62(row.versionId),
      version_number: row.versionId === null ? null : (numbers.get(row.versionId) ?? null),
      target_version_id: encodeBase62(row.targetVersionId),
      target_version_number: numbers.get(row.targetVersionId) ?? '',
      state: row.state as ServerModpack['state'],
      error: row.error,
      progress: { files_done: row.filesDone, files_total: row.filesTotal, bytes_done: row.bytesDone, bytes_total: row.bytesTotal },
      files: row.files.map((f) => ({ path: f.path, source: f.source, size: f.size, sha1: f.sha1, sha512: f.sha512 })),
      skipped: row.skipped,
      conflicts: row.conflicts,
      update_version_id: update ? encodeBase62(update.id) : null,
      update_version_number: update?.versionNumber ?? null,
      started: row.started.toISOString(),
      finished: row.finished?.toISOString() ?? null,
    };
  }

  return {
    async get(actor: Actor, id: string): Promise<{ modpack: ServerModpack | null }> {
      const server = await servers.visibleServer(actor, id);
      const row = await packs.findServerModpack(db, server.id);
      return { modpack: row ? await toWire(row) : null };
    },

    /** The caller's servers where they may install content (owned, or shared with the content permission). */
    async targets(actor: Actor): Promise<ServerContentTargets> {
      const { servers: all } = await servers.list(actor, false);
      const out: ServerContentTargets['servers'] = [];
      for (const server of all) {
        const allowed = await servers.serverFor(actor, server.id, 'content').then(
          () => true,
          () => false,
        );
        if (allowed) out.push({ id: server.id, name: server.name, status: server.status, loader: server.loader, game_version: server.game_version });
      }
      return { servers: out };
    },

    /** Queues installing `versionId` (a first install, another pack, or an update of the installed one): 202 with the queued row. */
    async install(actor: Actor, id: string, versionId: number): Promise<ServerModpack> {
      const { server, node } = await servers.onNode(actor, id, 'install a modpack', 'content');
      const current = await packs.findServerModpack(db, server.id);
      if (current && BUSY.has(current.state)) throw conflict('A modpack is already being installed on this server; wait until it has finished', 'modpack_installing');
      const { version, archive } = await packVersion(versionId);
      const platform = packPlatform(archive.dependencies);
      const gameVersion = platform.gameVersion ?? server.gameVersion;
      if (platform.loader !== server.loader || gameVersion !== server.gameVersion) {
        const agent = agentClient(node);
        const { platforms } = await agent.platforms();
        if (!platforms.some((p) => p.loader === platform.loader && p.game_version === gameVersion)) {
          throw badRequest(`version_id: the pack needs ${platform.loader} ${gameVersion}, which this server's node does not offer`, 'unsupported_platform');
        }
        // The Platform option's rule (spec §4): no platform change while a backup is made or restored.
        const { backups } = await agent.backups(server.id);
        if (backups.some((b) => BACKUP_RUNNING.has(b.state))) {
          throw conflict('version_id: the pack changes the platform, which is blocked while a backup is being created or restored; try again when it has finished', 'backup_in_progress');
        }
      }
      await db.transaction(async (tx) => {
        await packs.queueServerModpack(tx, { serverId: server.id, projectId: version.projectId, targetVersionId: version.id, actorId: actor.userId });
        await recordActivity(tx, { serverId: server.id, actorId: actor.userId, kind: 'content', action: 'modpack_queue', detail: `${version.file.filename}` });
      });
      await deps.jobs?.send(SERVERS_MODPACK_JOB, { serverId: server.id });
      return toWire((await packs.findServerModpack(db, server.id))!);
    },

    /** What moving the installed pack to `versionId` would change; nothing is changed. */
    async preview(actor: Actor, id: string, versionId: number): Promise<ServerModpackPreview> {
      const server = await servers.visibleServer(actor, id);
      const row = await packs.findServerModpack(db, server.id);
      if (!row || row.versionId === null) throw notFound('No modpack is installed on this server');
      const { version, archive } = await packVersion(versionId);
      if (version.projectId !== row.projectId) throw badRequest('version_id: not a version of the installed pack', 'unknown_version');
      const [from] = await listInstallableVersions(db, { versionIds: [row.versionId] });
      const next = packServerFiles(archive, async () => Buffer.alloc(0)).planned;
      const old = new Map(row.files.map((f) => [f.path, f]));
      const nextPaths = new Set(next.map((f) => f.path));
      const diff = await compare(actor, encodeBase62(row.projectId), { from: encodeBase62(row.versionId), to: encodeBase62(version.id) });
      const platform = packPlatform(archive.dependencies);
      const gameVersion = platform.gameVersion ?? server.gameVersion;
      return {
        from: { version_id: encodeBase62(row.versionId), version_number: from?.versionNumber ?? '' },
        to: { version_id: encodeBase62(version.id), version_number: version.versionNumber },
        platform: { loader: platform.loader, game_version: gameVersion, changes: platform.loader !== server.loader || gameVersion !== server.gameVersion },
        versions_between: diff.swapped ? [] : diff.versions_between,
        versions_between_truncated: !diff.swapped && diff.versions_between_truncated,
        files: {
          added: next.filter((f) => !old.has(f.path)).map((f) => f.path),
          removed: row.files.filter((f) => !nextPaths.has(f.path)).map((f) => f.path),
          updated: next.filter((f) => old.has(f.path) && old.get(f.path)!.sha512 !== f.sha512).map((f) => f.path),
        },
        mods: diff.modpack,
      };
    },
  };
}

export type ServerModpackService = ReturnType<typeof createServerModpackService>;
