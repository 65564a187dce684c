import type { ServerAutobackup } from '@cairn/shared/schemas/servers';
import type { Database } from '../../db/client.js';
import { subscriptionOf } from './own-node-plans.js';
import * as autoRepo from './autobackups.repository.js';
import { BACKUP_IN_PROGRESS, serverBackups } from './server-backups.js';
import { maxBackupsOf } from './server-plans.js';
import { nextAutobackupRun as nextRun, toAutobackup } from './servers.mapper.js';
import * as repo from './servers.repository.js';

/** The pg-boss queue of automatic backups (`{serverId}` for one server, `{}` for the minute sweep). */
export const SERVERS_AUTOBACKUP_JOB = 'servers.autobackup';

export async function getAutobackup(db: Database, serverId: string): Promise<ServerAutobackup> {
  return toAutobackup(await autoRepo.findAutobackup(db, serverId));
}

/** Turning the schedule on makes the first automated backup at the next sweep, then one per interval. */
export async function setAutobackup(db: Database, serverId: string, body: { enabled: boolean; interval_hours: ServerAutobackup['interval_hours'] }): Promise<ServerAutobackup> {
  const current = await autoRepo.findAutobackup(db, serverId);
  const turnedOn = body.enabled && !current?.enabled;
  const saved = await autoRepo.upsertAutobackup(db, {
    serverId,
    enabled: body.enabled,
    intervalHours: body.interval_hours,
    lastRun: turnedOn ? null : (current?.lastRun ?? null),
    lastSkipped: turnedOn ? null : (current?.lastSkipped ?? null),
    updated: new Date(),
  });
  return toAutobackup(saved);
}

/**
 * One due server: makes an automated backup, first deleting the oldest unlocked automated one when
 * the plan's slots are full. Locked and manual backups are never deleted: when they fill every
 * slot the run is skipped and the reason kept. Another backup in progress or an unreachable node
 * leaves the run due, so the next sweep tries again.
 */
async function runOne(db: Database, row: autoRepo.AutobackupRow, now: Date): Promise<void> {
  if (!(await autoRepo.claimAutobackupRun(db, row.serverId, row.lastRun, now))) return;
  // A skipped run that should be tried again at the next sweep gives its claim back.
  const skip = (reason: string, advance: boolean) =>
    autoRepo.updateAutobackup(db, row.serverId, { lastSkipped: reason, ...(advance ? {} : { lastRun: row.lastRun }) });
  const server = await repo.findServer(db, row.serverId);
  const node = server?.nodeId == null ? undefined : await repo.findNode(db, server.nodeId);
  if (!server || !node || server.status !== 'available') return skip('The server is not ready', true);
  const sub = await subscriptionOf(db, server);
  const maxBackups = sub ? maxBackupsOf(sub.plan) : 0;
  const backups = serverBackups(db, server, node);
  try {
    const existing = await backups.list();
    if (existing.some((b) => b.state !== 'ready' && b.state !== 'failed')) return skip(BACKUP_IN_PROGRESS, false);
    if (existing.length >= maxBackups) {
      const oldest = existing
        .filter((b) => b.automated && !b.locked)
        .sort((a, b) => a.created.localeCompare(b.created))[0];
      if (!oldest) return skip(`All ${maxBackups} of your backup slots are in use by locked or manual backups`, true);
      await backups.remove(oldest.id);
    }
    const name = `Automated backup ${now.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    await backups.create(name, maxBackups, true);
    await autoRepo.updateAutobackup(db, row.serverId, { lastSkipped: null });
  } catch (error) {
    await skip(`Failed to create backup: ${(error as Error).message}`, false);
  }
}

/** Every enabled schedule that is due (or just `serverId`'s). */
export async function runDueAutobackups(db: Database, options: { serverId?: string; now?: Date } = {}): Promise<void> {
  const now = options.now ?? new Date();
  const rows = await autoRepo.listEnabledAutobackups(db);
  for (const row of rows) {
    if (options.serverId && row.serverId !== options.serverId) continue;
    if (nextRun(row, now) > now) continue;
    await runOne(db, row, now);
  }
}
