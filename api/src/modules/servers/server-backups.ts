import type { AgentBackup } from '@cairn/shared/schemas/node-agent';
import type { ServerBackup } from '@cairn/shared/schemas/servers';
import type { Database } from '../../db/client.js';
import { ApiError, conflict, notFound } from '../../lib/errors.js';
import { agentClient } from './agent-client.js';
import { countManualBackupsSince } from './autobackups.repository.js';
import { DOWNLOAD_LINK_TTL_SECONDS, signDownloadLink } from './download-links.js';
import { nodeAddresses } from './node-registry.js';
import * as repo from './servers.repository.js';

// Spec §8 and the panel's wording.
export const BACKUP_IN_PROGRESS = 'A backup is already in progress';
const TOO_FAST = "You're creating backups too fast.";
/** Manual backups a server may start per window before "too fast". */
const BURST = { count: 8, windowMs: 10 * 60_000 };

const IN_PROGRESS = new Set<ServerBackup['state']>(['queued', 'creating', 'restoring', 'preparing_download']);

/**
 * A server's backups: the node keeps the archives and their states; the API adds names given
 * later, the automated flag and locks (a locked backup is never deleted automatically nor by a
 * plain delete), enforces the plan's maximum and the creation rate, and signs download links.
 */
export function serverBackups(db: Database, server: repo.ServerRow, node: repo.NodeRow) {
  const agent = agentClient(node);
  const linkNode = { publicUrl: nodeAddresses(node).publicUrl, token: node.token };
  const metaOf = async () => new Map((await repo.listBackupMeta(db, server.id)).map((m) => [m.backupId, m]));

  function toBackup(backup: AgentBackup, meta: repo.BackupMetaRow | undefined): ServerBackup {
    const { download_ready: ready, ...rest } = backup;
    const expires = ready ? new Date(Date.now() + DOWNLOAD_LINK_TTL_SECONDS * 1000) : null;
    return {
      ...rest,
      name: meta?.name ?? backup.name,
      automated: meta?.automated ?? false,
      locked: meta?.locked ?? false,
      download_url: expires ? signDownloadLink(linkNode, server.id, backup.id, expires) : null,
      download_expires: expires?.toISOString() ?? null,
    };
  }

  async function list(): Promise<ServerBackup[]> {
    const [{ backups }, meta] = await Promise.all([agent.backups(server.id), metaOf()]);
    return backups.map((b) => toBackup(b, meta.get(b.id)));
  }

  async function find(backupId: string): Promise<ServerBackup> {
    const found = (await list()).find((b) => b.id === backupId);
    if (!found) throw notFound('The backup does not exist');
    return found;
  }

  return {
    list,
    find,

    async create(name: string | undefined, maxBackups: number, automated = false): Promise<ServerBackup> {
      const existing = await list();
      if (existing.some((b) => IN_PROGRESS.has(b.state))) throw conflict(BACKUP_IN_PROGRESS, 'backup_in_progress');
      if (existing.length >= maxBackups) {
        throw conflict(`Failed to create backup: all ${maxBackups} of your backup slots are in use; delete one first`, 'backup_limit_reached');
      }
      if (!automated && (await countManualBackupsSince(db, server.id, new Date(Date.now() - BURST.windowMs))) >= BURST.count) {
        throw new ApiError(429, 'ratelimit_error', TOO_FAST);
      }
      const created = await agent.createBackup(server.id, name ?? `Backup #${existing.length + 1}`);
      await repo.upsertBackupMeta(db, { serverId: server.id, backupId: created.id, automated });
      return toBackup(created, { serverId: server.id, backupId: created.id, automated, locked: false, name: null, created: new Date() });
    },

    async edit(backupId: string, changes: { name?: string; locked?: boolean }): Promise<ServerBackup> {
      const backup = await find(backupId);
      await repo.upsertBackupMeta(db, { serverId: server.id, backupId, automated: backup.automated, locked: changes.locked ?? backup.locked, name: changes.name ?? backup.name });
      return { ...backup, name: changes.name ?? backup.name, locked: changes.locked ?? backup.locked };
    },

    async restore(backupId: string): Promise<void> {
      const backup = await find(backupId);
      if (backup.state !== 'ready') throw conflict(`Failed to restore from backup: it is ${backup.state}, not ready`, 'backup_not_ready');
      await agent.restoreBackup(server.id, backupId);
    },

    async remove(backupId: string): Promise<void> {
      const backup = await find(backupId);
      if (backup.locked) throw conflict('The backup is locked; unlock it before deleting it', 'backup_locked');
      await agent.deleteBackup(server.id, backupId);
      await repo.deleteBackupMeta(db, server.id, backupId);
    },

    /** Builds a download archive on the node; `download_url` appears once it is ready. */
    async prepareDownload(backupId: string): Promise<ServerBackup> {
      const meta = (await metaOf()).get(backupId);
      return toBackup(await agent.prepareBackupDownload(server.id, backupId), meta);
    },

    /** Stops creating (the backup is dropped) or preparing a download (the backup stays). */
    async cancel(backupId: string): Promise<void> {
      await find(backupId);
      await agent.cancelBackup(server.id, backupId);
      const still = (await agent.backups(server.id)).backups.some((b) => b.id === backupId);
      if (!still) await repo.deleteBackupMeta(db, server.id, backupId);
    },

    async retry(backupId: string): Promise<ServerBackup> {
      const meta = (await metaOf()).get(backupId);
      return toBackup(await agent.retryBackup(server.id, backupId), meta);
    },
  };
}

export type ServerBackups = ReturnType<typeof serverBackups>;
