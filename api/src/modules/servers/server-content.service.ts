import { isHiddenProjectStatus } from '@cairn/shared/constants/project-status';
import { contentFolder, matchingLoader, serverPlatform } from '@cairn/shared/constants/server-platforms';
import { AgentFileHashSchema } from '@cairn/shared/schemas/node-agent';
import type { ServerContent, ServerContentChange, ServerContentList } from '@cairn/shared/schemas/server-content';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, conflict, notFound, serviceUnavailable } from '../../lib/errors.js';
import { encodeBase62, parseId } from '../../lib/ids.js';
import type { FileStore } from '../../lib/storage/file-store.js';
import { loadWireProjects } from '../projects/projects.port.js';
import { listInstallableVersions, listVersionProjects, type InstallableVersion } from '../versions/installable-versions.port.js';
import { agentClient, type AgentClient } from './agent-client.js';
import * as repo from './server-content.repository.js';
import { recordActivity, type ActivityEntry } from './server-activity.js';
import { createContentUpdates } from './server-content-updates.js';
import { versionComparison } from '../version-diffs/version-diffs.port.js';
import type { ServersService } from './servers.service.js';
import type { ServerRow } from './servers.repository.js';

const DISABLED = '.disabled';
/** Catalogue files are small; a bigger one is refused rather than held in memory. */
const MAX_FILE_BYTES = 256 * 1024 * 1024;

interface Planned {
  version: InstallableVersion;
  folder: string;
  /** Project that pulled this one in, null for the chosen one. */
  dependencyOf: number | null;
}

const pathOf = (row: { folder: string; fileName: string; enabled: boolean }) => `${row.folder}/${row.fileName}${row.enabled ? '' : DISABLED}`;

/**
 * Catalogue content on a hosted server (spec §5: required dependencies are installed with it).
 * The API owns the file store, so it sends each file's bytes to the node's upload route with the
 * node token and reads the node's hash back: the node never fetches anything, and a file that
 * arrived different is removed and reported. The rows say what the API installed.
 */
