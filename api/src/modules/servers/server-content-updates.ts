import type { ServerContent, ServerContentUpdateAll, ServerContentUpdatePreview } from '@cairn/shared/schemas/server-content';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { conflict, notFound } from '../../lib/errors.js';
import { encodeBase62 } from '../../lib/ids.js';
import type { CompareVersions } from '../version-diffs/version-diffs.port.js';
import { listInstallableVersions, type InstallableVersion } from '../versions/installable-versions.port.js';
import { agentClient, type AgentClient } from './agent-client.js';
import { recordActivity, type ActivityEntry } from './server-activity.js';
import * as repo from './server-content.repository.js';
import type { ServerRow } from './servers.repository.js';
import type { ServersService } from './servers.service.js';

/** One file a plan puts on the server (server-content.service.ts). */
export interface PlannedContent {
  version: InstallableVersion;
  folder: string;
  dependencyOf: number | null;
}

/** What the content service lends its update helpers: planning, applying and answering, exactly as single installs do. */
export interface ContentInternals {
  db: Database;
  servers: ServersService;
  compare: CompareVersions;
  plan(server: ServerRow, installed: Map<number, repo.ServerContentRow>, root: { projectId: number; versionId?: number }, replacing: boolean): Promise<PlannedContent[]>;
  apply(server: ServerRow, agent: AgentClient, planned: PlannedContent[], installed: Map<number, repo.ServerContentRow>, activity?: ActivityEntry): Promise<number[]>;
  newestFitting(server: ServerRow, projectIds: readonly number[]): Promise<Map<number, InstallableVersion>>;
  projectNames(ids: readonly number[]): Promise<Map<number, { title: string }>>;
  rowsOf(server: ServerRow, projectIds: number[]): Promise<ServerContent[]>;
  contentActivity(serverId: string, actor: Actor, action: 'install' | 'update', planned: PlannedContent[]): ActivityEntry;
}

/**
 * Pinned content and previewed updates (docs/api/servers.md, "Server content"): a pinned project
 * keeps its version — "Update all" passes it by and says so, a single update is refused until it
 * is unpinned — and before updating, the panel is shown the versions in between with their
 * changelogs (the version comparison's own answer) and the required dependencies the update would
 * add (the install plan's own answer, computed without changing anything).
 */
