import type { AgentBackup } from '@cairn/shared/schemas/node-agent';
import type { ServerBackup } from '@cairn/shared/schemas/servers';
import type { Database } from '../../db/client.js';
import { conflict, notFound } from '../../lib/errors.js';
import { agentClient } from './agent-client.js';
import * as repo from './servers.repository.js';

function toBackup(backup: AgentBackup, meta: repo.BackupMetaRow | undefined): ServerBackup {
  return { ...backup, name: meta?.name ?? backup.name, automated: meta?.automated ?? false, locked: meta?.locked ?? false };
}

/**
 * A server's backups: the node keeps the archives and their states; the API adds names given
 * later, the automated flag and locks (a locked backup is never deleted automatically nor by a
 * plain delete), and enforces the plan's maximum.
 */
export function serverBackups(db: Database, server: repo.ServerRow, node: repo.NodeRow) {
  const agent = agentClient(node);
  const metaOf = async () => new Map((await repo.listBackupMeta(db, server.id)).map((m) => [m.backupId, m]));

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

    async create(name: string | undefined, maxBackups: number, automated = false): Promise<ServerBackup> {
      const existing = await list();
      if (existing.length >= maxBackups) {
        throw conflict(`Failed to create backup: this plan keeps at most ${maxBackups} backups; delete one first`, 'backup_limit_reached');
      }
      if (existing.some((b) => b.state === 'queued' || b.state === 'creating' || b.state === 'restoring')) {
        throw conflict('Failed to create backup: another backup operation is in progress', 'backup_in_progress');
      }
      const created = await agent.createBackup(server.id, name);
      await repo.upsertBackupMeta(db, { serverId: server.id, backupId: created.id, automated });
      return toBackup(created, undefined);
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
  };
}
