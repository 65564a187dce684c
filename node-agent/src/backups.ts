import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import * as tar from 'tar';
import type { AgentBackup } from '@cairn/shared/schemas/node-agent';
import { AgentError, conflict, notFound } from './errors.js';
import { extractSafely } from './files.js';
import type { ManagedServer, ServerManager } from './server-manager.js';

// Spec §8 wording.
const CREATE_FAILED = 'Failed to create backup';
const RESTORE_FAILED = 'Failed to restore from backup';

const IN_PROGRESS = new Set<AgentBackup['state']>(['queued', 'creating', 'restoring']);

/**
 * Backups of a server folder as .tar.gz files under <data>/backups/<server>/, with an index.json
 * of their states. One backup operation per server at a time; sizes count against the quota.
 */
export class Backups {
  private readonly locks = new Map<string, Promise<void>>();

  constructor(private readonly manager: ServerManager) {}

  private indexFile(server: ManagedServer) {
    return path.join(server.backupFolder, 'index.json');
  }

  archiveFile(server: ManagedServer, backupId: string) {
    return path.join(server.backupFolder, `${backupId}.tar.gz`);
  }

  async list(server: ManagedServer): Promise<AgentBackup[]> {
    try {
      return JSON.parse(await fs.readFile(this.indexFile(server), 'utf8')) as AgentBackup[];
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }

  async get(server: ManagedServer, backupId: string): Promise<AgentBackup> {
    const backup = (await this.list(server)).find((b) => b.id === backupId);
    if (!backup) throw notFound('backup');
    return backup;
  }

  /** Read-modify-write of the index, serialised per server. */
  private async update(server: ManagedServer, change: (backups: AgentBackup[]) => AgentBackup[]): Promise<AgentBackup[]> {
    const previous = this.locks.get(server.record.id) ?? Promise.resolve();
    let result: AgentBackup[] = [];
    const next = previous.then(async () => {
      result = change(await this.list(server));
      await fs.mkdir(server.backupFolder, { recursive: true });
      const temp = `${this.indexFile(server)}.tmp`;
      await fs.writeFile(temp, JSON.stringify(result, null, 2));
      await fs.rename(temp, this.indexFile(server));
    });
    this.locks.set(server.record.id, next.catch(() => undefined));
    await next;
    return result;
  }

  private async setState(server: ManagedServer, id: string, patch: Partial<AgentBackup>): Promise<void> {
    await this.update(server, (all) => all.map((b) => (b.id === id ? { ...b, ...patch } : b)));
  }

  /** Queues a backup and runs it in the background; 409 while another one is in progress. */
  async create(server: ManagedServer, name: string | undefined): Promise<AgentBackup> {
    const id = randomBytes(6).toString('hex');
    const backup: AgentBackup = {
      id,
      name: name ?? new Date().toISOString().replace('T', ' ').slice(0, 19),
      state: 'queued',
      size: 0,
      created: new Date().toISOString(),
      error: null,
    };
    let busy = false;
    await this.update(server, (all) => {
      busy = all.some((b) => IN_PROGRESS.has(b.state));
      return busy ? all : [...all, backup];
    });
    if (busy) throw conflict('backup: another backup operation is in progress on this server');
    void this.run(server, backup);
    return backup;
  }

  private async run(server: ManagedServer, backup: AgentBackup): Promise<void> {
    const file = this.archiveFile(server, backup.id);
    try {
      await this.setState(server, backup.id, { state: 'creating' });
      // flying-squid and Java servers write chunks lazily: flush before reading the folder.
      await server.process.save();
      await tar.c({ gzip: true, cwd: server.folder, file, portable: true }, ['.']);
      const size = (await fs.stat(file)).size;
      const used = await this.manager.storageUsed(server);
      if (used > this.manager.storageLimit(server)) {
        await fs.rm(file, { force: true });
        await this.setState(server, backup.id, { state: 'failed', error: `${CREATE_FAILED}: the storage quota is full` });
        return;
      }
      await this.setState(server, backup.id, { state: 'ready', size });
    } catch (error) {
      await fs.rm(file, { force: true });
      await this.setState(server, backup.id, { state: 'failed', error: `${CREATE_FAILED}: ${(error as Error).message}` });
    }
  }

  /** Stops the server, replaces its folder with the backup and starts it again if it was running. */
  async restore(server: ManagedServer, backupId: string): Promise<AgentBackup> {
    const backup = await this.get(server, backupId);
    if (backup.state !== 'ready') throw conflict('backup: only a ready backup can be restored');
    if ((await this.list(server)).some((b) => IN_PROGRESS.has(b.state))) {
      throw conflict('backup: another backup operation is in progress on this server');
    }
    if (server.busy) throw conflict(`state: the server is busy (${server.busy})`);
    server.busy = 'restoring';
    await this.setState(server, backupId, { state: 'restoring', error: null });
    void this.runRestore(server, backupId).finally(() => {
      server.busy = undefined;
    });
    return { ...backup, state: 'restoring' };
  }

  private async runRestore(server: ManagedServer, backupId: string): Promise<void> {
    const wasRunning = server.process.state === 'running' || server.process.state === 'starting';
    try {
      await server.process.stop();
      server.process.log('agent', 'Restoring a backup');
      const entries = await fs.readdir(server.folder);
      await Promise.all(entries.map((entry) => fs.rm(path.join(server.folder, entry), { recursive: true, force: true })));
      await extractSafely(this.archiveFile(server, backupId), server.folder, Number.MAX_SAFE_INTEGER);
      await this.setState(server, backupId, { state: 'ready' });
      server.process.log('agent', 'Backup restored');
    } catch (error) {
      await this.setState(server, backupId, { state: 'ready', error: `${RESTORE_FAILED}: ${(error as Error).message}` });
      server.process.log('agent', RESTORE_FAILED);
    }
    server.busy = undefined;
    if (wasRunning) await Promise.resolve().then(() => this.manager.power(server.record.id, 'start')).catch(() => undefined);
  }

  async delete(server: ManagedServer, backupId: string): Promise<void> {
    const backup = await this.get(server, backupId);
    if (IN_PROGRESS.has(backup.state)) throw conflict('backup: cannot delete a backup while it is in progress');
    await this.update(server, (all) => all.filter((b) => b.id !== backupId));
    await fs.rm(this.archiveFile(server, backupId), { force: true });
  }

  async openDownload(server: ManagedServer, backupId: string) {
    const backup = await this.get(server, backupId);
    if (backup.state !== 'ready') throw new AgentError(409, 'conflict', 'backup: not ready for download');
    return { stream: createReadStream(this.archiveFile(server, backupId)), size: backup.size, name: `${backup.id}.tar.gz` };
  }

  /** After an agent crash: work that was in flight can never finish, so it is marked failed. */
  async recover(server: ManagedServer): Promise<void> {
    const all = await this.list(server);
    if (!all.some((b) => IN_PROGRESS.has(b.state))) return;
    await this.update(server, (list) =>
      list.map((b) =>
        b.state === 'queued' || b.state === 'creating'
          ? { ...b, state: 'failed', error: `${CREATE_FAILED}: the node agent restarted` }
          : b.state === 'restoring'
            ? { ...b, state: 'ready', error: `${RESTORE_FAILED}: the node agent restarted` }
            : b,
      ),
    );
  }
}