export function createServerContentService(deps: { db: Database; files: FileStore; cdnUrl: string; servers: ServersService }) {
  const { db, files, cdnUrl, servers } = deps;

  const platformOf = (server: ServerRow) => serverPlatform(server.loader).loaders;
  const fits = (server: ServerRow, version: InstallableVersion) =>
    matchingLoader(server.loader, version.loaders) !== undefined && version.gameVersions.includes(server.gameVersion);
  const where = (server: ServerRow) => `${platformOf(server).join('/')} on ${server.gameVersion}`;

  async function projectNames(ids: readonly number[], publicOnly = false): Promise<Map<number, { title: string; slug: string | null; icon: string | null }>> {
    const projects = (await loadWireProjects(db, [...new Set(ids)], cdnUrl)).filter((p) => !publicOnly || !isHiddenProjectStatus(p.status));
    return new Map(projects.map((p) => [parseId(p.id)!, { title: p.title, slug: p.slug ?? null, icon: p.icon_url ?? null }]));
  }

  /** Newest version of each project that fits the server. */
  async function newestFitting(server: ServerRow, projectIds: readonly number[]): Promise<Map<number, InstallableVersion>> {
    const newest = new Map<number, InstallableVersion>();
    if (projectIds.length === 0) return newest;
    for (const version of await listInstallableVersions(db, { projectIds, loaders: platformOf(server), gameVersion: server.gameVersion })) {
      if (!newest.has(version.projectId)) newest.set(version.projectId, version);
    }
    return newest;
  }

  /**
   * The version to install for a project and, recursively, the required dependencies not yet on
   * the server. A dependency naming a version gets that version; one naming a project, its newest
   * fitting version. Incompatible dependencies that are installed or planned refuse the whole plan.
   */
  async function plan(server: ServerRow, installed: Map<number, repo.ServerContentRow>, root: { projectId: number; versionId?: number }, replacing: boolean): Promise<Planned[]> {
    const planned = new Map<number, Planned>();
    const names = async (id: number) => (await projectNames([id])).get(id)?.title ?? encodeBase62(id);

    async function choose(projectId: number, versionId: number | undefined, field: string): Promise<InstallableVersion> {
      if (versionId !== undefined) {
        const [version] = await listInstallableVersions(db, { versionIds: [versionId] });
        if (!version || version.projectId !== projectId) throw badRequest(`${field}: version ${encodeBase62(versionId)} of ${await names(projectId)} does not exist or is not public`, 'unknown_version');
        if (!fits(server, version)) throw badRequest(`${field}: ${await names(projectId)} ${version.versionNumber} does not run on this server (${where(server)})`, 'incompatible_content');
        return version;
      }
      const version = (await newestFitting(server, [projectId])).get(projectId);
      if (!version) {
        const known = (await projectNames([projectId], true)).get(projectId);
        if (!known) throw badRequest(`${field}: project ${encodeBase62(projectId)} does not exist or is not public`, 'unknown_project');
        throw badRequest(`${field}: ${known.title} has no version for this server (${where(server)})`, 'incompatible_content');
      }
      return version;
    }

    async function visit(projectId: number, versionId: number | undefined, dependencyOf: number | null, field: string): Promise<void> {
      const version = await choose(projectId, versionId, field);
      planned.set(projectId, { version, folder: contentFolder(matchingLoader(server.loader, version.loaders)!), dependencyOf });
      const versionOnly = version.dependencies.filter((d) => d.projectId === null && d.versionId !== null).map((d) => d.versionId!);
      const projectOfVersion = await listVersionProjects(db, versionOnly);
      for (const dependency of version.dependencies) {
        const depProject = dependency.projectId ?? (dependency.versionId === null ? undefined : projectOfVersion.get(dependency.versionId));
        if (depProject === undefined) continue;
        if (dependency.type === 'incompatible' && (installed.has(depProject) || planned.has(depProject))) {
          throw badRequest(`${field}: ${await names(projectId)} is incompatible with ${await names(depProject)}, which is on this server`, 'incompatible_content');
        }
        if (dependency.type !== 'required' || installed.has(depProject) || planned.has(depProject)) continue;
        await visit(depProject, dependency.versionId ?? undefined, dependencyOf ?? projectId, `${field} (required by ${await names(projectId)})`);
      }
    }

    if (!replacing && installed.has(root.projectId)) throw conflict(`project_id: ${await names(root.projectId)} is already installed; update it instead`, 'already_installed');
    await visit(root.projectId, root.versionId, null, root.versionId === undefined ? 'project_id' : 'version_id');
    // Installed content declaring a planned project incompatible refuses the plan too.
    const installedVersions = await listInstallableVersions(db, { versionIds: [...installed.values()].map((r) => r.versionId) });
    for (const version of installedVersions) {
      const clash = version.dependencies.find((d) => d.type === 'incompatible' && d.projectId !== null && planned.has(d.projectId) && d.projectId !== version.projectId);
      if (clash) throw badRequest(`project_id: ${await names(version.projectId)} on this server is incompatible with ${await names(clash.projectId!)}`, 'incompatible_content');
    }
    return [...planned.values()];
  }

  /** Writes one file to the node and checks the node holds exactly those bytes. */
  async function send(agent: AgentClient, serverId: string, version: InstallableVersion, path: string): Promise<void> {
    const blob = await files.read(version.file.blobKey);
    if (!blob) throw serviceUnavailable(`The file of ${version.file.filename} is missing from the file store`, 'file_missing');
    if (blob.size > MAX_FILE_BYTES) throw badRequest(`version_id: ${version.file.filename} is too large to install`, 'file_too_large');
    const chunks: Buffer[] = [];
    for await (const chunk of blob.stream) chunks.push(chunk as Buffer);
    const base = `/api/servers/${encodeURIComponent(serverId)}/files`;
    await agent.call('POST', `${base}/upload?path=${encodeURIComponent(path)}`, { bytes: Buffer.concat(chunks) });
    const held = await agent.json(AgentFileHashSchema, 'GET', `${base}/hash?path=${encodeURIComponent(path)}`);
    if (held.sha512 !== version.file.sha512 || held.sha1 !== version.file.sha1) {
      await removeFiles(agent, serverId, [path]);
      throw serviceUnavailable(`The node stored ${version.file.filename} with different bytes; nothing was installed`, 'file_mismatch');
    }
  }

  async function removeFiles(agent: AgentClient, serverId: string, paths: string[]): Promise<void> {
    await agent.call('POST', `/api/servers/${encodeURIComponent(serverId)}/files/delete`, { json: { paths } }).catch(() => undefined);
  }

  async function rename(agent: AgentClient, serverId: string, from: string, to: string): Promise<void> {
    await agent.call('POST', `/api/servers/${encodeURIComponent(serverId)}/files/rename`, { json: { from, to } });
  }

  /** Sends every planned file, then records them in one transaction; on failure the files sent are removed. */
  /** The activity entry of an install or update: the files it puts on the server. */
  function contentActivity(serverId: string, actor: Actor, action: 'install' | 'update', planned: Planned[]): ActivityEntry {
    return { serverId, actorId: actor.userId, kind: 'content', action, detail: planned.map((item) => item.version.file.filename).join(', ') };
  }

  /** Sends the planned files and records them; `activity` is written in the same transaction as the rows. */
  async function apply(server: ServerRow, agent: AgentClient, planned: Planned[], installed: Map<number, repo.ServerContentRow>, activity?: ActivityEntry): Promise<number[]> {
    const sent: string[] = [];
    const replaced: string[] = [];
    try {
      for (const item of planned) {
        const previous = installed.get(item.version.projectId);
        const enabled = previous?.enabled ?? true;
        const path = pathOf({ folder: item.folder, fileName: item.version.file.filename, enabled });
        if (previous && pathOf(previous) === path) {
          // Same file name: write next to it first so a failed transfer leaves the old one in place
          // (the node's rename does not overwrite).
          await send(agent, server.id, item.version, `${path}.installing`);
          await removeFiles(agent, server.id, [path]);
          await rename(agent, server.id, `${path}.installing`, path);
        } else {
          await send(agent, server.id, item.version, path);
          sent.push(path);
          if (previous) replaced.push(pathOf(previous));
        }
      }
    } catch (error) {
      if (sent.length) await removeFiles(agent, server.id, sent);
      throw error;
    }
    await db.transaction(async (tx) => {
      if (activity) await recordActivity(tx, activity);
      for (const item of planned) {
        await repo.upsertServerContent(tx, {
          serverId: server.id,
          projectId: item.version.projectId,
          versionId: item.version.id,
          fileName: item.version.file.filename,
          folder: item.folder,
          dependencyOf: item.dependencyOf,
        });
      }
    });
    if (replaced.length) await removeFiles(agent, server.id, replaced);
    return planned.map((p) => p.version.projectId);
  }

  async function toWire(server: ServerRow, rows: repo.ServerContentRow[]): Promise<ServerContent[]> {
    if (rows.length === 0) return [];
    const projectIds = rows.map((r) => r.projectId);
    const [names, versions, newest] = await Promise.all([
      projectNames(projectIds),
      listInstallableVersions(db, { versionIds: rows.map((r) => r.versionId) }),
      newestFitting(server, projectIds),
    ]);
    const numbers = new Map(versions.map((v) => [v.id, v.versionNumber]));
    return rows.map((row) => {
      const name = names.get(row.projectId);
      const update = newest.get(row.projectId);
      const newer = update && update.id !== row.versionId ? update : undefined;
      return {
        project_id: encodeBase62(row.projectId),
        version_id: encodeBase62(row.versionId),
        title: name?.title ?? row.fileName,
        slug: name?.slug ?? null,
        icon_url: name?.icon ?? null,
        version_number: numbers.get(row.versionId) ?? '',
        kind: row.folder === 'plugins' ? 'plugin' : row.folder === 'mods' ? 'mod' : 'datapack',
        folder: row.folder,
        file_name: row.fileName + (row.enabled ? '' : DISABLED),
        enabled: row.enabled,
        pinned: row.pinned,
        dependency_of: row.dependencyOf === null ? null : encodeBase62(row.dependencyOf),
        update_version_id: newer ? encodeBase62(newer.id) : null,
        update_version_number: newer?.versionNumber ?? null,
        installed: row.installed.toISOString(),
      };
    });
  }

  const installedMap = async (serverId: string) => new Map((await repo.listServerContent(db, serverId)).map((r) => [r.projectId, r]));

  async function rowsOf(server: ServerRow, projectIds: number[]): Promise<ServerContent[]> {
    const rows = await repo.listServerContent(db, server.id);
    const byId = new Map(rows.map((r) => [r.projectId, r]));
    return toWire(server, projectIds.map((id) => byId.get(id)).filter((r): r is repo.ServerContentRow => r !== undefined));
  }

  async function installedRow(server: ServerRow, projectId: number): Promise<repo.ServerContentRow> {
    const row = await repo.findServerContent(db, server.id, projectId);
    if (!row) throw notFound('The content is not installed on this server');
    return row;
  }

  const updates = createContentUpdates({ db, servers, compare: versionComparison(db), plan, apply, newestFitting, projectNames, rowsOf, contentActivity });

  return {
    ...updates,

    async list(actor: Actor, id: string): Promise<ServerContentList> {
      const server = await servers.visibleServer(actor, id);
      return { loaders: [...platformOf(server)], game_version: server.gameVersion, content: await toWire(server, await repo.listServerContent(db, server.id)) };
    },

    async install(actor: Actor, id: string, body: { projectId: number; versionId?: number }): Promise<ServerContentChange> {
      const { server, node } = await servers.onNode(actor, id, 'install content', 'content');
      const installed = await installedMap(server.id);
      const planned = await plan(server, installed, body, false);
      const activity = contentActivity(server.id, actor, 'install', planned);
      return { installed: await rowsOf(server, await apply(server, agentClient(node), planned, installed, activity)) };
    },

    async update(actor: Actor, id: string, projectId: number, versionId: number | undefined): Promise<ServerContentChange> {
      const { server, node } = await servers.onNode(actor, id, 'update content', 'content');
      const installed = await installedMap(server.id);
      const current = installed.get(projectId);
      if (!current) throw notFound('The content is not installed on this server');
      await updates.requireUnpinned(server.id, projectId);
      const planned = await plan(server, installed, { projectId, versionId }, true);
      // The chosen project keeps how it came (directly or as a dependency).
      planned[0]!.dependencyOf = current.dependencyOf;
      const activity = contentActivity(server.id, actor, 'update', planned);
      return { installed: await rowsOf(server, await apply(server, agentClient(node), planned, installed, activity)) };
    },

    async setEnabled(actor: Actor, id: string, projectId: number, enabled: boolean): Promise<ServerContent> {
      const { server, node } = await servers.onNode(actor, id, 'change content', 'content');
      const row = await installedRow(server, projectId);
      if (row.enabled !== enabled) {
        await rename(agentClient(node), server.id, pathOf(row), pathOf({ ...row, enabled }));
        await db.transaction(async (tx) => {
          await repo.updateServerContent(tx, server.id, projectId, { enabled });
          await recordActivity(tx, { serverId: server.id, actorId: actor.userId, kind: 'content', action: enabled ? 'enable' : 'disable', detail: row.fileName });
        });
      }
      return (await rowsOf(server, [projectId]))[0]!;
    },

    async remove(actor: Actor, id: string, projectId: number): Promise<void> {
      const { server, node } = await servers.onNode(actor, id, 'remove content', 'content');
      const row = await installedRow(server, projectId);
      await agentClient(node).call('POST', `/api/servers/${encodeURIComponent(server.id)}/files/delete`, { json: { paths: [pathOf(row)] } }).catch((error: unknown) => {
        // Already gone from the node (deleted in the file manager): forgetting the row is enough.
        if (!(error instanceof Error && 'statusCode' in error && error.statusCode === 404)) throw error;
      });
      await db.transaction(async (tx) => {
        await repo.deleteServerContent(tx, server.id, projectId);
        await recordActivity(tx, { serverId: server.id, actorId: actor.userId, kind: 'content', action: 'remove', detail: row.fileName });
      });
    },
  };
}

export type ServerContentService = ReturnType<typeof createServerContentService>;