export function createContentUpdates(internals: ContentInternals) {
  const { db, servers } = internals;
  const installedMap = async (serverId: string) => new Map((await repo.listServerContent(db, serverId)).map((r) => [r.projectId, r]));

  /** Installed rows with a newer fitting version, and that version. */
  async function outdated(server: ServerRow, rows: repo.ServerContentRow[]) {
    const newest = await internals.newestFitting(server, rows.map((r) => r.projectId));
    return rows.flatMap((row) => {
      const to = newest.get(row.projectId);
      return to && to.id !== row.versionId ? [{ row, to }] : [];
    });
  }

  async function versionNumbers(versionIds: number[]): Promise<Map<number, string>> {
    return new Map((await listInstallableVersions(db, { versionIds })).map((v) => [v.id, v.versionNumber]));
  }

  return {
    /** Pins or unpins installed content (no file changes). */
    async setPinned(actor: Actor, id: string, projectId: number, pinned: boolean): Promise<ServerContent> {
      const server = await servers.serverFor(actor, id, 'content');
      const row = await repo.findServerContent(db, server.id, projectId);
      if (!row) throw notFound('The content is not installed on this server');
      if (row.pinned !== pinned) {
        await db.transaction(async (tx) => {
          await repo.updateServerContent(tx, server.id, projectId, { pinned });
          await recordActivity(tx, { serverId: server.id, actorId: actor.userId, kind: 'content', action: pinned ? 'pin' : 'unpin', detail: row.fileName });
        });
      }
      return (await internals.rowsOf(server, [projectId]))[0]!;
    },

    /** 409 `content_pinned` for a pinned project: a single update must not move it either. */
    async requireUnpinned(serverId: string, projectId: number): Promise<void> {
      const row = await repo.findServerContent(db, serverId, projectId);
      if (row?.pinned) throw conflict('project: this content is pinned to its version; unpin it to update it', 'content_pinned');
    },

    /**
     * What updating would do: for one project (`projectId`, to `versionId` or its newest fitting
     * version, pinned or not) or every unpinned project with a newer version; pinned ones with a
     * newer version are listed apart.
     */
    async previewUpdates(actor: Actor, id: string, only?: { projectId: number; versionId?: number }): Promise<ServerContentUpdatePreview> {
      const server = await servers.visibleServer(actor, id);
      const installed = await installedMap(server.id);
      let candidates: Array<{ row: repo.ServerContentRow; toVersionId: number }>;
      let pinned: Array<{ row: repo.ServerContentRow; to: InstallableVersion }> = [];
      if (only) {
        const row = installed.get(only.projectId);
        if (!row) throw notFound('The content is not installed on this server');
        const [to] = only.versionId === undefined ? (await outdated(server, [row])).map((o) => o.to) : [undefined];
        const toVersionId = only.versionId ?? to?.id;
        candidates = toVersionId === undefined || toVersionId === row.versionId ? [] : [{ row, toVersionId }];
      } else {
        const all = await outdated(server, [...installed.values()]);
        candidates = all.filter((o) => !o.row.pinned).map((o) => ({ row: o.row, toVersionId: o.to.id }));
        pinned = all.filter((o) => o.row.pinned);
      }
      const names = await internals.projectNames([...installed.keys()]);
      const numbers = await versionNumbers([...installed.values()].map((r) => r.versionId));
      const updates: ServerContentUpdatePreview['updates'] = [];
      for (const { row, toVersionId } of candidates) {
        const planned = await internals.plan(server, installed, { projectId: row.projectId, versionId: toVersionId }, true);
        const target = planned[0]!.version;
        const diff = await internals.compare(actor, encodeBase62(row.projectId), { from: encodeBase62(row.versionId), to: encodeBase62(target.id) });
        // Versions after the installed one up to the target (a downgrade lists none).
        const between = diff.swapped ? [] : diff.versions_between;
        const depNames = await internals.projectNames(planned.slice(1).map((p) => p.version.projectId));
        updates.push({
          project_id: encodeBase62(row.projectId),
          title: names.get(row.projectId)?.title ?? row.fileName,
          from: { version_id: encodeBase62(row.versionId), version_number: numbers.get(row.versionId) ?? '' },
          to: { version_id: encodeBase62(target.id), version_number: target.versionNumber },
          versions_between: between.map((v) => ({ id: v.id, version_number: v.version_number, date_published: v.date_published, changelog: v.changelog })),
          versions_between_truncated: !diff.swapped && diff.versions_between_truncated,
          new_dependencies: planned.slice(1).map((p) => ({
            project_id: encodeBase62(p.version.projectId),
            title: depNames.get(p.version.projectId)?.title ?? p.version.file.filename,
            version_id: encodeBase62(p.version.id),
            version_number: p.version.versionNumber,
          })),
        });
      }
      return {
        updates,
        pinned: pinned.map(({ row, to }) => ({
          project_id: encodeBase62(row.projectId),
          title: names.get(row.projectId)?.title ?? row.fileName,
          version_number: numbers.get(row.versionId) ?? '',
          update_version_number: to.versionNumber,
        })),
      };
    },

    /**
     * Updates every unpinned project with a newer fitting version, one after another (each with
     * its new required dependencies, each recorded in its own transaction as a single update is);
     * pinned ones are passed by and named in the answer. A failure stops the run: what was
     * updated before it stays updated.
     */
    async updateAll(actor: Actor, id: string): Promise<ServerContentUpdateAll> {
      const { server, node } = await servers.onNode(actor, id, 'update content', 'content');
      const agent = agentClient(node);
      const initial = await installedMap(server.id);
      const all = await outdated(server, [...initial.values()]);
      const names = await internals.projectNames([...initial.keys()]);
      const numbers = await versionNumbers([...initial.values()].map((r) => r.versionId));
      const changed: number[] = [];
      for (const { row, to } of all.filter((o) => !o.row.pinned)) {
        const installed = await installedMap(server.id);
        const current = installed.get(row.projectId);
        if (!current || current.versionId === to.id) continue;
        const planned = await internals.plan(server, installed, { projectId: row.projectId, versionId: to.id }, true);
        planned[0]!.dependencyOf = current.dependencyOf;
        changed.push(...(await internals.apply(server, agent, planned, installed, internals.contentActivity(server.id, actor, 'update', planned))));
      }
      return {
        installed: await internals.rowsOf(server, [...new Set(changed)]),
        skipped_pinned: all
          .filter((o) => o.row.pinned)
          .map(({ row }) => ({ project_id: encodeBase62(row.projectId), title: names.get(row.projectId)?.title ?? row.fileName, version_number: numbers.get(row.versionId) ?? '' })),
      };
    },
  };
}
